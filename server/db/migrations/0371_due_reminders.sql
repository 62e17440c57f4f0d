-- Reminders of what is due on a credit order: each kind (3 days before the due date, on it, 7 days after) is sent once
-- per order. A credit order's Razorpay Payment Link: one per order, reused by every reminder, made again only when the
-- amount due changed.
CREATE TABLE "due_reminders" (
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "due_reminders_pkey" PRIMARY KEY ("order_id", "kind"),
  CONSTRAINT "due_reminders_kind_check" CHECK ("kind" IN ('before', 'on', 'after'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_link_id" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_link_url" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_link_paise" bigint;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_links_made" integer DEFAULT 0 NOT NULL;
