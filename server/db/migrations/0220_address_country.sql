-- Addresses in every country: each saved address, checkout and order names its country (ISO 3166-1 alpha-2).
-- Everything written before is in India.
ALTER TABLE "addresses" ADD COLUMN "country" text DEFAULT 'IN' NOT NULL;
--> statement-breakpoint
UPDATE "orders" SET "shippinginfo" = jsonb_set("shippinginfo", '{country}', '"IN"') WHERE jsonb_typeof("shippinginfo") = 'object' AND NOT ("shippinginfo" ? 'country');
--> statement-breakpoint
UPDATE "checkouts" SET "shippinginfo" = jsonb_set("shippinginfo", '{country}', '"IN"') WHERE "shippinginfo" IS NOT NULL AND jsonb_typeof("shippinginfo") = 'object' AND NOT ("shippinginfo" ? 'country');
