-- A refund voucher (GST: rule 51): an advance paid back for an order whose made-to-order piece was cancelled before
-- its tax invoice, issued in the refund's processing transaction against the order's receipt vouchers, numbered in its
-- own series RF/<yy-yy>/000001 from the counter row `RF`. Its lines are the receipt vouchers' lines, each its share of
-- the amount paid back, with the rate and the tax inside. One per refund.
CREATE TABLE "refund_vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_key" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"number" text NOT NULL,
	"fy" text NOT NULL,
	"seq" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"taxed" boolean NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"place_of_supply" text NOT NULL,
	"intra_state" boolean NOT NULL,
	"lines" jsonb NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"export" jsonb,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"pdf" bytea,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_vouchers_number_length_check" CHECK (length("number") <= 16),
	CONSTRAINT "refund_vouchers_parts_check" CHECK ("taxable_paise" + "cgst_paise" + "sgst_paise" + "igst_paise" = "total_paise")
);
--> statement-breakpoint
ALTER TABLE "refund_vouchers" ADD CONSTRAINT "refund_vouchers_refund_key_refunds_id_fk" FOREIGN KEY ("refund_key") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refund_vouchers" ADD CONSTRAINT "refund_vouchers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "refund_vouchers_refund_key" ON "refund_vouchers" USING btree ("refund_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "refund_vouchers_number_key" ON "refund_vouchers" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "refund_vouchers_fy_seq_key" ON "refund_vouchers" USING btree ("fy","seq");
--> statement-breakpoint
CREATE INDEX "refund_vouchers_order_idx" ON "refund_vouchers" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "refund_vouchers_issued_idx" ON "refund_vouchers" USING btree ("issued_at");
--> statement-breakpoint
CREATE INDEX "receipt_vouchers_issued_idx" ON "receipt_vouchers" USING btree ("issued_at");
