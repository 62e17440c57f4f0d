-- Ratti shown beside carat (and read by the listing's ratti filter): carats per ratti, the shop's setting.
-- Punjab's jewellers weigh gems in the standard (pakki) ratti of 182 mg, 0.91 carat; another region may set its own.
ALTER TABLE "shop_settings" ADD COLUMN IF NOT EXISTS "ratti_in_carats" numeric(4, 3) NOT NULL DEFAULT 0.91;
--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT IF EXISTS "shop_settings_ratti_check";
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_ratti_check" CHECK ("ratti_in_carats" >= 0.5 AND "ratti_in_carats" <= 1.2);
