-- Product name search reads the trigram index on every storefront search; writes are rare. Without the
-- GIN pending list, new products are searchable through the index at once, with no vacuum needed (the
-- embedded database has no autovacuum).
ALTER INDEX "products_name_trgm_idx" SET (fastupdate = off);
