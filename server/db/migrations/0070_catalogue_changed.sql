-- Every write to a table the storefront's cached answers are read from announces the table's name on the
-- channel catalogue_changed (server/http/catalogue-feed.ts). A statement-level trigger notifies once per
-- statement; PostgreSQL delivers a transaction's notifications when it commits (none when it rolls back),
-- and folds repeats of the same name in one transaction into one.
CREATE OR REPLACE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['products', 'categories', 'subcategories', 'sales', 'shop_settings', 'category_tax',
		'storefront_slides', 'storefront_banners', 'storefront_tiles', 'storefront_faq']
	LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()',
			t || '_changed', t);
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()',
			t || '_truncated', t);
	END LOOP;
END;
$$;
