import type { PaymentProvider, ProviderPayment } from '../../domain/payment-provider.js';
import { RazorpayRequestError } from '../../domain/payment-provider.js';
import { RazorpayClient, type RazorpayClientOptions, type RazorpayPayment } from './razorpay-client.js';

const toPayment = (p: RazorpayPayment): ProviderPayment => ({
  id: p.id,
  orderId: p.order_id ?? null,
  amount: p.amount,
  currency: p.currency,
  status: p.status,
});

/** Razorpay over its REST API (RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET set). */
export function razorpayProvider(opts: RazorpayClientOptions): PaymentProvider {
  const client = new RazorpayClient(opts);
  return {
    name: 'razorpay',
    keyId: opts.keyId,
    async createOrder({ amount, currency, receipt, notes }) {
      const order = await client.createOrder({ amount, currency, receipt, notes });
      return { id: order.id, amount: order.amount, currency: order.currency };
    },
    async signingSecret() {
      return opts.keySecret;
    },
    async fetchPayment(paymentId) {
      try {
        return toPayment(await client.fetchPayment(paymentId));
      } catch (err) {
        // "The id provided does not exist" comes back as a 400 (or 404): an unknown payment.
        if (err instanceof RazorpayRequestError && (err.providerStatus === 400 || err.providerStatus === 404)) return null;
        throw err;
      }
    },
    async capture(paymentId, amount, currency) {
      return toPayment(await client.capturePayment(paymentId, amount, currency));
    },
    async orderPayments(orderId) {
      return (await client.orderPayments(orderId)).items.map(toPayment);
    },
    async paymentsBetween(fromSec, toSec, max) {
      const found: ProviderPayment[] = [];
      while (found.length < max) {
        const count = Math.min(100, max - found.length);
        const page = await client.listPayments(fromSec, toSec, count, found.length);
        found.push(...page.items.map(toPayment));
        if (page.items.length < count) break;
      }
      return found;
    },
    async refund(paymentId, idempotencyKey, amount) {
      const refund = await client.refundPayment(paymentId, idempotencyKey, amount);
      return { id: refund.id, status: refund.status };
    },
    paymentLinks: {
      async create({ amountPaise, referenceId, description, customer }) {
        const link = await client.createPaymentLink({ amount: amountPaise, reference_id: referenceId, description, customer });
        return { id: link.id, url: link.short_url };
      },
      async cancel(id) {
        try {
          await client.cancelPaymentLink(id);
        } catch (err) {
          // A link already paid, cancelled or expired cannot be cancelled again: nothing is left to stop.
          if (err instanceof RazorpayRequestError && err.providerStatus === 400) return;
          throw err;
        }
      },
    },
    async fetchRefund(paymentId, refundId) {
      try {
        const refund = await client.fetchRefund(paymentId, refundId);
        return { id: refund.id, status: refund.status };
      } catch (err) {
        if (err instanceof RazorpayRequestError && (err.providerStatus === 400 || err.providerStatus === 404)) return null;
        throw err;
      }
    },
  };
}
