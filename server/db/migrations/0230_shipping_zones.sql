-- Shipping zones and rates: every order pays for shipping by a rate of the zone its country is in.
CREATE TABLE IF NOT EXISTS shipping_zones (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	name text NOT NULL,
	-- ISO 3166-1 alpha-2 codes; no country is in two zones (checked when the set is replaced, under a lock)
	countries text[] NOT NULL DEFAULT '{}'::text[],
	position integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS shipping_rates (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	zone_id uuid NOT NULL REFERENCES shipping_zones(id) ON DELETE CASCADE,
	name text NOT NULL,
	price_paise bigint NOT NULL,
	free_above_paise bigint,
	min_days integer NOT NULL,
	max_days integer NOT NULL,
	position integer NOT NULL DEFAULT 0,
	CONSTRAINT shipping_rates_price_check CHECK (price_paise >= 0 AND (free_above_paise IS NULL OR free_above_paise >= 0)),
	CONSTRAINT shipping_rates_days_check CHECK (min_days >= 0 AND min_days <= max_days)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS shipping_rates_zone_idx ON shipping_rates (zone_id, position);
--> statement-breakpoint
-- The rate a checkout charges and an order paid: {name, amountPaise, mindays, maxdays}; shipping_paise is its price.
ALTER TABLE checkouts ADD COLUMN IF NOT EXISTS shipping jsonb;
--> statement-breakpoint
ALTER TABLE checkouts ADD COLUMN IF NOT EXISTS shipping_paise bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE orders ADD COLUMN IF NOT EXISTS shipping jsonb;
--> statement-breakpoint
ALTER TABLE orders ADD COLUMN IF NOT EXISTS shipping_paise bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- Every shop starts with India (Standard free, Express) and Worldwide (every other ISO country, insured).
INSERT INTO shipping_zones (id, name, countries, position)
SELECT '00000000-0000-4000-8000-0000000a0001'::uuid, 'India', ARRAY['IN']::text[], 0
WHERE NOT EXISTS (SELECT 1 FROM shipping_zones);
--> statement-breakpoint
INSERT INTO shipping_zones (id, name, countries, position)
SELECT '00000000-0000-4000-8000-0000000a0002'::uuid, 'Worldwide', ARRAY['AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW']::text[], 1
WHERE NOT EXISTS (SELECT 1 FROM shipping_zones WHERE name = 'Worldwide')
  AND EXISTS (SELECT 1 FROM shipping_zones WHERE id = '00000000-0000-4000-8000-0000000a0001'::uuid);
--> statement-breakpoint
INSERT INTO shipping_rates (zone_id, name, price_paise, free_above_paise, min_days, max_days, position)
SELECT z.id, r.name, r.price_paise, r.free_above_paise, r.min_days, r.max_days, r.position
FROM shipping_zones z
JOIN (VALUES
	('00000000-0000-4000-8000-0000000a0001'::uuid, 'Standard', 0::bigint, NULL::bigint, 3, 10, 0),
	('00000000-0000-4000-8000-0000000a0001'::uuid, 'Express', 50000::bigint, 5000000::bigint, 2, 5, 1),
	('00000000-0000-4000-8000-0000000a0002'::uuid, 'Insured international', 400000::bigint, 15000000::bigint, 7, 15, 0)
) AS r(zone_id, name, price_paise, free_above_paise, min_days, max_days, position) ON r.zone_id = z.id
WHERE NOT EXISTS (SELECT 1 FROM shipping_rates);
