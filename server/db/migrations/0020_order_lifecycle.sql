-- Order lifecycle: closed order states, a timeline of every change, refunds of any amount, shipments and returns.
ALTER TABLE "orders" ADD COLUMN "paid_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_taken" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipment_carrier" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipment_tracking_number" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipment_tracking_url" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;
--> statement-breakpoint
-- What was paid: the whole total for a paid order (a payment of the wrong amount was refunded in full).
UPDATE "orders" SET "paid_paise" = "total_paise" WHERE "paymentstatus" IN ('Paid', 'Refunded') OR "refund_status" <> 'none';
--> statement-breakpoint
-- A payment that came after the stock was gone, or for the wrong amount, never took units off the shelf.
UPDATE "orders" SET "stock_taken" = false WHERE "flag" IN ('stock_unavailable', 'amount_mismatch');
--> statement-breakpoint
UPDATE "orders" SET "delivered_at" = "updated_at" WHERE "deliverystatus" = 'delivered';
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paymentstatus_check" CHECK ("paymentstatus" IN ('Paid', 'Pending', 'Failed', 'Refunded', 'Partially refunded'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deliverystatus_check" CHECK ("deliverystatus" IN ('pending', 'confirmed', 'shipped', 'delivered', 'returned', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_flag_check" CHECK ("flag" IS NULL OR "flag" IN ('stock_unavailable', 'amount_mismatch', 'shipping_missing'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_status_check" CHECK ("refund_status" IN ('none', 'pending', 'processed', 'failed'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_check" CHECK ("paid_paise" >= 0);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "restocked" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_restocked_check" CHECK ("restocked" >= 0 AND "restocked" <= "quantity");
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_events_type_check" CHECK ("type" IN ('placed', 'paid', 'confirmed', 'shipped', 'delivered', 'status', 'cancelled', 'refund_requested', 'refund_processed', 'refund_failed', 'return_requested', 'return_approved', 'return_rejected', 'return_received', 'flagged', 'note')),
	CONSTRAINT "order_events_actor_check" CHECK ("actor" IN ('customer', 'admin', 'system'))
);
--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id", "at", "id");
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"whole_payment" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"restock" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"failure" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("amount_paise" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("status" IN ('pending', 'processed', 'failed')),
	CONSTRAINT "refunds_actor_check" CHECK ("actor" IN ('customer', 'admin', 'system'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider_refund_id");
--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id", "created_at");
--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("status", "updated_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_status_check" CHECK ("status" IN ('requested', 'approved', 'rejected', 'received'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_order_key" ON "return_requests" USING btree ("order_id");
--> statement-breakpoint
-- Refunds made before this table existed: the automatic full refunds of unfulfillable payments.
INSERT INTO "refunds" ("order_id", "amount_paise", "status", "provider_refund_id", "idempotency_key", "whole_payment", "reason", "actor", "created_at", "updated_at", "processed_at")
SELECT "id", GREATEST("paid_paise", 1), "refund_status", "refund_id", 'refund-' || "id"::text, true,
	CASE "flag" WHEN 'stock_unavailable' THEN 'Paid after the stock was gone' WHEN 'amount_mismatch' THEN 'Payment not for the order total' ELSE 'Refund' END,
	'system', "created_at", "updated_at", CASE WHEN "refund_status" = 'processed' THEN "updated_at" END
FROM "orders" WHERE "refund_status" IN ('pending', 'processed', 'failed');
--> statement-breakpoint
-- The timeline of existing orders, as far as their rows tell it.
INSERT INTO "order_events" ("order_id", "at", "type", "actor", "note")
SELECT "id", "created_at", 'placed', 'system', '' FROM "orders";
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "at", "type", "actor", "note")
SELECT "id", "created_at", 'paid', 'system', 'Payment ' || "razorpay_payment_id" FROM "orders" WHERE "paymentstatus" IN ('Paid', 'Refunded') AND "flag" IS DISTINCT FROM 'amount_mismatch';
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "at", "type", "actor", "note")
SELECT "id", "created_at", 'flagged', 'system', "flag" FROM "orders" WHERE "flag" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "at", "type", "actor", "note")
SELECT "order_id", "created_at", 'refund_requested', 'system', "reason" FROM "refunds";
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "at", "type", "actor", "note")
SELECT "order_id", "updated_at", CASE "status" WHEN 'processed' THEN 'refund_processed' ELSE 'refund_failed' END, 'system', "reason" FROM "refunds" WHERE "status" IN ('processed', 'failed');
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "at", "type", "actor", "note")
SELECT "id", "updated_at", 'status', 'admin', 'Delivery status: ' || "deliverystatus" FROM "orders" WHERE "deliverystatus" <> 'pending';
