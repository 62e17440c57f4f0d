-- A receipt voucher for an advance: an order paid before its made-to-order piece is made has no tax invoice until
-- the piece is ready, so the payment is acknowledged at once by a receipt voucher (GST: section 31(3)(d), rule 50),
-- numbered in its own series RV/<yy-yy>/000001 from the counter row `RV`. The tax invoice issued later adjusts it.
CREATE TABLE "receipt_vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
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
	CONSTRAINT "receipt_vouchers_number_length_check" CHECK (length("number") <= 16),
	CONSTRAINT "receipt_vouchers_parts_check" CHECK ("taxable_paise" + "cgst_paise" + "sgst_paise" + "igst_paise" = "total_paise")
);
--> statement-breakpoint
ALTER TABLE "receipt_vouchers" ADD CONSTRAINT "receipt_vouchers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_vouchers_order_key" ON "receipt_vouchers" USING btree ("order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_vouchers_number_key" ON "receipt_vouchers" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_vouchers_fy_seq_key" ON "receipt_vouchers" USING btree ("fy","seq");
