-- Header search suggestions: the nearest product names to a query by trigram word distance (`<<->`), read in
-- order from this index and stopped after a few (a GiST index answers nearest-first; the GIN index of
-- 0001_name_search keeps serving the listing's `like` search).
CREATE INDEX IF NOT EXISTS "products_name_trgm_gist_idx" ON "products" USING gist (lower("name") gist_trgm_ops);
