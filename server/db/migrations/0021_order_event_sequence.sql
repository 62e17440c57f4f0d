-- Events written in the same instant keep the order they were written in.
ALTER TABLE "order_events" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY;
--> statement-breakpoint
DROP INDEX IF EXISTS "order_events_order_idx";
--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id", "at", "seq");
