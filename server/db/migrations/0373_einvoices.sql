-- E-invoices (IRN): the seller's town and PIN code (the IRP needs them) and the switch that turns registration on;
-- one row per invoice or credit note that must be registered with the IRP, with what the IRP answered.
ALTER TABLE "shop_settings" ADD COLUMN "einvoice" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "city" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "pincode" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_pincode_check" CHECK ("pincode" ~ '^([1-9][0-9]{5})?$');
--> statement-breakpoint
CREATE TABLE "einvoices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  "number" text NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE RESTRICT,
  "invoice_id" uuid NOT NULL REFERENCES "invoices"("id") ON DELETE RESTRICT,
  "credit_note_id" uuid REFERENCES "credit_notes"("id") ON DELETE RESTRICT,
  "status" text DEFAULT 'pending' NOT NULL,
  "irn" text,
  "ack_no" text,
  "ack_date" timestamp with time zone,
  "signed_qr" text,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "give_up_at" timestamp with time zone NOT NULL,
  "last_error" text DEFAULT '' NOT NULL,
  "cancelled_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "einvoices_kind_check" CHECK ("kind" IN ('INV', 'CRN')),
  CONSTRAINT "einvoices_status_check" CHECK ("status" IN ('pending', 'registered', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "einvoices_number_key" ON "einvoices" ("kind", "number");
--> statement-breakpoint
CREATE INDEX "einvoices_due_idx" ON "einvoices" ("status", "next_attempt_at");
--> statement-breakpoint
CREATE INDEX "einvoices_order_idx" ON "einvoices" ("order_id");
