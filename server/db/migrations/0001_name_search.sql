-- Trigram index for product name search (works on PGlite and PostgreSQL).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);
