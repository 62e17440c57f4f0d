-- A product page's answer says whether delivery in India is free for the piece, read from the shipping zones and
-- rates: every committed change to them announces itself (as 0073), so no server keeps that answer past a change.
DROP TRIGGER IF EXISTS shipping_zones_inserted ON shipping_zones;
--> statement-breakpoint
CREATE TRIGGER shipping_zones_inserted AFTER INSERT ON shipping_zones REFERENCING NEW TABLE AS changed_new
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shipping_zones_updated ON shipping_zones;
--> statement-breakpoint
CREATE TRIGGER shipping_zones_updated AFTER UPDATE ON shipping_zones REFERENCING NEW TABLE AS changed_new
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shipping_zones_deleted ON shipping_zones;
--> statement-breakpoint
CREATE TRIGGER shipping_zones_deleted AFTER DELETE ON shipping_zones REFERENCING OLD TABLE AS changed_old
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shipping_rates_inserted ON shipping_rates;
--> statement-breakpoint
CREATE TRIGGER shipping_rates_inserted AFTER INSERT ON shipping_rates REFERENCING NEW TABLE AS changed_new
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shipping_rates_updated ON shipping_rates;
--> statement-breakpoint
CREATE TRIGGER shipping_rates_updated AFTER UPDATE ON shipping_rates REFERENCING NEW TABLE AS changed_new
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shipping_rates_deleted ON shipping_rates;
--> statement-breakpoint
CREATE TRIGGER shipping_rates_deleted AFTER DELETE ON shipping_rates REFERENCING OLD TABLE AS changed_old
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
