-- Every order carries one number, the same for the shopper, the messages, the back-office and the invoice:
-- the invoice prefix, a hyphen and at least six digits (RG-000123), one gapless series for the whole shop.
-- The database gives it as the order is inserted, from a counter row that the inserting transaction holds
-- locked until it ends: a second order at the same instant, on any server, waits and takes the next number,
-- and an order that rolls back gives its number back. Orders placed before this are numbered in the order
-- they were placed.
ALTER TABLE "orders" ADD COLUMN "number" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "orders" SET "number" = numbered.prefix || '-' || lpad(numbered.n::text, greatest(6, length(numbered.n::text)), '0')
FROM (
	SELECT o."id", row_number() OVER (ORDER BY o."created_at", o."id") AS n,
		coalesce((SELECT "invoiceprefix" FROM "shop_settings" WHERE "id" = 1), 'RG') AS prefix
	FROM "orders" o
) AS numbered
WHERE numbered."id" = "orders"."id";
--> statement-breakpoint
INSERT INTO "document_counters" ("series", "fy", "last_number")
SELECT 'ORD', '', count(*)::int FROM "orders" HAVING count(*) > 0;
--> statement-breakpoint
CREATE FUNCTION order_number() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	n integer;
	prefix text;
BEGIN
	IF NEW."number" = '' THEN
		INSERT INTO "document_counters" ("series", "fy", "last_number") VALUES ('ORD', '', 1)
		ON CONFLICT ("series", "fy") DO UPDATE SET "last_number" = "document_counters"."last_number" + 1
		RETURNING "last_number" INTO n;
		SELECT "invoiceprefix" INTO prefix FROM "shop_settings" WHERE "id" = 1;
		NEW."number" := coalesce(prefix, 'RG') || '-' || lpad(n::text, greatest(6, length(n::text)), '0');
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_number" BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION order_number();
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");
--> statement-breakpoint
-- The admin order search also finds the order number, the buyer's name and mobile number (as shipped to and
-- as the account has them), the account's e-mail and the invoice number: trigram indexes keep those
-- substring matches off a read of every row.
CREATE INDEX IF NOT EXISTS "orders_number_trgm_idx" ON "orders" USING gin ("number" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_ship_name_trgm_idx" ON "orders" USING gin (("shippinginfo"->>'fullname') gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_ship_mobile_trgm_idx" ON "orders" USING gin (("shippinginfo"->>'mobileno') gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_fullname_trgm_idx" ON "users" USING gin ("fullname" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_mobileno_trgm_idx" ON "users" USING gin ("mobileno" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_number_trgm_idx" ON "invoices" USING gin ("number" gin_trgm_ops) WITH (fastupdate = off);
