-- Made to order: the day's rate per gram of each metal, and the designs a loose stone is set in.
CREATE TABLE IF NOT EXISTS metal_rates (
	metal text PRIMARY KEY,
	per_gram_paise bigint NOT NULL,
	updated_at timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT metal_rates_metal_check CHECK (metal IN ('gold-24k', 'gold-22k', 'gold-18k', 'gold-14k', 'silver-925', 'panchdhatu')),
	CONSTRAINT metal_rates_rate_check CHECK (per_gram_paise > 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS designs (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	name text NOT NULL,
	kind text NOT NULL,
	images jsonb NOT NULL DEFAULT '[]'::jsonb,
	-- [{metal, grams}]: the grams of each metal the design is offered in (rings: at size 12)
	metals jsonb NOT NULL,
	grams_per_size numeric(8, 3) NOT NULL DEFAULT 0,
	making_type text NOT NULL,
	making_value numeric(12, 2) NOT NULL,
	shapes jsonb NOT NULL DEFAULT '[]'::jsonb,
	min_carat numeric(8, 3) NOT NULL DEFAULT 0,
	max_carat numeric(8, 3) NOT NULL,
	days integer NOT NULL,
	active boolean NOT NULL DEFAULT true,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT designs_kind_check CHECK (kind IN ('ring', 'pendant', 'bracelet', 'earrings')),
	CONSTRAINT designs_making_check CHECK (making_type IN ('percent', 'pergram') AND making_value >= 0),
	CONSTRAINT designs_carat_check CHECK (min_carat >= 0 AND min_carat <= max_carat),
	CONSTRAINT designs_days_check CHECK (days > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS designs_active_kind_idx ON designs (active, kind, name);
--> statement-breakpoint
-- The public list of designs is a kept answer: every committed change to designs announces itself (as 0073).
DROP TRIGGER IF EXISTS designs_inserted ON designs;
--> statement-breakpoint
CREATE TRIGGER designs_inserted AFTER INSERT ON designs REFERENCING NEW TABLE AS changed_new
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS designs_updated ON designs;
--> statement-breakpoint
CREATE TRIGGER designs_updated AFTER UPDATE ON designs REFERENCING NEW TABLE AS changed_new
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS designs_deleted ON designs;
--> statement-breakpoint
CREATE TRIGGER designs_deleted AFTER DELETE ON designs REFERENCING OLD TABLE AS changed_old
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
