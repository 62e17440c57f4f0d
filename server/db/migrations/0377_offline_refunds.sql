-- A refund of money received outside the shop is paid back outside it: the merchant names how (`method`: a bank
-- transfer, UPI, cheque or cash) and its `reference`. Such a refund never goes to Razorpay; it is processed when
-- recorded. Null `method`: a refund sent through the payment service.
ALTER TABLE "refunds" ADD COLUMN "method" text;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK ("method" IS NULL OR "method" IN ('neft', 'rtgs', 'imps', 'upi', 'cheque', 'cash'));
