// Paying what is due on a credit order through the checkout (Razorpay, or the sandbox). A checkout that pays an
// order holds no stock and has no lines: it names the order (checkouts.pays_order_id) and the amount due when it was
// opened. The payment is reported by the browser (verify-and-place), the webhook and the reconciler, and all three end
// in settleDue, which counts one payment once (its id is unique in order_payments) under the lock of the buyer's
// business, as the merchant's recorded payments are.
import { and, eq, sql } from 'drizzle-orm';
import { formatPaise } from '../../../contract/money.js';
import type { Tx } from '../../db/client.js';
import { businesses, checkouts, orderPayments, orders, users } from '../../db/schema.js';
import { OWING } from '../../domain/credit-position.js';
import type { SettleResult } from '../../domain/due-payments.js';
import { Conflict, DomainError, NotFound } from '../../domain/errors.js';
import type { PaymentContext } from '../../domain/payment-context.js';
import { GatewayUnavailableError } from '../../domain/payment-provider.js';
import { indiaDate } from '../../domain/tax.js';
import { issuePaymentReceiptVoucher } from '../gst/invoices.js';
import { syncRefundSummary, writeEvents } from '../orders/lifecycle/store.js';
import { IN_FLIGHT_MS, paymentOrderMade } from '../payments/checkout.js';
import { releaseCheckout } from '../payments/holds.js';
import { confirmPayment } from '../payments/placement.js';

type CheckoutRow = typeof checkouts.$inferSelect;

/** Razorpay's smallest order: ₹1.00. */
const MIN_AMOUNT_PAISE = 100;
/** A payment of what is due holds no stock: it stays open for a day (the reconciler asks about it meanwhile). */
const DUE_CHECKOUT_MS = 24 * 3600_000;
/** An open payment with at least this long left is given again rather than replaced (a double click). */
const REUSE_MIN_LEFT_MS = 10 * 60_000;
/** @forTests tests match the refusal word for word */
export const NOTHING_DUE = 'Nothing is due on this order';

/**
 * POST /o1/api/pay-due/:id: a payment for what is still due on the buyer's own credit order. Another buyer's order
 * is a 404 (as everywhere); an order with nothing due a 409. An open payment for the same amount is given again; one
 * for another amount (the merchant recorded a payment since) is closed first.
 */
export async function startDuePayment(ctx: PaymentContext, userId: string, orderId: string) {
  const provider = ctx.paymentProvider;
  const at = ctx.clock();
  const prepared = await ctx.db.transaction(async (tx) => {
    // One payment opened at a time per buyer.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order || order.userId !== userId) throw new NotFound('Order not found');
    if (!(OWING as readonly string[]).includes(order.paymentstatus) || order.amountDuePaise <= 0) {
      throw new Conflict(NOTHING_DUE);
    }
    if (order.amountDuePaise < MIN_AMOUNT_PAISE) {
      throw new Conflict(`Less than ${formatPaise(MIN_AMOUNT_PAISE)} is due: please pay it by bank transfer or UPI`);
    }
    const open = await tx
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.paysOrderId, orderId), eq(checkouts.status, 'pending')))
      .for('update');
    const reusable = open.find(
      (c) =>
        // made for a click a moment ago, its payment order perhaps still being made: waited for, not replaced
        (c.providerOrderId || Date.now() - c.createdAt.getTime() < IN_FLIGHT_MS) &&
        c.provider === provider.name &&
        c.amountPaise === order.amountDuePaise &&
        c.holdExpiresAt.getTime() - at.getTime() > REUSE_MIN_LEFT_MS,
    );
    if (reusable) {
      await tx.update(checkouts).set({ updatedAt: new Date() }).where(eq(checkouts.id, reusable.id));
      return { reused: reusable };
    }
    // A late payment of a closed one is still counted (settleDue), up to what is then due.
    for (const c of open) await releaseCheckout(tx, c.id, 'expired');
    const [checkout] = await tx
      .insert(checkouts)
      .values({
        userId,
        provider: provider.name,
        amountPaise: order.amountDuePaise,
        currency: 'INR',
        status: 'pending',
        lines: [],
        shippinginfo: order.shippinginfo,
        shipping: null,
        shippingPaise: 0,
        holdExpiresAt: new Date(at.getTime() + DUE_CHECKOUT_MS),
        paysOrderId: orderId,
      })
      .returning();
    if (!checkout) throw new Error('checkout insert returned nothing');
    return { created: checkout };
  });
  if ('reused' in prepared && prepared.reused) {
    const given = prepared.reused.providerOrderId ? prepared.reused : await paymentOrderMade(ctx, prepared.reused.id);
    return { checkout: given, providerOrderId: given.providerOrderId as string };
  }
  const checkout = (prepared as { created: CheckoutRow }).created;
  let providerOrder: { id: string; amount: number };
  try {
    providerOrder = await provider.createOrder({
      amount: checkout.amountPaise,
      currency: 'INR',
      receipt: checkout.id,
      notes: { checkout_id: checkout.id, order_id: orderId, ...(checkout.userId ? { user_id: checkout.userId } : {}) },
    });
    if (providerOrder.amount !== checkout.amountPaise) {
      throw new Error(`provider order amount ${providerOrder.amount} differs from ${checkout.amountPaise}`);
    }
  } catch (err) {
    await ctx.db.transaction((tx) => releaseCheckout(tx, checkout.id, 'failed'));
    if (err instanceof DomainError) throw err; // 502 / 503 from the gateway
    ctx.log.error({ err, checkoutId: checkout.id }, 'creating the payment order for what is due failed');
    throw new GatewayUnavailableError();
  }
  const [saved] = await ctx.db
    .update(checkouts)
    .set({ providerOrderId: providerOrder.id, updatedAt: new Date() })
    .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'pending')))
    .returning();
  if (!saved) throw new Conflict('This payment was replaced by a newer one. Please try again.');
  return { checkout: saved, providerOrderId: providerOrder.id };
}

/**
 * A payment for a checkout that pays a credit order, from any of the three reports. Trusts no browser: the payment is
 * fetched from the provider and must be for this checkout's provider order, in INR, for its amount, and captured (an
 * authorized one is captured first). Then, under the lock of the buyer's business, the checkout and the order: a
 * payment already counted is not counted again (`created` false); otherwise it is kept in order_payments (method
 * `razorpay`, its id as the reference), the amount due falls by it, and the order becomes Partially paid or Paid. What
 * was no longer due (the merchant recorded a payment meanwhile), a payment not for the checkout's amount and a second
 * payment of one checkout are refunded, each under its own idempotency key.
 */
export async function settleDue(
  ctx: PaymentContext,
  checkout: CheckoutRow,
  paymentId: string,
  source: 'verify' | 'webhook' | 'reconciler',
): Promise<SettleResult> {
  const orderId = checkout.paysOrderId;
  if (!orderId) throw new NotFound('Order not found');
  const counted = async () => {
    const [row] = await ctx.db
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(eq(orderPayments.method, 'razorpay'), eq(orderPayments.reference, paymentId)));
    return Boolean(row);
  };
  if (await counted()) return { orderId, created: false };

  const verdict = await confirmPayment(ctx.paymentProvider, checkout, paymentId);
  const payment = verdict.payment;
  const at = ctx.clock();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [peek] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    if (!peek) throw new NotFound('Order not found');
    if (peek.userId)
      await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, peek.userId)).for('update');
    const [locked] = await tx.select().from(checkouts).where(eq(checkouts.id, checkout.id)).for('update');
    if (!locked) throw new NotFound('Checkout not found');
    const [seen] = await tx
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(eq(orderPayments.method, 'razorpay'), eq(orderPayments.reference, payment.id)));
    if (seen) return { appliedPaise: 0, refundPaise: 0, created: false };
    const captured = payment.status === 'captured';
    if (verdict.kind === 'amount_mismatch') {
      await writeEvents(tx, orderId, [
        {
          type: 'note',
          actor: 'system',
          note: `A payment (${payment.id}) not for the amount due was not accepted${captured ? ' and is refunded' : ''}`,
        },
      ]);
      return { appliedPaise: 0, refundPaise: captured ? payment.amount : 0, created: false, mismatch: true };
    }
    if (locked.status === 'placed') {
      // This checkout was paid already by another payment: this one is paid twice and goes back in full.
      await writeEvents(tx, orderId, [
        { type: 'note', actor: 'system', note: `A second payment (${payment.id}) of what was due is refunded` },
      ]);
      return { appliedPaise: 0, refundPaise: payment.amount, created: false };
    }
    await tx.update(checkouts).set({ status: 'placed', updatedAt: new Date() }).where(eq(checkouts.id, locked.id));
    const { appliedPaise, refundPaise } = await applyOnlinePayment(
      tx,
      orderId,
      payment,
      at,
      source === 'verify' ? 'customer' : 'system',
    );
    return { appliedPaise, refundPaise, created: appliedPaise > 0 };
  });

  if (outcome.refundPaise > 0 && payment.status === 'captured') {
    try {
      const refund = await ctx.paymentProvider.refund(payment.id, `due-${payment.id}`, outcome.refundPaise);
      ctx.log.warn({ orderId, paymentId: payment.id, refundId: refund.id }, 'payment of what was due refunded (in part)');
    } catch (err) {
      ctx.log.error({ err, orderId, paymentId: payment.id }, 'refund of a payment no longer due failed: refund it by hand');
    }
  }
  ctx.log.info({ orderId, paymentId: payment.id, source, appliedPaise: outcome.appliedPaise }, 'payment of what was due');
  return { orderId, created: outcome.created, ...('mismatch' in outcome ? { mismatch: true } : {}) };
}

/**
 * Counts an online payment against what is due on a credit order (its row locked here, in the caller's transaction):
 * up to what is still owed, the order Partially paid or Paid, a timeline event; what was no longer due is noted, and
 * its amount returned for the caller to refund. One payment is counted once: the caller checks its reference first.
 */
export async function applyOnlinePayment(
  tx: Tx,
  orderId: string,
  payment: { id: string; amount: number },
  at: Date,
  actor: 'customer' | 'system',
) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new NotFound('Order not found');
  const owing = (OWING as readonly string[]).includes(order.paymentstatus) ? order.amountDuePaise : 0;
  const appliedPaise = Math.min(owing, payment.amount);
  const refundPaise = payment.amount - appliedPaise;
  if (appliedPaise > 0) {
    const [row] = await tx
      .insert(orderPayments)
      .values({
        orderId,
        userId: order.userId,
        amountPaise: appliedPaise,
        method: 'razorpay',
        reference: payment.id,
        receivedOn: indiaDate(at),
      })
      .returning({ id: orderPayments.id });
    // Received before the order's made-to-order piece is ready (and invoiced): an advance, acknowledged by a voucher.
    if (row) await issuePaymentReceiptVoucher(tx, { id: row.id, orderId, amountPaise: appliedPaise }, at);
    const left = order.amountDuePaise - appliedPaise;
    await tx
      .update(orders)
      .set({
        amountDuePaise: left,
        paidPaise: sql`${orders.paidPaise} + ${appliedPaise}`,
        paymentstatus: left === 0 ? 'Paid' : 'Partially paid',
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId));
    // Paid at last after a refund: the status says what was refunded (Partially refunded).
    await syncRefundSummary(tx, orderId);
    await writeEvents(tx, orderId, [
      {
        type: left === 0 ? 'paid' : 'note',
        actor,
        note: `${formatPaise(appliedPaise)} paid online (${payment.id})`,
      },
    ]);
  }
  if (refundPaise > 0) {
    await writeEvents(tx, orderId, [
      {
        type: 'note',
        actor: 'system',
        note: `${formatPaise(refundPaise)} of payment ${payment.id} was no longer due and is refunded`,
      },
    ]);
  }
  return { appliedPaise, refundPaise };
}
