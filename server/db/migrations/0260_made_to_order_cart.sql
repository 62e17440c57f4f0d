-- Made to order in the cart and on orders: a piece (a stone set in a design) is its own cart line of one, keyed by
-- its own `piece` id so two pieces of the same stone stay two lines; the line and the order line keep the setting.
ALTER TABLE cart_items ADD COLUMN IF NOT EXISTS setting jsonb;
--> statement-breakpoint
ALTER TABLE cart_items ADD COLUMN IF NOT EXISTS piece text NOT NULL DEFAULT '';
--> statement-breakpoint
DROP INDEX IF EXISTS cart_items_line_key;
--> statement-breakpoint
DROP INDEX IF EXISTS cart_items_guest_line_key;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS cart_items_line_key ON cart_items (user_id, product_id, colour, size, piece);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS cart_items_guest_line_key ON cart_items (guest_id, product_id, colour, size, piece);
--> statement-breakpoint
ALTER TABLE order_items ADD COLUMN IF NOT EXISTS setting jsonb;
