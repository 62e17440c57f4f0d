-- The least a trade order (an approved business's cart or quote) must come to at trade prices, before shipping.
ALTER TABLE "shop_settings" ADD COLUMN IF NOT EXISTS "trade_min_order_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT IF EXISTS "shop_settings_trade_min_order_check";
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_trade_min_order_check" CHECK ("trade_min_order_paise" >= 0);
