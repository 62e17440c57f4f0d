-- A credit note names its refund by the refund's id (server/features/gst/documents.ts): make that a real reference, so a
-- note can never point at a refund that does not exist and a refund with a credit note can never be deleted (the
-- refund's order is already kept by credit_notes.order_id). Every key written so far is a refund id, so the cast holds.
ALTER TABLE "credit_notes" ALTER COLUMN "refund_key" TYPE uuid USING "refund_key"::uuid;
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_key_refunds_id_fk" FOREIGN KEY ("refund_key") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;
