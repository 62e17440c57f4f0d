-- A buyer's say over their data and the shop's grievance officer.
-- Marketing consent: off until the buyer turns it on; every change is kept with its time (consent_log), so the
-- shop can show when a buyer agreed or withdrew. An erased account keeps its row (orders and invoices point at
-- it) with erased_at set and its personal details blanked.
ALTER TABLE "users" ADD COLUMN "marketing" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "consent_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"marketing" boolean NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consent_log_user_idx" ON "consent_log" ("user_id", "created_at");
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer" jsonb DEFAULT '{"name":"","designation":"","email":"","phone":""}'::jsonb NOT NULL;
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
	"name" text NOT NULL,
	"mobileno" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"acknowledge_by" timestamp with time zone NOT NULL,
	"resolve_by" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grievances_status_check" CHECK ("status" in ('open', 'resolved'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "grievances_number_key" ON "grievances" ("number");
--> statement-breakpoint
CREATE INDEX "grievances_user_idx" ON "grievances" ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "grievances_status_idx" ON "grievances" ("status", "resolve_by");
--> statement-breakpoint
CREATE TABLE "grievance_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grievance_id" uuid NOT NULL REFERENCES "grievances"("id") ON DELETE CASCADE,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "grievance_replies_grievance_idx" ON "grievance_replies" ("grievance_id", "created_at");
