import { and, asc, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { checkouts } from '../../db/schema.js';
import { Unavailable } from '../../domain/errors.js';
import { settlePendingRefunds } from '../lifecycle/store.js';
import type { PaymentContext } from './context.js';
import { PaymentRejectedError, placeOrder } from './placement.js';
import { GatewayError } from './provider.js';
import { RazorpayRequestError } from './razorpay-client.js';

/** A pending checkout is asked about at most this often. */
const PENDING_EVERY_MS = 60_000;
/** Expired checkouts are still asked about (a payment may come after the hold) for a day, less often. */
const EXPIRED_EVERY_MS = 10 * 60_000;
const EXPIRED_FOR_MS = 24 * 3600_000;

/** Answers that concern every request (bad keys, rate limit): the run stops and tries again next time. */
const PROVIDER_WIDE = new Set([401, 403, 429]);

type ReconcileSummary = { checked: number; placed: number; refunds: number };

/**
 * Places payments whose browser and webhook both went missing: asks the provider for the payments of
 * each pending (and recently expired) checkout and sends a completed one through placeOrder. Also
 * retries refunds the provider has not accepted yet.
 */
export async function reconcilePending(ctx: PaymentContext, now = new Date()): Promise<ReconcileSummary> {
  const provider = ctx.paymentProvider;
  const summary: ReconcileSummary = { checked: 0, placed: 0, refunds: 0 };
  const due = await ctx.db
    .select({ id: checkouts.id, providerOrderId: checkouts.providerOrderId })
    .from(checkouts)
    .where(
      and(
        isNotNull(checkouts.providerOrderId),
        eq(checkouts.provider, provider.name),
        or(
          and(
            eq(checkouts.status, 'pending'),
            or(isNull(checkouts.lastReconciledAt), lt(checkouts.lastReconciledAt, new Date(now.getTime() - PENDING_EVERY_MS))),
          ),
          and(
            eq(checkouts.status, 'expired'),
            gt(checkouts.holdExpiresAt, new Date(now.getTime() - EXPIRED_FOR_MS)),
            or(isNull(checkouts.lastReconciledAt), lt(checkouts.lastReconciledAt, new Date(now.getTime() - EXPIRED_EVERY_MS))),
          ),
        ),
      ),
    )
    .orderBy(asc(checkouts.createdAt))
    .limit(50);

  for (const c of due) {
    const orderId = c.providerOrderId as string;
    let payments: Awaited<ReturnType<typeof provider.orderPayments>>;
    try {
      payments = await provider.orderPayments(orderId);
    } catch (err) {
      if (err instanceof RazorpayRequestError && !PROVIDER_WIDE.has(err.providerStatus ?? 0)) {
        // Razorpay does not know this order (made with other keys, or not ours): nothing can be paid on
        // it here. Asked again later like any other, and it never holds up the checkouts behind it.
        ctx.log.warn({ orderId, reason: err.message }, 'reconciler: the payment service does not know this order');
        await ctx.db.update(checkouts).set({ lastReconciledAt: now }).where(eq(checkouts.id, c.id));
        continue;
      }
      ctx.log.warn({ err, orderId }, 'reconciler could not list payments; will retry');
      if (err instanceof GatewayError || err instanceof Unavailable) break;
      continue;
    }
    summary.checked++;
    const paid =
      payments.find((p) => p.orderId === orderId && p.status === 'captured') ??
      payments.find((p) => p.orderId === orderId && p.status === 'authorized');
    if (paid) {
      try {
        const result = await placeOrder(ctx, orderId, paid.id, 'reconciler');
        if (result.created) summary.placed++;
      } catch (err) {
        if (!(err instanceof PaymentRejectedError)) {
          ctx.log.error({ err, orderId }, 'reconciler could not place a paid checkout; will retry');
          continue; // not marked: tried again next run
        }
      }
    }
    await ctx.db.update(checkouts).set({ lastReconciledAt: now }).where(eq(checkouts.id, c.id));
  }

  summary.refunds += await settlePendingRefunds(ctx, now);
  return summary;
}
