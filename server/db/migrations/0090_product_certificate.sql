-- A stone's lab report as fields: the lab (contract/gems.ts CERTIFICATE_LABS), the report number and the uploaded
-- report (a PDF or a picture, by its media URL). The free-text "certification" stays as it was.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "certificate_lab" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "certificate_number" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "certificate_file" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_certificate_lab_check";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_certificate_lab_check" CHECK ("certificate_lab" in ('', 'gia', 'igi', 'gii', 'grs', 'ssef', 'gubelin', 'other'));
