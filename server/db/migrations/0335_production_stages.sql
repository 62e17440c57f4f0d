-- Made-to-order production: a piece's line moves designing → casting → setting → polishing → hallmarking → ready
-- (null on a piece's line means designing; ready stock has no stage). Gold carries its 6-character HUID from
-- hallmarking on. Each stage passed is a `production` event on the order's timeline.
ALTER TABLE order_items ADD COLUMN IF NOT EXISTS production_stage text;
--> statement-breakpoint
ALTER TABLE order_items ADD COLUMN IF NOT EXISTS huid text;
--> statement-breakpoint
ALTER TABLE order_items DROP CONSTRAINT IF EXISTS order_items_production_stage_check;
--> statement-breakpoint
ALTER TABLE order_items ADD CONSTRAINT order_items_production_stage_check CHECK (production_stage IS NULL OR production_stage IN ('designing', 'casting', 'setting', 'polishing', 'hallmarking', 'ready'));
--> statement-breakpoint
ALTER TABLE order_events DROP CONSTRAINT IF EXISTS order_events_type_check;
--> statement-breakpoint
ALTER TABLE order_events ADD CONSTRAINT order_events_type_check CHECK ("type" IN ('placed', 'paid', 'confirmed', 'shipped', 'delivered', 'status', 'cancelled', 'refund_requested', 'refund_processed', 'refund_failed', 'return_requested', 'return_approved', 'return_rejected', 'return_received', 'flagged', 'note', 'production'));
