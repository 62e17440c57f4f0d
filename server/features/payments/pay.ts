import type { z } from 'zod';
import type { VerifyAndPlaceBody } from '../../../contract/orders.js';
import type { Db } from '../../db/client.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import type { PaymentContext } from '../../domain/payment-context.js';
import { chargedAmount } from '../currencies/service.js';
import { forShopper, orderView } from '../orders/service.js';
import { findCheckoutByProviderOrder } from './checkout.js';
import { placeOrder } from './placement.js';
import { isSandbox } from './registry.js';
import { verifyPaymentSignature } from './signature.js';

/** The shopper's own checkout of this provider order, or 404 (someone else's is not told apart from none). */
async function ownCheckout(db: Db, userId: string, providerOrderId: string) {
  const checkout = await findCheckoutByProviderOrder(db, providerOrderId);
  if (!checkout || checkout.userId !== userId || !checkout.providerOrderId) throw new NotFound('Order not found');
  return { ...checkout, providerOrderId: checkout.providerOrderId };
}

/**
 * POST /verify-and-place: the browser's report of a payment. The signature is checked against the order id stored
 * for this shopper's checkout, never one the browser chose; then the order is placed (or found, when the webhook
 * or reconciler placed it first). `created` when this call made it.
 */
export async function verifyAndPlace(ctx: PaymentContext, userId: string, input: z.output<typeof VerifyAndPlaceBody>) {
  const checkout = await ownCheckout(ctx.db, userId, input.razorpay_order_id);
  const secret = await ctx.paymentProvider.signingSecret();
  if (!verifyPaymentSignature(checkout.providerOrderId, input.razorpay_payment_id, input.razorpay_signature, secret)) {
    throw new InvalidInput('Payment verification failed');
  }
  if (checkout.paysOrderId) {
    // A payment of what is due on a credit order: counted once on that order, never a new order.
    const settled = await ctx.duePayments.settle(ctx, checkout, input.razorpay_payment_id, 'verify');
    const view = await orderView(ctx.db, settled.orderId, { withUser: false });
    const message = settled.mismatch
      ? 'The payment did not match the amount due. It has not been accepted and will be refunded.'
      : settled.created
        ? 'Payment received. Thank you.'
        : 'This payment was already received.';
    return { created: settled.created, message, order: forShopper(view) };
  }
  if (!input.shippinginfo) {
    throw new InvalidInput('Shipping details are required', [{ path: 'shippinginfo', message: 'Shipping details are required' }]);
  }
  // A payment the provider does not confirm is a PaymentRejectedError: 400, nothing placed.
  const result = await placeOrder(ctx, checkout.providerOrderId, input.razorpay_payment_id, 'verify', {
    shippinginfo: input.shippinginfo,
  });
  const view = await orderView(ctx.db, result.orderId, { withUser: false });
  const message =
    view.flag === 'quote_already_ordered'
      ? 'Payment received, but this quote has already been ordered, so this second payment made no new order. Your payment is being refunded.'
      : result.quoteClosed
        ? 'Payment received, but this quote is no longer open. Your payment is being refunded.'
        : result.priceChanged
          ? 'Payment received, but the prices changed after your checkout ran out. Your payment is being refunded; please check out again.'
          : view.flag === 'stock_unavailable'
            ? 'Payment received, but the items sold out while you were paying. Your payment is being refunded.'
            : view.flag === 'coupon_unavailable'
              ? 'Payment received, but the coupon was used up or withdrawn while you were paying. Your payment is being refunded.'
              : view.flag === 'amount_mismatch'
                ? 'The payment did not match the order total. It has not been accepted and will be refunded.'
                : result.created
                  ? 'Payment successful! Order placed.'
                  : 'Order already placed.';
  return { created: result.created, message, order: forShopper(view) };
}

/**
 * POST /sandbox/pay: the built-in sandbox's payment window. Pays (or fails to pay) the shopper's checkout and
 * gives what Razorpay's window would give the browser; `failed` when the payment failed (recorded, as Razorpay
 * records one). 404 unless the shop runs on the sandbox; 409 when the order is already paid.
 */
export async function sandboxPay(ctx: PaymentContext, userId: string, providerOrderId: string, outcome: 'success' | 'failure') {
  const provider = ctx.paymentProvider;
  if (!isSandbox(provider)) throw new NotFound('Route not found');
  const checkout = await ownCheckout(ctx.db, userId, providerOrderId);
  const earlier = await provider.orderPayments(checkout.providerOrderId);
  if (checkout.status === 'placed' || earlier.some((p) => p.status === 'captured')) {
    throw new Conflict('This order is already paid');
  }
  const paid = await provider.pay(
    checkout.providerOrderId,
    { amount: chargedAmount(checkout), currency: checkout.currency },
    outcome,
  );
  if (outcome === 'failure' || !paid.signature) return { failed: true as const };
  return {
    failed: false as const,
    razorpay_order_id: checkout.providerOrderId,
    razorpay_payment_id: paid.paymentId,
    razorpay_signature: paid.signature,
  };
}
