-- A second payment for a quote that had already made its order: recorded, flagged `quote_already_ordered` and
-- refunded (before, it was flagged `stock_unavailable` like a payment that came after the stock was gone).
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_flag_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_flag_check" CHECK ("flag" IS NULL OR "flag" IN ('stock_unavailable', 'amount_mismatch', 'shipping_missing', 'coupon_unavailable', 'quote_already_ordered'));
