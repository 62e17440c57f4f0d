import { eq } from 'drizzle-orm';
import { paymentEvents } from '../../db/schema.js';
import { InvalidInput, NotFound, Unavailable } from '../../domain/errors.js';
import type { PaymentContext, PaymentLog } from '../../domain/payment-context.js';
import { recordRefundOutcome } from '../orders/lifecycle/store.js';
import { PaymentRejectedError, settlePayment } from './placement.js';
import { verifyWebhookSignature } from './signature.js';

/** Razorpay gives up on an answer after 5 s; the shop answers before that and finishes in the background. */
const WEBHOOK_ANSWER_MS = 4000;

type RazorpayEvent = {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string | null; status?: string } };
    order?: { entity?: { id?: string } };
    refund?: { entity?: { id?: string; payment_id?: string; status?: string } };
    payment_link?: { entity?: { id?: string; reference_id?: string } };
  };
};

/** Handles one verified event; returns when it is fully done (placement included). */
async function handleEvent(ctx: PaymentContext, body: RazorpayEvent) {
  const event = body.event ?? '';
  if (event === 'payment.captured' || event === 'order.paid' || event === 'payment.authorized') {
    const payment = body.payload?.payment?.entity;
    const orderId = payment?.order_id ?? body.payload?.order?.entity?.id;
    if (!payment?.id || !orderId) return;
    try {
      await settlePayment(ctx, orderId, payment.id, 'webhook');
    } catch (err) {
      // Not one of our checkouts, or a payment that cannot make an order: nothing to retry.
      if (err instanceof PaymentRejectedError || err instanceof NotFound) {
        ctx.log.warn({ event, orderId, paymentId: payment.id, reason: (err as Error).message }, 'webhook payment not placed');
        return;
      }
      throw err;
    }
  } else if (event === 'payment_link.paid') {
    // What is due on a credit order, paid through the link its reminder carried.
    await ctx.duePayments.settleLink(ctx, body.payload);
  } else if (event === 'refund.processed' || event === 'refund.failed') {
    const refundId = body.payload?.refund?.entity?.id;
    if (refundId) await recordRefundOutcome(ctx, refundId, event === 'refund.processed' ? 'processed' : 'failed');
  }
  // payment.failed and anything else: nothing to change (the checkout's hold runs out by itself).
}

/**
 * A delivery of the Razorpay webhook: the raw body (a Buffer), its X-Razorpay-Signature and X-Razorpay-Event-Id.
 * The signature is checked over the raw bytes before anything is parsed. Deliveries are at least once: an event
 * id already handled is skipped; the id is stored only once handling succeeded, so a failed attempt is retried.
 * Answers within WEBHOOK_ANSWER_MS; work still going on then finishes in the background.
 */
export async function receiveWebhook(
  ctx: PaymentContext,
  raw: unknown,
  signature: string | undefined,
  eventIdHeader: string | undefined,
  requestLog: PaymentLog,
) {
  const secret = ctx.config.webhookSecret;
  if (!secret) throw new InvalidInput('Webhook secret is not configured');
  if (!Buffer.isBuffer(raw)) throw new InvalidInput('Malformed request body');
  if (!verifyWebhookSignature(raw, signature, secret)) {
    throw new InvalidInput('Invalid webhook signature');
  }
  let body: RazorpayEvent;
  try {
    body = JSON.parse(raw.toString('utf8')) as RazorpayEvent;
  } catch {
    throw new InvalidInput('Malformed JSON body');
  }
  const eventId = eventIdHeader?.trim() || undefined;
  if (eventId) {
    const [seen] = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)).limit(1);
    if (seen) return { success: true };
  }

  const work = handleEvent(ctx, body).then(async () => {
    if (eventId) {
      await ctx.db
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
      work.catch((err) => ctx.log.error({ err, eventId }, 'webhook work failed after answering'));
    }
    return { success: true };
  } catch (err) {
    requestLog.error({ err, eventId }, 'webhook handling failed; Razorpay will retry');
    throw new Unavailable('Could not handle the event now; please retry');
  } finally {
    clearTimeout(timer);
  }
}
