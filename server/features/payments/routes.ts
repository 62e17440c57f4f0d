import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../../contract/common.js';
import { WebhookResponse } from '../../../contract/orders.js';
import { paymentRoutes } from '../../../contract/payments.js';
import { registerRoutes } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import { checkoutAnswer, startCheckout } from './checkout.js';
import { countCheckoutStarted } from './checkout-count.js';
import { sandboxPay, verifyAndPlace } from './pay.js';
import { receiveWebhook } from './webhook.js';

/**
 * POST /razorpay-webhook. The signature is checked over the raw body bytes before anything is parsed, so this
 * route (alone, in its own plugin) keeps the body as a Buffer.
 */
const webhookRoute: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => {
    done(null, body);
  });
  app.post(
    '/razorpay-webhook',
    {
      schema: {
        tags: ['Orders and payment'],
        summary: 'Razorpay webhook (payment.captured, order.paid, refund.*); signed with X-Razorpay-Signature',
        description:
          'The raw JSON body is verified with hex(HMAC_SHA256(raw_body, webhook_secret)) before parsing. ' +
          'Repeats of one x-razorpay-event-id are skipped.',
        headers: z.looseObject({
          'x-razorpay-signature': z.string().optional(),
          'x-razorpay-event-id': z.string().optional(),
        }),
        body: z.unknown().describe('Razorpay event JSON, verified over its raw bytes'),
        response: { 200: WebhookResponse, ...errorResponses(400, 413, 415, 503) },
      },
    },
    async (request) => {
      const headers = request.headers as Record<string, string | undefined>;
      return receiveWebhook(app, request.body, headers['x-razorpay-signature'], headers['x-razorpay-event-id'], request.log);
    },
  );
};

/**
 * Payments: the checkout's payment routes (contract/payments.ts) and the Razorpay webhook, each bound to one
 * service call. Services get the database, payment provider, settings, log and clock the app carries
 * (domain/payment-context.ts).
 */
const payments: FastifyPluginAsync = async (app) => {
  await app.register(webhookRoute, { prefix: '/o1/api' });

  registerRoutes(app, paymentRoutes, {
    'POST /o1/api/razorpay-order': async (request) => {
      const userId = userOf(request).id;
      await countCheckoutStarted(app, userId, request.ip);
      const { checkout, providerOrderId } = await startCheckout(app, userId, request.body?.shippinginfo, {
        clientAddress: request.ip,
        items: request.body?.items,
        buynow: request.body?.buynow,
        coupon: request.body?.coupon || undefined,
        shippingrate: request.body?.shippingrate || undefined,
        currency: request.body?.currency || undefined,
      });
      return checkoutAnswer(app.paymentProvider, checkout, providerOrderId);
    },

    'POST /o1/api/verify-and-place': async (request, reply) => {
      const { created, message, order } = await verifyAndPlace(app, userOf(request).id, request.body);
      return reply.status(created ? 201 : 200).send({ success: true, message, order });
    },

    'POST /o1/api/sandbox/pay': async (request, reply) => {
      const paid = await sandboxPay(app, userOf(request).id, request.body.razorpay_order_id, request.body.outcome);
      if (paid.failed) {
        // The failed payment is recorded (as Razorpay records one), and the answer says it failed: 402.
        return reply.status(402).send({
          success: false as const,
          message: 'Payment failed. No money was taken; please try again.',
        });
      }
      return {
        success: true as const,
        razorpay_order_id: paid.razorpay_order_id,
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_signature: paid.razorpay_signature,
      };
    },
  });
};

export default payments;
