-- Credit orders: a business with credit terms buys now and pays by the due date; payments received outside
-- the shop (bank transfer, UPI, cheque, cash) are recorded against the order.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS due_date date;
--> statement-breakpoint
-- What is still owed on a credit order (0 for an order paid at checkout).
ALTER TABLE orders ADD COLUMN IF NOT EXISTS amount_due_paise bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_paymentstatus_check;
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_paymentstatus_check
	CHECK (paymentstatus in ('Paid', 'Pending', 'Failed', 'Refunded', 'Partially refunded', 'Due', 'Partially paid'));
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_amount_due_check CHECK (amount_due_paise >= 0);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_due_idx ON orders (user_id, due_date) WHERE amount_due_paise > 0;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS order_payments (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	order_id uuid NOT NULL REFERENCES orders(id) ON DELETE RESTRICT,
	user_id uuid REFERENCES users(id) ON DELETE SET NULL,
	amount_paise bigint NOT NULL,
	method text NOT NULL,
	reference text NOT NULL DEFAULT '',
	received_on date NOT NULL,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT order_payments_amount_check CHECK (amount_paise > 0),
	CONSTRAINT order_payments_method_check CHECK (method in ('neft', 'rtgs', 'imps', 'upi', 'cheque', 'cash', 'razorpay'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS order_payments_order_idx ON order_payments (order_id, created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS order_payments_user_day_idx ON order_payments (user_id, received_on, method);
