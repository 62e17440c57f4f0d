-- Loose coloured stones (HSN 7103) are taxed at 0.25%, not 3%, since 1 October 2019. A category still carrying the
-- shop's earlier default (7103 at 3%, written by migration 0030 or the demo seed, never by the admin) moves to 0.25%;
-- a rate the admin chose is kept. Rows the Tax screen wrote carry the server's clock in whole milliseconds, rows the
-- database wrote its own now() in microseconds: the former are the admin's.
ALTER TABLE "category_tax" ADD COLUMN "chosen_by_admin" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "category_tax" SET "chosen_by_admin" = true WHERE date_trunc('milliseconds', "updated_at") = "updated_at";
--> statement-breakpoint
UPDATE "category_tax" SET "gst_rate_bp" = 25 WHERE "hsn" = '7103' AND "gst_rate_bp" = 300 AND NOT "chosen_by_admin";
