-- Sales: a percentage off a category, a subcategory or chosen products between two instants.
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percentoff" integer NOT NULL,
	"category_id" uuid REFERENCES "categories"("id") ON DELETE cascade,
	"subcategory_id" uuid REFERENCES "subcategories"("id") ON DELETE cascade,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_percentoff_check" CHECK ("percentoff" between 1 and 90),
	CONSTRAINT "sales_window_check" CHECK ("ends_at" > "starts_at"),
	CONSTRAINT "sales_target_check" CHECK (
		(("category_id" is not null)::int + ("subcategory_id" is not null)::int + (cardinality("product_ids") > 0)::int) = 1
	)
);
--> statement-breakpoint
CREATE INDEX "sales_window_idx" ON "sales" ("ends_at", "starts_at");
--> statement-breakpoint
-- Coupons: a percentage or a fixed amount off an order, with limits; a use counts when its order is paid.
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percentoff" integer,
	"amountoff_paise" bigint,
	"minorder_paise" bigint DEFAULT 0 NOT NULL,
	"maxuses" integer,
	"peruser" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind_check" CHECK (("percentoff" is null) <> ("amountoff_paise" is null)),
	CONSTRAINT "coupons_percentoff_check" CHECK ("percentoff" is null or "percentoff" between 1 and 100),
	CONSTRAINT "coupons_amountoff_check" CHECK ("amountoff_paise" is null or "amountoff_paise" > 0),
	CONSTRAINT "coupons_limits_check" CHECK ("minorder_paise" >= 0 and ("maxuses" is null or "maxuses" >= 1) and ("peruser" is null or "peruser" >= 1) and "uses" >= 0),
	CONSTRAINT "coupons_window_check" CHECK ("ends_at" > "starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" ("code");
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "coupon_id" uuid REFERENCES "coupons"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "coupon_code" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "checkouts_coupon_idx" ON "checkouts" ("coupon_id", "status", "hold_expires_at");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" uuid REFERENCES "coupons"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" ("coupon_id", "user_id");
--> statement-breakpoint
-- Null on lines written before sales existed (and by anything that does not know of sales): the list price is then the price paid.
ALTER TABLE "order_items" ADD COLUMN "list_price_paise" bigint;
--> statement-breakpoint
-- A payment that came after its checkout ended, when its coupon was used up meanwhile: recorded, flagged and refunded.
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_flag_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_flag_check" CHECK ("flag" IS NULL OR "flag" IN ('stock_unavailable', 'amount_mismatch', 'shipping_missing', 'coupon_unavailable'));
