-- The order and account tables announce their writes on the same channel as the catalogue (0070), with the
-- table's name: each server keeps the back-office order lists and the signed-in users it has looked up until
-- one of the tables they are read from changes (server/http/catalogue-feed.ts). A new session or a new user
-- changes nothing already kept, so sessions and users announce only updates, deletions and truncation.
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['orders', 'order_items', 'order_events', 'refunds', 'return_requests', 'invoices']
	LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()',
			t || '_changed', t);
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()',
			t || '_truncated', t);
	END LOOP;
	FOREACH t IN ARRAY ARRAY['sessions', 'users']
	LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()',
			t || '_changed', t);
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()',
			t || '_truncated', t);
	END LOOP;
END;
$$;
