import type { FastifyPluginAsync } from 'fastify';
import { paiseToRupees } from '../../../contract/common.js';
import { paymentRoutes } from '../../../contract/payments.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { registerRoutes } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import { forShopper, orderView } from '../orders/service.js';
import { findCheckoutByProviderOrder, startCheckout } from './checkout.js';
import { placeOrder } from './placement.js';
import { isSandbox, paymentProvider } from './registry.js';
import { verifyPaymentSignature } from './signature.js';
import webhookRoutes from './webhook.js';

/** Payments: the checkout's payment routes (contract/payments.ts) and the Razorpay webhook. */
const payments: FastifyPluginAsync = async (app) => {
  await app.register(webhookRoutes, { prefix: '/o1/api' });

  registerRoutes(app, paymentRoutes, {
    'POST /o1/api/razorpay-order': async (request) => {
      const me = userOf(request);
      const provider = paymentProvider(app);
      const { checkout, providerOrderId } = await startCheckout(app, me.id, request.body?.shippinginfo, {
        clientAddress: request.ip,
        items: request.body?.items,
        coupon: request.body?.coupon || undefined,
      });
      return {
        success: true,
        razorpayOrder: { id: providerOrderId, amount: checkout.amountPaise, currency: 'INR' as const },
        provider: provider.name,
        key: provider.keyId,
        totalamount: paiseToRupees(checkout.amountPaise),
        holdExpiresAt: checkout.holdExpiresAt.toISOString(),
        discountamount: paiseToRupees(checkout.discountPaise),
        couponcode: checkout.couponCode,
      };
    },

    'POST /o1/api/verify-and-place': async (request, reply) => {
      const me = userOf(request);
      const body = request.body;
      const checkout = await findCheckoutByProviderOrder(app, body.razorpay_order_id);
      if (!checkout || checkout.userId !== me.id || !checkout.providerOrderId) throw notFound('Order not found');
      // Checked against the order id stored for this shopper's checkout, never one the browser chose.
      const secret = await paymentProvider(app).signingSecret();
      if (!verifyPaymentSignature(checkout.providerOrderId, body.razorpay_payment_id, body.razorpay_signature, secret)) {
        throw badRequest('Payment verification failed');
      }
      // A payment the provider does not confirm is a PaymentRejectedError: 400, nothing placed.
      const result = await placeOrder(app, checkout.providerOrderId, body.razorpay_payment_id, 'verify', {
        shippinginfo: body.shippinginfo,
      });
      const view = await orderView(app.db, result.orderId, { withUser: false });
      const message = result.priceChanged
        ? 'Payment received, but the prices changed after your checkout ran out. Your payment is being refunded; please check out again.'
        : view.flag === 'stock_unavailable'
          ? 'Payment received, but the items sold out while you were paying. Your payment is being refunded.'
          : view.flag === 'coupon_unavailable'
            ? 'Payment received, but the coupon was used up while you were paying. Your payment is being refunded.'
            : view.flag === 'amount_mismatch'
              ? 'The payment did not match the order total. It has not been accepted and will be refunded.'
              : result.created
                ? 'Payment successful! Order placed.'
                : 'Order already placed.';
      return reply.status(result.created ? 201 : 200).send({ success: true, message, order: forShopper(view) });
    },

    'POST /o1/api/sandbox/pay': async (request, reply) => {
      const provider = paymentProvider(app);
      if (!isSandbox(provider)) throw notFound('Route not found');
      const me = userOf(request);
      const checkout = await findCheckoutByProviderOrder(app, request.body.razorpay_order_id);
      if (!checkout || checkout.userId !== me.id || !checkout.providerOrderId) throw notFound('Order not found');
      const earlier = await provider.orderPayments(checkout.providerOrderId);
      if (checkout.status === 'placed' || earlier.some((p) => p.status === 'captured')) {
        throw conflict('This order is already paid');
      }
      const { outcome } = request.body;
      const paid = await provider.pay(checkout.providerOrderId, checkout.amountPaise, outcome);
      if (outcome === 'failure' || !paid.signature) {
        // The failed payment is recorded (as Razorpay records one), and the answer says it failed: 402.
        return reply.status(402).send({
          success: false as const,
          message: 'Payment failed. No money was taken; please try again.',
        });
      }
      return {
        success: true as const,
        razorpay_order_id: checkout.providerOrderId,
        razorpay_payment_id: paid.paymentId,
        razorpay_signature: paid.signature,
      };
    },
  });
};

export default payments;
