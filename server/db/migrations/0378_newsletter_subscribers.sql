-- The newsletter: an e-mail address signed up with consent, pending until its owner confirms by the e-mailed link
-- (forgotten after 7 days otherwise); the link's token is kept only as its SHA-256 hash. Unsubscribing erases the
-- address and keeps the hash, so the link keeps answering.
CREATE TABLE "newsletter_subscribers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "email" text,
  "status" text DEFAULT 'pending' NOT NULL,
  "token_hash" text NOT NULL,
  "consent_text" text NOT NULL,
  "consent_at" timestamp with time zone NOT NULL,
  "confirmed_at" timestamp with time zone,
  "unsubscribed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "newsletter_subscribers_status_check" CHECK ("status" in ('pending', 'subscribed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers" USING btree ("email");
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token_key" ON "newsletter_subscribers" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_pending_idx" ON "newsletter_subscribers" USING btree ("status", "consent_at");
