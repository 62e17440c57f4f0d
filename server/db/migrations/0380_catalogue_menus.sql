-- The header's five menus come from the catalogue: the merchant places categories and subcategories under them, in
-- an order, each with an optional note shown in brackets ("Ruby (Leo)" under Zodiac Stones, "Ruby (Manik)" under
-- Vedic Stones). A subcategory may carry a display name ("Cat's Eye") shown in menus and filters while its name
-- keeps making its address (/gemstones-catseye).
ALTER TABLE subcategories ADD COLUMN IF NOT EXISTS display_name text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE subcategories DROP CONSTRAINT IF EXISTS subcategories_display_name_check;
--> statement-breakpoint
ALTER TABLE subcategories ADD CONSTRAINT subcategories_display_name_check CHECK (char_length(display_name) <= 100);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS menu_entries (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	menu text NOT NULL,
	position integer NOT NULL,
	category_id uuid REFERENCES categories (id) ON DELETE CASCADE,
	subcategory_id uuid REFERENCES subcategories (id) ON DELETE CASCADE,
	note text NOT NULL DEFAULT '',
	created_at timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT menu_entries_menu_check CHECK (menu IN ('zodiac', 'vedic', 'exclusive', 'other', 'jewellery')),
	CONSTRAINT menu_entries_target_check CHECK ((category_id IS NULL) <> (subcategory_id IS NULL)),
	CONSTRAINT menu_entries_note_check CHECK (char_length(note) <= 60)
);
--> statement-breakpoint
-- One place in a menu for each category or subcategory: a menu never lists the same page twice.
CREATE UNIQUE INDEX IF NOT EXISTS menu_entries_category_key ON menu_entries (menu, category_id);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS menu_entries_subcategory_key ON menu_entries (menu, subcategory_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS menu_entries_category_idx ON menu_entries (category_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS menu_entries_subcategory_idx ON menu_entries (subcategory_id);
--> statement-breakpoint
-- The menus are a kept answer: every committed change to them announces itself (as 0073).
DROP TRIGGER IF EXISTS menu_entries_inserted ON menu_entries;
--> statement-breakpoint
CREATE TRIGGER menu_entries_inserted AFTER INSERT ON menu_entries REFERENCING NEW TABLE AS changed_new
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS menu_entries_updated ON menu_entries;
--> statement-breakpoint
CREATE TRIGGER menu_entries_updated AFTER UPDATE ON menu_entries REFERENCING NEW TABLE AS changed_new
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS menu_entries_deleted ON menu_entries;
--> statement-breakpoint
CREATE TRIGGER menu_entries_deleted AFTER DELETE ON menu_entries REFERENCING OLD TABLE AS changed_old
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
-- A shop made before this keeps the menus it showed, now without the entries that led to the same stones twice
-- (Amethyst and Amethyst Gemstones, Hessonite twice): each stone of the Gemstones and Jewellery categories that
-- exists is placed where the storefront listed it. The demo catalogue places the same (server/seed/menus.ts).
UPDATE subcategories SET display_name = v.shown
FROM (VALUES ('catseye', 'Cat''s Eye'), ('lapislazuli', 'Lapis Lazuli')) AS v (name, shown)
WHERE lower(subcategories.name) = v.name AND subcategories.display_name = ''
	AND subcategories.category_id IN (SELECT id FROM categories WHERE lower(name) = 'gemstones');
--> statement-breakpoint
INSERT INTO menu_entries (menu, position, subcategory_id, note)
SELECT v.menu, v.position, s.id, v.note
FROM (VALUES
	('zodiac', 0, 'gemstones', 'ruby', 'Leo'),
	('zodiac', 1, 'gemstones', 'pearl', 'Cancer'),
	('zodiac', 2, 'gemstones', 'emerald', 'Gemini, Virgo'),
	('zodiac', 3, 'gemstones', 'natural yellow sapphire', 'Sagittarius, Pisces'),
	('zodiac', 4, 'gemstones', 'natural blue sapphire', 'Capricorn, Aquarius'),
	('zodiac', 5, 'gemstones', 'coral', 'Aries, Scorpio'),
	('zodiac', 6, 'gemstones', 'opal', 'Taurus, Libra'),
	('vedic', 0, 'gemstones', 'ruby', 'Manik'),
	('vedic', 1, 'gemstones', 'pearl', 'Moti'),
	('vedic', 2, 'gemstones', 'emerald', 'Panna'),
	('vedic', 3, 'gemstones', 'natural blue sapphire', 'Neelam'),
	('vedic', 4, 'gemstones', 'natural yellow sapphire', 'Pukhraj'),
	('vedic', 5, 'gemstones', 'hessonite', 'Gomed'),
	('vedic', 6, 'gemstones', 'catseye', 'Lehsunia'),
	('vedic', 7, 'gemstones', 'zircon', ''),
	('exclusive', 0, 'gemstones', 'alexandrite', ''),
	('exclusive', 1, 'gemstones', 'tanzanite', ''),
	('exclusive', 2, 'gemstones', 'spinel', ''),
	('exclusive', 3, 'gemstones', 'tourmaline', ''),
	('exclusive', 4, 'gemstones', 'aquamarine', ''),
	('exclusive', 5, 'gemstones', 'pink sapphire', ''),
	('other', 0, 'gemstones', 'amethyst', ''),
	('other', 1, 'gemstones', 'peridot', ''),
	('other', 2, 'gemstones', 'citrine', ''),
	('other', 3, 'gemstones', 'iolite', ''),
	('other', 4, 'gemstones', 'lapislazuli', ''),
	('other', 5, 'gemstones', 'turquoise', ''),
	('other', 6, 'gemstones', 'malachite', ''),
	('other', 7, 'gemstones', 'topaz', ''),
	('other', 8, 'gemstones', 'white sapphire', ''),
	('jewellery', 0, 'jewellery', 'bracelets', ''),
	('jewellery', 1, 'jewellery', 'earrings', ''),
	('jewellery', 2, 'jewellery', 'pendants', ''),
	('jewellery', 3, 'jewellery', 'rings', '')
) AS v (menu, position, category, subcategory, note)
JOIN categories c ON lower(c.name) = v.category
JOIN subcategories s ON s.category_id = c.id AND lower(s.name) = v.subcategory
WHERE NOT EXISTS (SELECT 1 FROM menu_entries)
ON CONFLICT DO NOTHING;
