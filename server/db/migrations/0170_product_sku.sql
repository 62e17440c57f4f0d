-- A product's stock-keeping unit: optional, 1–32 of A–Z 0–9 and -, unique when set (nulls do not collide).
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "sku" text;
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_sku_check";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_check" CHECK ("sku" ~ '^[A-Z0-9-]{1,32}$');
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "products_sku_key" ON "products" ("sku");
