-- A shop without a GSTIN is not registered for GST: what it issues at payment is a bill of supply (no tax), numbered
-- in a series of its own (BS/<yy-yy>/000001). Each kind of document counts from 1 in every financial year.
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'tax-invoice' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("kind" in ('tax-invoice', 'bill-of-supply'));
--> statement-breakpoint
DROP INDEX "invoices_fy_seq_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_fy_seq_key" ON "invoices" USING btree ("kind","fy","seq");
