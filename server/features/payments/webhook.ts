import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../contract/common.js';
import { WebhookResponse } from '../../../contract/orders.js';
import { paymentEvents } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/errors.js';
import { recordRefundOutcome } from '../lifecycle/store.js';
import { PaymentRejectedError, placeOrder } from './placement.js';
import { verifyWebhookSignature } from './signature.js';

/** Razorpay gives up on an answer after 5 s; the shop answers before that and finishes in the background. */
export const WEBHOOK_ANSWER_MS = 4000;

type RazorpayEvent = {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string | null; status?: string } };
    order?: { entity?: { id?: string } };
    refund?: { entity?: { id?: string; payment_id?: string; status?: string } };
  };
};

/** Handles one verified event; returns when it is fully done (placement included). */
async function handleEvent(app: FastifyInstance, body: RazorpayEvent) {
  const event = body.event ?? '';
  if (event === 'payment.captured' || event === 'order.paid' || event === 'payment.authorized') {
    const payment = body.payload?.payment?.entity;
    const orderId = payment?.order_id ?? body.payload?.order?.entity?.id;
    if (!payment?.id || !orderId) return;
    try {
      await placeOrder(app, orderId, payment.id, 'webhook');
    } catch (err) {
      // Not one of our checkouts, or a payment that cannot make an order: nothing to retry.
      if (err instanceof PaymentRejectedError || (err instanceof AppError && err.statusCode === 404)) {
        app.log.warn({ event, orderId, paymentId: payment.id, reason: (err as Error).message }, 'webhook payment not placed');
        return;
      }
      throw err;
    }
  } else if (event === 'refund.processed' || event === 'refund.failed') {
    const refundId = body.payload?.refund?.entity?.id;
    if (refundId) await recordRefundOutcome(app, refundId, event === 'refund.processed' ? 'processed' : 'failed');
  }
  // payment.failed and anything else: nothing to change (the checkout's hold runs out by itself).
}

/**
 * POST /razorpay-webhook. The signature is checked over the raw body bytes before anything is parsed,
 * so this route (alone) keeps the body as a Buffer. Deliveries are at least once: an event id already
 * handled is skipped; the id is stored only once handling succeeded, so a failed attempt is retried.
 */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const secret = app.config.webhookSecret;
      if (!secret) throw badRequest('Webhook secret is not configured');
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw badRequest('Malformed request body');
      if (!verifyWebhookSignature(raw, request.headers['x-razorpay-signature'], secret)) {
        throw badRequest('Invalid webhook signature');
      }
      let body: RazorpayEvent;
      try {
        body = JSON.parse(raw.toString('utf8')) as RazorpayEvent;
      } catch {
        throw badRequest('Malformed JSON body');
      }
      const eventId = request.headers['x-razorpay-event-id']?.trim() || undefined;
      if (eventId) {
        const [seen] = await app.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)).limit(1);
        if (seen) return { success: true };
      }

      const work = handleEvent(app, body).then(async () => {
        if (eventId) {
          await app.db
            .insert(paymentEvents)
            .values({ eventId, event: String(body.event ?? '') })
            .onConflictDoNothing();
        }
      });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), WEBHOOK_ANSWER_MS);
      });
      try {
        const outcome = await Promise.race([work.then(() => 'done' as const), late]);
        if (outcome === 'late') {
          // Answer in time; the work goes on (and the reconciler backs it up if it fails).
          work.catch((err) => app.log.error({ err, eventId }, 'webhook work failed after answering'));
        }
        return { success: true };
      } catch (err) {
        request.log.error({ err, eventId }, 'webhook handling failed; Razorpay will retry');
        throw new AppError(503, 'Could not handle the event now; please retry');
      } finally {
        clearTimeout(timer);
      }
    },
  );
};

export default webhookRoutes;
