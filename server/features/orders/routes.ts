import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, IdParams, paiseToRupees } from '../../../contract/common.js';
import {
  AdminOrderResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminUpdateOrderBody,
  MyOrdersResponse,
  OrderCountResponse,
  OrderResponse,
  RazorpayOrderBody,
  RazorpayOrderResponse,
  SandboxPaid,
  SandboxPayBody,
  SandboxPayFailed,
  VerifyAndPlaceBody,
} from '../../../contract/orders.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { ADMIN, requireAdmin, requireUser, SIGNED_IN, userOf } from '../../http/session.js';
import { setDeliveryStatus } from '../lifecycle/service.js';
import { findCheckoutByProviderOrder, startCheckout } from '../payments/checkout.js';
import { installPaymentJobs } from '../payments/jobs.js';
import { placeOrder } from '../payments/placement.js';
import { isSandbox, paymentProvider } from '../payments/registry.js';
import { verifyPaymentSignature } from '../payments/signature.js';
import webhookRoutes from '../payments/webhook.js';
import * as service from './service.js';

const tags = ['Orders and payment'];

const routes: FastifyPluginAsyncZod = async (app) => {
  installPaymentJobs(app);
  await app.register(webhookRoutes);

  app.post(
    '/razorpay-order',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Hold the cart’s stock and create the payment order (amount computed on the server)',
        ...SIGNED_IN,
        body: RazorpayOrderBody,
        response: { 200: RazorpayOrderResponse, ...errorResponses(400, 401, 409, 429, 502, 503) },
      },
    },
    async (request) => {
      const me = userOf(request);
      const provider = paymentProvider(app);
      const { checkout, providerOrderId } = await startCheckout(app, me.id, request.body?.shippinginfo, {
        clientAddress: request.ip,
        items: request.body?.items,
      });
      return {
        success: true,
        razorpayOrder: { id: providerOrderId, amount: checkout.amountPaise, currency: 'INR' as const },
        provider: provider.name,
        key: provider.keyId,
        totalamount: paiseToRupees(checkout.amountPaise),
        holdExpiresAt: checkout.holdExpiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/verify-and-place',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Verify the payment signature and place the order (201; the same payment again: 200, same order)',
        ...SIGNED_IN,
        body: VerifyAndPlaceBody,
        response: { 200: OrderResponse, 201: OrderResponse, ...errorResponses(400, 401, 404, 502, 503) },
      },
    },
    async (request, reply) => {
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
      const view = await service.orderView(app.db, result.orderId, { withUser: false });
      const message = result.priceChanged
        ? 'Payment received, but the prices changed after your checkout ran out. Your payment is being refunded; please check out again.'
        : view.flag === 'stock_unavailable'
          ? 'Payment received, but the items sold out while you were paying. Your payment is being refunded.'
          : view.flag === 'amount_mismatch'
            ? 'The payment did not match the order total. It has not been accepted and will be refunded.'
            : result.created
              ? 'Payment successful! Order placed.'
              : 'Order already placed.';
      return reply.status(result.created ? 201 : 200).send({ success: true, message, order: service.forShopper(view) });
    },
  );

  app.post(
    '/sandbox/pay',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Sandbox mode only: pay (or fail) a checkout; answers what Razorpay Checkout hands its handler (402 when the payment failed, which is recorded)',
        ...SIGNED_IN,
        body: SandboxPayBody,
        response: { 200: SandboxPaid, 402: SandboxPayFailed, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    '/my-orders',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Your orders, newest first',
        ...SIGNED_IN,
        response: { 200: MyOrdersResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ success: true, orders: await service.myOrders(app.db, userOf(request).id) }),
  );

  app.get(
    '/admin/orders',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary:
          'Every order, newest first; search by order, Razorpay order or payment id; filter by status and India-time dates',
        ...ADMIN,
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true, ...(await service.adminOrders(app.db, request.query)) }),
  );

  app.patch(
    '/admin/update/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Set an order’s delivery status (any of the five from any other; recorded in the timeline; 409 once cancelled)',
        ...ADMIN,
        params: IdParams,
        body: AdminUpdateOrderBody,
        response: { 200: AdminOrderResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await setDeliveryStatus(app, request.params.id, userOf(request).id, request.body.deliverystatus);
      return {
        success: true,
        message: 'Order status updated',
        order: await service.orderView(app.db, request.params.id, { withUser: true }),
      };
    },
  );

  app.get(
    '/admin/count',
    {
      preValidation: requireAdmin,
      schema: { tags, summary: 'Number of orders', ...ADMIN, response: { 200: OrderCountResponse, ...errorResponses(401, 403) } },
    },
    async () => ({ success: true, count: await service.countOrders(app.db) }),
  );
};

export default routes;
