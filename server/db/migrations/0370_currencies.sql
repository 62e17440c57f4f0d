-- Currencies a buyer abroad may pay in: each enabled one with its rate (units of the currency per rupee, exact
-- decimal) and when that rate was set; the daily refresh's last attempt and error. A checkout and its order keep the
-- currency charged, the amount in its smallest unit and the rate used; a refund keeps what it sent in that currency.
CREATE TABLE "currencies" (
  "code" text PRIMARY KEY NOT NULL,
  "rate" numeric(20, 10) NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "currencies_rate_check" CHECK ("rate" > 0),
  CONSTRAINT "currencies_code_check" CHECK ("code" ~ '^[A-Z]{3}$' AND "code" <> 'INR')
);
--> statement-breakpoint
CREATE TABLE "currency_refresh" (
  "id" integer PRIMARY KEY NOT NULL DEFAULT 1,
  "last_attempt_at" timestamp with time zone,
  "last_success_at" timestamp with time zone,
  "last_error" text,
  CONSTRAINT "currency_refresh_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "currency_amount" bigint;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "fx_rate" numeric(20, 10);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'INR' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency_amount" bigint;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fx_rate" numeric(20, 10);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "currency" text DEFAULT 'INR' NOT NULL;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "currency_amount" bigint;
