-- The shop's settings (one row) and the HSN code and GST rate of each category.
CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"shopname" text NOT NULL,
	"legalname" text NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"invoiceprefix" text DEFAULT 'RG' NOT NULL,
	"supportphone" text NOT NULL,
	"supportemail" text NOT NULL,
	"freeshipping_above_paise" bigint DEFAULT 15000000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_single_row" CHECK ("id" = 1),
	CONSTRAINT "shop_settings_prefix_check" CHECK ("invoiceprefix" ~ '^[A-Z]{1,6}$'),
	CONSTRAINT "shop_settings_freeshipping_check" CHECK ("freeshipping_above_paise" >= 0)
);
--> statement-breakpoint
INSERT INTO "shop_settings" ("id", "shopname", "legalname", "address", "state", "supportphone", "supportemail")
VALUES (1, 'Ratna Gems', 'Ratna Gems', '2nd Floor, Ghumar Mandi Road, Ludhiana, Punjab 141001, India', 'Punjab',
	'+91 98765 43210', 'support@ratnagems.in')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE TABLE "category_tax" (
	"category_id" uuid PRIMARY KEY NOT NULL,
	"hsn" text NOT NULL,
	"gst_rate_bp" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_tax_hsn_check" CHECK ("hsn" ~ '^[0-9]{4,8}$'),
	CONSTRAINT "category_tax_rate_check" CHECK ("gst_rate_bp" >= 0 AND "gst_rate_bp" <= 2800)
);
--> statement-breakpoint
ALTER TABLE "category_tax" ADD CONSTRAINT "category_tax_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "category_tax" ("category_id", "hsn", "gst_rate_bp")
SELECT "id", CASE lower("name") WHEN 'pearls' THEN '7101' WHEN 'jewellery' THEN '7113' ELSE '7103' END, 300
FROM "categories" WHERE lower("name") IN ('gemstones', 'pearls', 'jewellery')
ON CONFLICT ("category_id") DO NOTHING;
