/**
 * The order lifecycle's database side: loads an order's state under a row lock, writes the effects the
 * pure state module decided (restock, refunds, status) together with their timeline events in the caller's
 * transaction, and settles refunds. A refund sent to the payment service becomes processed only through
 * `markRefundProcessed` (pending → processed, once); one paid back outside the shop is recorded processed as it is
 * made, by `applyEffects` (`insertRefund` with `paidBack`). Either way the shop's reactions to a processed refund
 * (`refundProcessedReactions`: the customer's message, the credit note) run in that same transaction.
 */
import crypto from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { convertPaise } from '../../../../contract/currencies.js';
import type { OrderActor, OrderEventType, RefundStatus } from '../../../../contract/lifecycle.js';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import {
  orderEvents,
  orderItems,
  orderPayments,
  orders,
  products,
  type RestockLine,
  refunds,
  returnRequests,
} from '../../../db/schema.js';
import { Conflict, DomainError, NotFound } from '../../../domain/errors.js';
import type { OrderReactions } from '../../../domain/order-events.js';
import type { PaymentContext } from '../../../domain/payment-context.js';
import { GatewayError, type ProviderRefund, RazorpayRequestError } from '../../../domain/payment-provider.js';
import { type Effects, type OrderState, orderState, paymentStatusAfterRefunds, refundSummary, rupees } from './state.js';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;
export type Who = { actor: OrderActor; userId?: string | null };

type EventInput = { type: OrderEventType; actor: OrderActor; note?: string; actorUserId?: string | null };

/** Appends events to an order's timeline, in the order given (in the caller's transaction). */
export async function writeEvents(tx: DbOrTx, orderId: string, events: EventInput[]) {
  for (const e of events) {
    // One insert per event: clock_timestamp() then orders them as written.
    await tx.insert(orderEvents).values({
      orderId,
      type: e.type,
      actor: e.actor,
      note: (e.note ?? '').slice(0, 2000),
      actorUserId: e.actorUserId ?? null,
    });
  }
}

/** The order's row, lines, refunds and return request; with `lock`, the order row is locked until commit. */
export async function loadOrderState(tx: DbOrTx, orderId: string, opts: { lock: boolean }) {
  const q = tx.select().from(orders).where(eq(orders.id, orderId));
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) return null;
  const lines = await tx
    .select({
      id: orderItems.id,
      quantity: orderItems.quantity,
      restocked: orderItems.restocked,
      productId: orderItems.productId,
      setting: orderItems.setting,
      productionStage: orderItems.productionStage,
      huid: orderItems.huid,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));

  const refundRows = await tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
  const [ret] = await tx.select().from(returnRequests).where(eq(returnRequests.orderId, orderId)).limit(1);
  const state = orderState(row, refundRows, ret ?? null, lines, await receivedOutsidePaise(tx, orderId));
  return { row, state, lines, refunds: refundRows, returnRequest: ret ?? null };
}

/** Paise received outside the shop for an order: its recorded payments (a bank transfer, UPI, cheque, cash). */
async function receivedOutsidePaise(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select({ paise: sql<number>`coalesce(sum(${orderPayments.amountPaise}), 0)::bigint`.mapWith(Number) })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), ne(orderPayments.method, 'razorpay')));
  return row?.paise ?? 0;
}

/**
 * The payment a refund through the payment service goes back to when the refund names none: the order's own; for a
 * credit order paid online (pay-due, a Payment Link), its latest online payment.
 */
async function refundedPaymentId(db: DbOrTx, order: Pick<OrderRow, 'id' | 'razorpayPaymentId'>) {
  if (order.razorpayPaymentId) return order.razorpayPaymentId;
  const [online] = await db
    .select({ reference: orderPayments.reference })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.method, 'razorpay')))
    .orderBy(sql`${orderPayments.createdAt} desc`)
    .limit(1);
  return online?.reference ?? '';
}

/** A part of a refund through the payment service: the payment it goes back to and how much of it. */
type RefundPart = { paymentId: string | null; amountPaise: number };

/**
 * How a refund through the payment service goes back (in the caller's transaction, the order row locked): an order paid
 * at checkout, to its payment; a credit order paid online in several payments (pay-due, a Payment Link), split across
 * them, newest first, each taking at most what is left of it (what was counted against the order less its refunds not
 * failed), since the payment service refuses a refund larger than what is left of one payment. What no payment has
 * room for (none should) goes to the newest, as before, and the payment service answers for it.
 */
async function refundParts(tx: DbOrTx, order: OrderRow, amountPaise: number): Promise<RefundPart[]> {
  if (order.razorpayPaymentId) return [{ paymentId: order.razorpayPaymentId, amountPaise }];
  const payments = await tx
    .select({ paymentId: orderPayments.reference, paise: orderPayments.amountPaise })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.method, 'razorpay')))
    .orderBy(sql`${orderPayments.createdAt} desc`, sql`${orderPayments.id} desc`);
  if (payments.length === 0) return [{ paymentId: null, amountPaise }];
  const given = await tx
    .select({
      paymentId: refunds.paymentId,
      paise: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::bigint`.mapWith(Number),
    })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), isNull(refunds.method), ne(refunds.status, 'failed')))
    .groupBy(refunds.paymentId);
  const refunded = new Map(given.map((g) => [g.paymentId, g.paise]));
  const parts: RefundPart[] = [];
  let left = amountPaise;
  for (const p of payments) {
    const room = p.paise - (refunded.get(p.paymentId) ?? 0);
    const take = Math.min(room, left);
    if (take <= 0) continue;
    parts.push({ paymentId: p.paymentId, amountPaise: take });
    left -= take;
    if (left === 0) break;
  }
  if (left > 0) {
    const newest = payments[0]?.paymentId as string;
    const same = parts.find((p) => p.paymentId === newest);
    if (same) same.amountPaise += left;
    else parts.unshift({ paymentId: newest, amountPaise: left });
  }
  return parts;
}

/**
 * Puts units back on sale: each line's `restocked` grows only while it stays within what was sold (a
 * conditional update, checked by the database too), and the product's stock grows by as much. Products
 * are touched in id order, so concurrent restocks never deadlock.
 */
async function restockLines(tx: Tx, orderId: string, restock: RestockLine[], lines: OrderState['lines']) {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const sorted = [...restock].sort((a, b) => {
    const pa = byId.get(a.lineId)?.productId ?? '';
    const pb = byId.get(b.lineId)?.productId ?? '';
    return pa < pb ? -1 : pa > pb ? 1 : 0;
  });
  for (const r of sorted) {
    const [line] = await tx
      .update(orderItems)
      .set({ restocked: sql`${orderItems.restocked} + ${r.quantity}` })
      .where(
        and(
          eq(orderItems.id, r.lineId),
          eq(orderItems.orderId, orderId),
          sql`${orderItems.restocked} + ${r.quantity} <= ${orderItems.quantity}`,
        ),
      )
      .returning({ productId: orderItems.productId });
    if (!line) throw new Conflict('Those units were already put back on sale');
    if (!line.productId) continue;
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${r.quantity}`, sold: sql`greatest(${products.sold} - ${r.quantity}, 0)` })
      .where(eq(products.id, line.productId));
  }
}

/** Payment status and refund summary of an order, recomputed from its refunds (in the caller's transaction). */
export async function syncRefundSummary(tx: DbOrTx, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return;
  const all = await tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
  const paymentstatus = paymentStatusAfterRefunds({
    refunds: all.map((r) => ({ amountPaise: r.amountPaise, status: r.status })),
    paidPaise: row.paidPaise,
    paymentstatus: row.paymentstatus,
  });
  const latestWithId = [...all].reverse().find((r) => r.providerRefundId);
  await tx
    .update(orders)
    .set({
      paymentstatus,
      refundStatus: refundSummary(all),
      refundId: latestWithId?.providerRefundId ?? null,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId));
}

/**
 * A refund asked for in rupees, as it goes back in the currency the order was paid in: at the order's own rate,
 * rounded down (never more back than the rupees refunded), and exactly what is left in that currency when the
 * refund takes all that is left of the payment. Rupee orders: INR, no currency amount.
 */
async function refundInCurrency(tx: DbOrTx, orderId: string, amountPaise: number) {
  const [order] = await tx
    .select({
      currency: orders.currency,
      currencyAmount: orders.currencyAmount,
      fxRate: orders.fxRate,
      paidPaise: orders.paidPaise,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.currency === 'INR' || order.currencyAmount === null || !order.fxRate) {
    return { currency: 'INR', currencyAmount: null };
  }
  const [given] = await tx
    .select({
      paise: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::bigint`.mapWith(Number),
      minor: sql<number>`coalesce(sum(${refunds.currencyAmount}), 0)::bigint`.mapWith(Number),
    })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), sql`${refunds.status} <> 'failed'`));
  const leftMinor = order.currencyAmount - (given?.minor ?? 0);
  const leftPaise = order.paidPaise - (given?.paise ?? 0);
  const minor =
    amountPaise >= leftPaise ? leftMinor : Math.min(leftMinor, convertPaise(amountPaise, order.fxRate, order.currency, 'down'));
  if (minor <= 0) {
    throw new Conflict(`This refund is too small to send back in ${order.currency}. Refund at least a little more.`);
  }
  return { currency: order.currency, currencyAmount: minor };
}

/** Records a refund to be sent (pending, with its idempotency key) in the caller's transaction. */
export async function insertRefund(
  tx: DbOrTx,
  input: {
    orderId: string;
    amountPaise: number;
    reason: string;
    restock?: RestockLine[];
    who: Who;
    wholePayment?: boolean;
    idempotencyKey?: string;
    /** The refund in the payment's currency, when the caller knows it (a whole payment given back). */
    currency?: string;
    currencyAmount?: number;
    /** Money received outside the shop paid back outside it: recorded processed, never sent to the payment service. */
    paidBack?: { method: string; reference: string };
    /** The payment it goes back to; by default the order's own, or a credit order's latest online payment. */
    paymentId?: string | null;
  },
) {
  const id = crypto.randomUUID();
  const inCurrency =
    input.currency !== undefined || input.paidBack
      ? { currency: input.currency ?? 'INR', currencyAmount: input.currencyAmount ?? null }
      : await refundInCurrency(tx, input.orderId, input.amountPaise);
  const paidBack = input.paidBack
    ? {
        method: input.paidBack.method as NonNullable<RefundRow['method']>,
        reference: input.paidBack.reference,
        status: 'processed' as const,
        processedAt: new Date(),
      }
    : {};
  let paymentId: string | null = null;
  if (!input.paidBack) {
    if (input.paymentId !== undefined) paymentId = input.paymentId;
    else {
      const [order] = await tx
        .select({ id: orders.id, razorpayPaymentId: orders.razorpayPaymentId })
        .from(orders)
        .where(eq(orders.id, input.orderId));
      paymentId = order ? (await refundedPaymentId(tx, order)) || null : null;
    }
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      id,
      paymentId,
      orderId: input.orderId,
      amountPaise: input.amountPaise,
      reason: input.reason.slice(0, 500),
      restock: input.restock ?? [],
      actor: input.who.actor,
      actorUserId: input.who.userId ?? null,
      wholePayment: input.wholePayment ?? false,
      idempotencyKey: input.idempotencyKey ?? `refund-${id}`,
      ...inCurrency,
      ...paidBack,
    })
    .returning();
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

/**
 * Writes what `decide` allowed, in the caller's transaction (the order row already locked): status,
 * restock, the refund to start, the return request's status, the timeline. Returns the new refunds: one, or one per
 * payment when a credit order's online payments share it (`refundParts`); none without a refund.
 */
export async function applyEffects(
  tx: Tx,
  loaded: NonNullable<Awaited<ReturnType<typeof loadOrderState>>>,
  effects: Effects,
  who: Who,
  reactions: OrderReactions,
  opts: { refundReason?: string; now?: Date } = {},
) {
  const now = opts.now ?? new Date();
  const orderId = loaded.row.id;
  if (effects.restock.length) await restockLines(tx, orderId, effects.restock, loaded.state.lines);
  if (effects.deliverystatus && effects.deliverystatus !== loaded.row.deliverystatus) {
    await tx
      .update(orders)
      .set({
        deliverystatus: effects.deliverystatus,
        ...(effects.deliverystatus === 'delivered' ? { deliveredAt: now } : {}),
        ...(effects.deliverystatus === 'cancelled' ? { cancelledAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(orders.id, orderId));
  }
  if (effects.returnStatus && loaded.returnRequest && effects.returnStatus !== 'requested') {
    await tx
      .update(returnRequests)
      .set({ status: effects.returnStatus, updatedAt: now })
      .where(eq(returnRequests.id, loaded.returnRequest.id));
  }
  if (effects.production) {
    const { lineId, stage, huid } = effects.production;
    await tx
      .update(orderItems)
      .set({ productionStage: stage, ...(huid ? { huid } : {}) })
      .where(and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId)));
  }
  const made: RefundRow[] = [];
  if (effects.refundPaise > 0) {
    const parts: RefundPart[] = effects.paidBack
      ? [{ paymentId: null, amountPaise: effects.refundPaise }]
      : await refundParts(tx, loaded.row, effects.refundPaise);
    for (const [i, part] of parts.entries()) {
      made.push(
        await insertRefund(tx, {
          orderId,
          amountPaise: part.amountPaise,
          reason: opts.refundReason ?? '',
          // The units put back on sale are recorded once, with the first part.
          restock: i === 0 ? effects.restock : [],
          who,
          ...(effects.paidBack ? { paidBack: effects.paidBack } : { paymentId: part.paymentId }),
        }),
      );
    }
    await syncRefundSummary(tx, orderId);
  }
  await writeEvents(
    tx,
    orderId,
    effects.events.map((e) => ({ ...e, actor: who.actor, actorUserId: who.userId ?? null })),
  );
  // Paid back outside the shop: processed as recorded, so its credit note (and the like) is written now.
  for (const refund of made) if (refund.status === 'processed') await refundProcessedReactions(tx, reactions, refund);
  return made;
}

// ---------------------------------------------------------------- refund outcomes

/**
 * Runs the shop's reactions to a processed refund (its credit note, the customer's message) inside the transaction
 * that marks it processed: whatever they write commits with the refund's new status or not at all.
 */
async function refundProcessedReactions(tx: Tx, reactions: OrderReactions, refund: RefundRow) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
  if (order) for (const react of reactions.refundProcessed) await react(tx, { refund, order });
}

async function lockRefundOrder(tx: Tx, refundId: string) {
  const [ref] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  if (!ref) return null;
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, ref.orderId)).for('update');
  return ref.orderId;
}

/**
 * Settles a pending refund (never one already settled) under its order's lock: writes `outcome` (made at the
 * time of the change), `updatedAt` and the provider's refund id when known, and brings the order's payment
 * status up to date. Null when the refund is unknown or no longer pending.
 */
async function settlePending(
  tx: Tx,
  refundId: string,
  providerRefundId: string | null | undefined,
  outcome: (now: Date) => Partial<typeof refunds.$inferInsert>,
): Promise<{ orderId: string; refund: RefundRow } | null> {
  const orderId = await lockRefundOrder(tx, refundId);
  if (!orderId) return null;
  const now = new Date();
  const [refund] = await tx
    .update(refunds)
    .set({ ...outcome(now), updatedAt: now, ...(providerRefundId ? { providerRefundId } : {}) })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  if (!refund) return null;
  await syncRefundSummary(tx, orderId);
  return { orderId, refund };
}

/**
 * The one place a refund sent to the payment service becomes processed: pending → processed (never twice), the order's payment status
 * follows (Partially refunded / Refunded), a `refund_processed` event, then the shop's reactions. Returns whether
 * this call made the change.
 */
async function markRefundProcessed(ctx: PaymentContext, refundId: string, providerRefundId?: string | null) {
  return ctx.db.transaction(async (tx) => {
    const settled = await settlePending(tx, refundId, providerRefundId, (now) => ({ status: 'processed', processedAt: now }));
    if (!settled) return false;
    const { orderId, refund } = settled;
    await writeEvents(tx, orderId, [
      {
        type: 'refund_processed',
        actor: 'system',
        note: `${rupees(refund.amountPaise)}${refund.reason ? ` — ${refund.reason}` : ''}`,
      },
    ]);
    await refundProcessedReactions(tx, ctx.orderReactions, refund);
    return true;
  });
}

/** A refund the provider refused or gave up on: its amount may be refunded again. */
async function markRefundFailed(db: Db, refundId: string, failure: string, providerRefundId?: string | null) {
  return db.transaction(async (tx) => {
    const settled = await settlePending(tx, refundId, providerRefundId, () => ({
      status: 'failed',
      failure: failure.slice(0, 500),
    }));
    if (!settled) return false;
    const { orderId, refund } = settled;
    await writeEvents(tx, orderId, [
      { type: 'refund_failed', actor: 'system', note: `${rupees(refund.amountPaise)}${failure ? ` — ${failure}` : ''}` },
    ]);
    return true;
  });
}

/** Refund events from the webhook, by the provider's refund id. */
export async function recordRefundOutcome(ctx: PaymentContext, providerRefundId: string, status: 'processed' | 'failed') {
  const [row] = await ctx.db.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId)).limit(1);
  if (!row) return false;
  return status === 'processed'
    ? markRefundProcessed(ctx, row.id)
    : markRefundFailed(ctx.db, row.id, 'The payment service could not complete the refund');
}

/** What sending a refund came to; `sentPaise`: of a refund split across payments, what went back despite a failed part. */
export type SubmitOutcome = { status: RefundStatus | 'retry'; error?: DomainError; sentPaise?: number };

/**
 * Sends a pending refund to the provider with its idempotency key (a retry never refunds twice) and
 * records the answer. A refusal (4xx) fails the refund; an outage leaves it pending for the reconciler.
 */
export async function submitRefund(ctx: PaymentContext, refundId: string): Promise<SubmitOutcome> {
  const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!refund) throw new NotFound('Refund not found');
  if (refund.status !== 'pending') return { status: refund.status };
  if (refund.providerRefundId) return { status: 'pending' };
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, refund.orderId)).limit(1);
  if (!order) throw new NotFound('Order not found');
  let answer: ProviderRefund;
  try {
    answer = await ctx.paymentProvider.refund(
      refund.paymentId ?? (await refundedPaymentId(ctx.db, order)),
      refund.idempotencyKey,
      refund.wholePayment ? undefined : (refund.currencyAmount ?? refund.amountPaise),
    );
  } catch (err) {
    const refused = err instanceof RazorpayRequestError && ![401, 403, 409, 429].includes(err.providerStatus ?? 0);
    if (refused) {
      await markRefundFailed(ctx.db, refund.id, err.message);
      return { status: 'failed', error: err };
    }
    ctx.log.warn({ err, refundId }, 'refund not accepted yet; will retry');
    return { status: 'retry', error: err instanceof DomainError ? err : new GatewayError('The payment service failed') };
  }
  if (answer.status === 'processed') {
    await markRefundProcessed(ctx, refund.id, answer.id);
  } else if (answer.status === 'failed') {
    await markRefundFailed(ctx.db, refund.id, 'The payment service could not complete the refund', answer.id);
  } else {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(refunds)
        .set({ providerRefundId: answer.id, updatedAt: new Date() })
        .where(and(eq(refunds.id, refund.id), isNull(refunds.providerRefundId)));
      await syncRefundSummary(tx, refund.orderId);
    });
  }
  return { status: answer.status };
}

/**
 * The reconciler's part: sends refunds the provider has not accepted yet, and asks the provider about
 * refunds it accepted but has not reported finished for a while (webhooks can be lost).
 */
export async function settlePendingRefunds(ctx: PaymentContext, now = new Date()) {
  let sent = 0;
  const unsent = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), isNull(refunds.providerRefundId)))
    .orderBy(asc(refunds.createdAt))
    .limit(50);
  for (const r of unsent) {
    const out = await submitRefund(ctx, r.id);
    if (out.status !== 'retry') sent++;
  }
  const provider = ctx.paymentProvider;
  const waiting = await ctx.db
    .select({
      id: refunds.id,
      providerRefundId: refunds.providerRefundId,
      paymentId: refunds.paymentId,
      orderId: orders.id,
      razorpayPaymentId: orders.razorpayPaymentId,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNotNull(refunds.providerRefundId),
        lt(refunds.updatedAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .orderBy(asc(refunds.updatedAt))
    .limit(50);
  for (const r of waiting) {
    try {
      const found = await provider.fetchRefund(
        r.paymentId ?? (await refundedPaymentId(ctx.db, { id: r.orderId, razorpayPaymentId: r.razorpayPaymentId })),
        r.providerRefundId as string,
      );
      if (found?.status === 'processed') {
        if (await markRefundProcessed(ctx, r.id)) sent++;
      } else if (found?.status === 'failed') {
        await markRefundFailed(ctx.db, r.id, 'The payment service could not complete the refund');
      } else {
        await ctx.db.update(refunds).set({ updatedAt: now }).where(eq(refunds.id, r.id));
      }
    } catch (err) {
      ctx.log.warn({ err, refundId: r.id }, 'could not ask about a pending refund; will retry');
      break;
    }
  }
  return sent;
}
