-- Admin order search matches part of an order id, a Razorpay order id or a payment id. Trigram indexes
-- let PostgreSQL answer those substring matches without reading every order.
CREATE INDEX IF NOT EXISTS "orders_razorpay_order_trgm_idx" ON "orders" USING gin ("razorpay_order_id" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_payment_trgm_idx" ON "orders" USING gin ("razorpay_payment_id" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_id_text_trgm_idx" ON "orders" USING gin (("id"::text) gin_trgm_ops) WITH (fastupdate = off);
