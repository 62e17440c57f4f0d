import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { checkouts } from '../../db/schema.js';
import { Unavailable } from '../../domain/errors.js';
import type { PaymentContext } from '../../domain/payment-context.js';
import { GatewayError, RazorpayRequestError } from '../../domain/payment-provider.js';
import { settlePendingRefunds } from '../orders/lifecycle/store.js';
import { PaymentRejectedError, settlePayment } from './placement.js';

/** A pending checkout is asked about at most this often. */
const PENDING_EVERY_MS = 60_000;
/** Expired checkouts are still asked about (a payment may come after the hold) for a day, less often. */
const EXPIRED_EVERY_MS = 10 * 60_000;
const EXPIRED_FOR_MS = 24 * 3600_000;

/** Payments listed by time reach back past the last listing this far (a payment authorized or captured late). */
const LISTING_OVERLAP_MS = 30 * 60_000;
/** The most payments one run reads from the provider's listing. */
const LISTING_MAX = 2000;
/** Until a server has listed once, it lists payments made within this long (as long as expired checkouts are asked about). */
const FIRST_LISTING_MS = EXPIRED_FOR_MS;
/** Up to when each server has listed the provider's payments (a run that failed leaves it where it was). */
const listedUpTo = new WeakMap<PaymentContext, number>();

/** Answers that concern every request (bad keys, rate limit): the run stops and tries again next time. */
const PROVIDER_WIDE = new Set([401, 403, 429]);

type ReconcileSummary = { checked: number; placed: number; refunds: number };

/**
 * Places payments whose browser and webhook both went missing: asks the provider for the payments of
 * each pending (and recently expired) checkout and sends a completed one through placeOrder. Also
 * retries refunds the provider has not accepted yet.
 */
export async function reconcilePending(ctx: PaymentContext, now = new Date()): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { checked: 0, placed: 0, refunds: 0 };
  await reconcileListedPayments(ctx, now, summary);
  await reconcileEachCheckout(ctx, now, summary);
  summary.refunds += await settlePendingRefunds(ctx, now);
  return summary;
}

/** Places a paid checkout; false when it must be tried again next run (not marked as asked). */
async function place(ctx: PaymentContext, orderId: string, paymentId: string, summary: ReconcileSummary) {
  try {
    const result = await settlePayment(ctx, orderId, paymentId, 'reconciler');
    if (result.created) summary.placed++;
  } catch (err) {
    if (!(err instanceof PaymentRejectedError)) {
      ctx.log.error({ err, orderId }, 'reconciler could not place a paid checkout; will retry');
      return false;
    }
  }
  return true;
}

/**
 * The provider's payments listed by time since the last listing (with an overlap): every captured or authorized
 * one whose checkout is still pending or expired is placed. One listing finds a paid checkout however many
 * unpaid checkouts there are (a flood of abandoned ones cannot hide it).
 */
async function reconcileListedPayments(ctx: PaymentContext, now: Date, summary: ReconcileSummary) {
  const provider = ctx.paymentProvider;
  const from = (listedUpTo.get(ctx) ?? now.getTime() - FIRST_LISTING_MS) - LISTING_OVERLAP_MS;
  let payments: Awaited<ReturnType<typeof provider.paymentsBetween>>;
  try {
    payments = await provider.paymentsBetween(Math.floor(from / 1000), Math.ceil(now.getTime() / 1000), LISTING_MAX);
  } catch (err) {
    ctx.log.warn({ err }, 'reconciler could not list recent payments; will retry');
    return;
  }
  const paidByOrder = new Map<string, string>();
  for (const status of ['authorized', 'captured'] as const) {
    for (const p of payments) if (p.orderId && p.status === status) paidByOrder.set(p.orderId, p.id);
  }
  let complete = true;
  if (paidByOrder.size > 0) {
    const open = await ctx.db
      .select({ id: checkouts.id, providerOrderId: checkouts.providerOrderId })
      .from(checkouts)
      .where(
        and(
          eq(checkouts.provider, provider.name),
          inArray(checkouts.providerOrderId, [...paidByOrder.keys()]),
          inArray(checkouts.status, ['pending', 'expired']),
        ),
      );
    for (const c of open) {
      const orderId = c.providerOrderId as string;
      summary.checked++;
      if (!(await place(ctx, orderId, paidByOrder.get(orderId) as string, summary))) complete = false;
      else await ctx.db.update(checkouts).set({ lastReconciledAt: now }).where(eq(checkouts.id, c.id));
    }
  }
  if (complete && payments.length < LISTING_MAX) listedUpTo.set(ctx, now.getTime());
}

/**
 * Asks the provider about each pending (and recently expired) checkout not asked about lately: pending ones first,
 * the latest holds first. The safety net for a payment the listing did not show.
 */
async function reconcileEachCheckout(ctx: PaymentContext, now: Date, summary: ReconcileSummary) {
  const provider = ctx.paymentProvider;
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
    .orderBy(sql`${checkouts.status} = 'pending' desc`, desc(checkouts.holdExpiresAt), asc(checkouts.createdAt))
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
    if (paid && !(await place(ctx, orderId, paid.id, summary))) continue; // not marked: tried again next run
    await ctx.db.update(checkouts).set({ lastReconciledAt: now }).where(eq(checkouts.id, c.id));
  }
}
