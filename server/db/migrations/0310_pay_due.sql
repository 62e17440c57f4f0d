-- Paying what is due on a credit order through the checkout: such a checkout names the order it pays and holds no
-- stock; the Razorpay payment is kept once in order_payments (its payment id is unique there), so a payment
-- reported by the browser, the webhook and the reconciler counts once.
ALTER TABLE checkouts ADD COLUMN IF NOT EXISTS pays_order_id uuid REFERENCES orders(id) ON DELETE RESTRICT;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS checkouts_pays_order_idx ON checkouts (pays_order_id) WHERE pays_order_id IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS order_payments_razorpay_key ON order_payments (reference) WHERE method = 'razorpay';
