-- A refund through the payment service goes back to one payment: `payment_id` names it. A credit order paid online in
-- several payments (pay-due, a Payment Link) has a refund larger than one payment split into one refund per payment,
-- each within what is left of that payment. Null for money paid back outside the shop (`method` set).
ALTER TABLE "refunds" ADD COLUMN "payment_id" text;
--> statement-breakpoint
-- Refunds made before went to the order's own payment, or to a credit order's latest online payment.
UPDATE "refunds" AS r SET "payment_id" = coalesce(
  nullif(o."razorpay_payment_id", ''),
  (SELECT op."reference" FROM "order_payments" op
    WHERE op."order_id" = r."order_id" AND op."method" = 'razorpay'
    ORDER BY op."created_at" DESC LIMIT 1)
) FROM "orders" AS o WHERE o."id" = r."order_id" AND r."method" IS NULL;
