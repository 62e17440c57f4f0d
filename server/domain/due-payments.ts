// Paying what is due on a credit order, as the payment feature's reports of a payment (the browser's, the webhook's,
// the reconciler's) hand it over: the credit feature settles it, and server/wiring.ts passes its functions in
// through the payment context, so the payment feature does not import the credit feature (docs/credit.md).
import type { checkouts } from '../db/schema.js';
import type { PaymentContext } from './payment-context.js';

/** What one report of a payment came to: the order it counted on, whether this report counted it, a wrong amount. */
export type SettleResult = { orderId: string; created: boolean; mismatch?: boolean };

/** Razorpay's `payment_link.paid` event: the link (its reference names the order) and the payment made through it. */
export type LinkPaid = {
  payment_link?: { entity?: { id?: string; reference_id?: string } };
  payment?: { entity?: { id?: string } };
};

/** The credit feature's handling of a due payment (server/features/credit/pay-due.ts and reminders.ts). */
export type DuePayments = {
  /** A payment of a checkout that pays a credit order (`checkouts.pays_order_id`), counted once on that order. */
  settle: (
    ctx: PaymentContext,
    checkout: typeof checkouts.$inferSelect,
    paymentId: string,
    source: 'verify' | 'webhook' | 'reconciler',
  ) => Promise<SettleResult>;
  /** A payment through the link a due reminder carried; false when nothing was counted. */
  settleLink: (ctx: PaymentContext, payload: LinkPaid | undefined) => Promise<boolean>;
};
