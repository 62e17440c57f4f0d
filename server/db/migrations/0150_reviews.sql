-- Verified reviews. A product's rating is no longer a number the merchant types: it is the average of its
-- approved reviews (one decimal) and `review_count` how many there are; with none the rating is NULL and the
-- shop shows "No reviews yet". Every rating typed before is dropped here, so no star stays that nobody gave.
ALTER TABLE "products" ALTER COLUMN "rating" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "rating" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "products" SET "rating" = NULL WHERE "rating" IS NOT NULL;
--> statement-breakpoint
-- One review per order line, written by the line's buyer once the order was delivered. The merchant approves
-- or rejects it (a reason is kept) and may reply; rating, title, body and photos are the buyer's words only.
-- `author` is the name shown ("Ravi K."), kept as it was written.
CREATE TABLE "product_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"order_item_id" uuid NOT NULL REFERENCES "order_items"("id") ON DELETE CASCADE,
	"user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"author" text NOT NULL,
	"rating" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"reply_at" timestamp with time zone,
	"helpful" integer DEFAULT 0 NOT NULL,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5),
	CONSTRAINT "product_reviews_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_line_key" ON "product_reviews" ("order_item_id");
--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" ("product_id", "status", "created_at");
--> statement-breakpoint
CREATE INDEX "product_reviews_status_idx" ON "product_reviews" ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "product_reviews_user_idx" ON "product_reviews" ("user_id");
--> statement-breakpoint
-- "Helpful": one vote per account and review.
CREATE TABLE "review_votes" (
	"review_id" uuid NOT NULL REFERENCES "product_reviews"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("review_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "review_votes_user_idx" ON "review_votes" ("user_id");
--> statement-breakpoint
-- The public review lists are kept by every server like the catalogue's answers (0070, 0073): a write to the
-- reviews (a new approval, a reply, a helpful vote) drops them on every server.
CREATE TRIGGER "product_reviews_inserted" AFTER INSERT ON "product_reviews" REFERENCING NEW TABLE AS changed_new
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "product_reviews_updated" AFTER UPDATE ON "product_reviews" REFERENCING NEW TABLE AS changed_new
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "product_reviews_deleted" AFTER DELETE ON "product_reviews" REFERENCING OLD TABLE AS changed_old
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
