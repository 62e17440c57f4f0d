-- A receipt voucher for each payment received on a credit order before its made-to-order piece is ready (the order
-- is invoiced at ready): the voucher names the payment it acknowledges. An order paid in full at checkout keeps its
-- one voucher with no payment named.
ALTER TABLE "receipt_vouchers" ADD COLUMN "payment_id" uuid;
--> statement-breakpoint
ALTER TABLE "receipt_vouchers" ADD CONSTRAINT "receipt_vouchers_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "receipt_vouchers_order_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_vouchers_order_key" ON "receipt_vouchers" USING btree ("order_id") WHERE "payment_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_vouchers_payment_key" ON "receipt_vouchers" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "receipt_vouchers_order_idx" ON "receipt_vouchers" USING btree ("order_id");
