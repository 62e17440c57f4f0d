-- Stock-hoarding limits: the client address a checkout was started from (caps per address), and when an
-- unpaid hold ran out (a cool-down after repeated lapses).
ALTER TABLE "checkouts" ADD COLUMN IF NOT EXISTS "client_address" text;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN IF NOT EXISTS "hold_lapsed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "checkouts_pending_address_idx" ON "checkouts" ("client_address") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "checkouts_lapsed_idx" ON "checkouts" ("user_id", "hold_lapsed_at") WHERE "hold_lapsed_at" IS NOT NULL;
