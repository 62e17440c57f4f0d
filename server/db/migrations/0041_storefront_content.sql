-- Storefront content the merchant edits from the back-office: the home page's hero slides, promo banners,
-- category tiles and FAQ, each list in its own order (position).
CREATE TABLE "storefront_slides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"image" text NOT NULL,
	"kicker" text DEFAULT '' NOT NULL,
	"heading" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"cta" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"image" text NOT NULL,
	"heading" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"cta" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"sale_id" uuid REFERENCES "sales"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_tiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"image" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_faq" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
