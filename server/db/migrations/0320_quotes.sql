-- Quotes (requests for quotation): an approved business asks for a price on a lot, the merchant prices each line
-- with a validity, the buyer pays the quoted prices. A quote makes at most one order (quotes.order_id); the
-- checkout that pays it and the order it makes name it.
CREATE TABLE IF NOT EXISTS quotes (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	number text NOT NULL,
	user_id uuid REFERENCES users(id) ON DELETE SET NULL,
	status text NOT NULL DEFAULT 'requested',
	note text NOT NULL DEFAULT '',
	merchant_note text NOT NULL DEFAULT '',
	valid_until timestamp with time zone,
	order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	updated_at timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT quotes_status_check CHECK (status in ('requested', 'quoted', 'declined', 'ordered'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS quotes_number_key ON quotes (number);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS quotes_user_idx ON quotes (user_id, created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS quotes_status_idx ON quotes (status, created_at);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS quote_lines (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	quote_id uuid NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
	product_id uuid REFERENCES products(id) ON DELETE SET NULL,
	productname text NOT NULL,
	quantity integer NOT NULL,
	list_price_paise bigint NOT NULL,
	price_paise bigint,
	position integer NOT NULL DEFAULT 0,
	CONSTRAINT quote_lines_quantity_check CHECK (quantity >= 1),
	CONSTRAINT quote_lines_price_check CHECK (price_paise is null or price_paise >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS quote_lines_quote_idx ON quote_lines (quote_id, position);
--> statement-breakpoint
ALTER TABLE checkouts ADD COLUMN IF NOT EXISTS quote_id uuid REFERENCES quotes(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE orders ADD COLUMN IF NOT EXISTS quote_id uuid REFERENCES quotes(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_quote_idx ON orders (quote_id) WHERE quote_id IS NOT NULL;
