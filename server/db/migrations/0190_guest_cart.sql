-- A visitor's cart before they sign in: kept under its own cookie for 30 days (guest_carts.id is the SHA-256 of the
-- cookie's random token, so the table never holds a usable cookie). Its lines are cart lines owned by the guest
-- cart instead of a user; signing in moves them into the user's cart.
CREATE TABLE "guest_carts" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "guest_carts_expires_idx" ON "guest_carts" ("expires_at");
--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "guest_id" text REFERENCES "guest_carts"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_one_owner_check" CHECK (("user_id" IS NULL) <> ("guest_id" IS NULL));
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_guest_line_key" ON "cart_items" ("guest_id", "product_id", "colour", "size");
