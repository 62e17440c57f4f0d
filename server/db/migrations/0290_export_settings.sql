-- Exports: the shop's Importer-Exporter Code (10 characters, "" until given) and its Letter of Undertaking for the
-- financial year ({arn, validfrom, validto} as YYYY-MM-DD, or none), printed on export invoices.
ALTER TABLE "shop_settings" ADD COLUMN "iec" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "lut" jsonb;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_iec_check" CHECK ("iec" ~ '^([A-Z0-9]{10})?$');
