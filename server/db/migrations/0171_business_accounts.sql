-- Trade buyers. A price group: a percentage off list prices, volume tiers by a line's quantity
-- ([{minquantity, percentoff}]) and the categories it covers (none listed = every category).
CREATE TABLE IF NOT EXISTS "price_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percentoff" integer DEFAULT 0 NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_groups_percentoff_check" CHECK ("percentoff" BETWEEN 0 AND 60)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "price_groups_name_key" ON "price_groups" USING btree (lower("name"));
--> statement-breakpoint
-- A user's business profile (one per user; a rejected or suspended business applies again on the same row).
-- Trade prices are for an approved one only.
CREATE TABLE IF NOT EXISTS "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"status" text DEFAULT 'pending' NOT NULL,
	"legalname" text NOT NULL,
	"tradename" text DEFAULT '' NOT NULL,
	"gstin" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"price_group_id" uuid REFERENCES "price_groups"("id") ON DELETE restrict,
	"credit_days" integer DEFAULT 0 NOT NULL,
	"credit_limit_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_status_check" CHECK ("status" in ('pending','approved','rejected','suspended')),
	CONSTRAINT "businesses_credit_days_check" CHECK ("credit_days" in (0,7,15,30,45,60)),
	CONSTRAINT "businesses_credit_limit_check" CHECK ("credit_limit_paise" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "businesses_user_key" ON "businesses" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "businesses_gstin_key" ON "businesses" USING btree ("gstin");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_status_created_idx" ON "businesses" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_price_group_idx" ON "businesses" USING btree ("price_group_id");
