-- A refund of a bill of supply (issued while the shop had no GSTIN) gets a note in a series of its own,
-- BCN/<yy-yy>/000001, so the GST credit notes (CN) the GSTR-1 lists as a range of numbers have no gaps.
-- Notes already issued keep their numbers: they stay in the CN series.
ALTER TABLE "credit_notes" ADD COLUMN "series" text DEFAULT 'CN' NOT NULL;
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_series_check" CHECK ("series" in ('CN', 'BCN'));
--> statement-breakpoint
DROP INDEX "credit_notes_fy_seq_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_series_fy_seq_key" ON "credit_notes" USING btree ("series","fy","seq");
