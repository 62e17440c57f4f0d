-- A statement that changes no row changes nothing a server keeps: the tables of 0070, 0071 and 0072 announce a
-- write only when it inserted, updated or deleted at least one row. The hold sweep, the purges and the
-- reconciler often run updates and deletions that find nothing; before this, each of them dropped every kept
-- answer read from the table on every server. PostgreSQL gives an AFTER … FOR EACH STATEMENT trigger the rows
-- of its statement as a transition table, one event per trigger.
CREATE OR REPLACE FUNCTION catalogue_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF EXISTS (SELECT 1 FROM changed_old) THEN
			PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
		END IF;
	ELSIF EXISTS (SELECT 1 FROM changed_new) THEN
		PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['products', 'categories', 'subcategories', 'sales', 'shop_settings', 'category_tax',
		'storefront_slides', 'storefront_banners', 'storefront_tiles', 'storefront_faq', 'storefront_films',
		'orders', 'order_items', 'order_events', 'refunds', 'return_requests', 'invoices', 'sessions', 'users']
	LOOP
		EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_changed', t);
		-- A new session or user changes nothing already kept (0071).
		IF t NOT IN ('sessions', 'users') THEN
			EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_new '
				'FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed()', t || '_inserted', t);
		END IF;
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_new '
			'FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed()', t || '_updated', t);
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_old '
			'FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed()', t || '_deleted', t);
	END LOOP;
END;
$$;
