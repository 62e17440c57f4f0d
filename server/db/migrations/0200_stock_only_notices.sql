-- A write that changed only products' stock (a checkout's hold taken or given back) announces the products it
-- changed, `product_stock:<id>,<id>…`, instead of the table's name: each server then drops only the answers that
-- show those products (server/http/catalogue-feed.ts), so a flood of checkouts does not empty every server's
-- cache of listings. Any other change to a product (its units sold included: best sellers are ranked by them),
-- or a statement changing more products than one notice can name, announces `products` as before (0073).
CREATE OR REPLACE FUNCTION products_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids text;
BEGIN
	IF NOT EXISTS (SELECT 1 FROM changed_new) THEN
		RETURN NULL;
	END IF;
	IF NOT EXISTS (
		SELECT 1 FROM changed_new n FULL JOIN changed_old o ON o.id = n.id
		WHERE o.id IS NULL OR n.id IS NULL OR (to_jsonb(n) - 'stock') IS DISTINCT FROM (to_jsonb(o) - 'stock')
	) THEN
		SELECT string_agg(DISTINCT n.id::text, ',') INTO ids
		FROM changed_new n JOIN changed_old o ON o.id = n.id
		WHERE n.stock IS DISTINCT FROM o.stock;
		IF ids IS NULL THEN
			RETURN NULL;
		END IF;
		IF length(ids) <= 7000 THEN
			PERFORM pg_notify('catalogue_changed', 'product_stock:' || ids);
			RETURN NULL;
		END IF;
	END IF;
	PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_updated ON products;
--> statement-breakpoint
CREATE TRIGGER products_updated AFTER UPDATE ON products REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
	FOR EACH STATEMENT EXECUTE FUNCTION products_rows_changed();
