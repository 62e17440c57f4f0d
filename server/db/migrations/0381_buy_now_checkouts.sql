-- Buy Now's item is checked out straight from the product page, without going into the cart: such a checkout is
-- marked, and paying it leaves the shopper's cart exactly as it was.
ALTER TABLE "checkouts" ADD COLUMN "buy_now" boolean DEFAULT false NOT NULL;
