/**
 * Reminders of what is due on a credit order, and the Razorpay Payment Link each carries (docs/credit.md): the buyer
 * is reminded 3 days before the due date, on it and 7 days after, each once; with Razorpay keys every reminder carries
 * the order's one Payment Link, made again only when the amount due changed; the link's `payment_link.paid` webhook
 * settles the order like any payment of what is due, once however often it is reported.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { formatPaise } from '../../../contract/money.js';
import type { Tx } from '../../db/client.js';
import { dueReminders, orderPayments, orders, users } from '../../db/schema.js';
import type { LinkPaid } from '../../domain/due-payments.js';
import type { PaymentContext } from '../../domain/payment-context.js';
import { indiaDate } from '../../domain/tax.js';
import { notifyUser } from '../outbox/outbox.js';
import { applyOnlinePayment } from './pay-due.js';

type Kind = 'before' | 'on' | 'after';
const DAY_MS = 86_400_000;

/** Days from one India date (YYYY-MM-DD) to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Which reminder is due on `today` for an order due on `due`, if any: 3 days before up to the day before ('before'),
 * the due date up to 6 days after ('on'), from 7 days after ('after'). A reminder a server missed (it was down that
 * day) is sent late rather than never, and a later one makes an earlier one moot.
 * @forTests unit-tested day by day around a due date
 */
export function reminderFor(due: string, today: string): Kind | null {
  const left = daysBetween(today, due);
  if (left > 3) return null;
  if (left > 0) return 'before';
  if (left > -7) return 'on';
  return 'after';
}

/** The order's Payment Link for what is due now: the one it has when it asks for that amount, else a new one. */
async function linkFor(
  ctx: PaymentContext,
  tx: Tx,
  order: typeof orders.$inferSelect,
  buyer: { fullname: string; mobileno: string; email: string | null },
) {
  const links = ctx.paymentProvider.paymentLinks;
  if (!links) return null;
  if (order.paymentLinkId && order.paymentLinkUrl && order.paymentLinkPaise === order.amountDuePaise) {
    return order.paymentLinkUrl;
  }
  if (order.paymentLinkId) await links.cancel(order.paymentLinkId);
  // The first link's reference id is the order's id; a reference id is never used twice, so a later one is numbered.
  const made = order.paymentLinksMade + 1;
  const link = await links.create({
    amountPaise: order.amountDuePaise,
    referenceId: made === 1 ? order.id : `${order.id}/${made}`,
    description: `Order ${order.number}: ${formatPaise(order.amountDuePaise)} due`,
    customer: { name: buyer.fullname, contact: buyer.mobileno, ...(buyer.email ? { email: buyer.email } : {}) },
  });
  await tx
    .update(orders)
    .set({
      paymentLinkId: link.id,
      paymentLinkUrl: link.url,
      paymentLinkPaise: order.amountDuePaise,
      paymentLinksMade: made,
    })
    .where(eq(orders.id, order.id));
  return link.url;
}

/**
 * Sends the reminders due now (a job; safe on several servers at once: each reminder is claimed by its row, under the
 * order's lock, before it is written to the outbox). Returns how many were sent.
 */
export async function sendDueReminders(ctx: PaymentContext, now = ctx.clock()) {
  const today = indiaDate(now);
  const horizon = indiaDate(new Date(now.getTime() + 3 * DAY_MS));
  const owing = await ctx.db
    .select({ id: orders.id, dueDate: orders.dueDate })
    .from(orders)
    .where(
      and(
        inArray(orders.paymentstatus, ['Due', 'Partially paid']),
        gt(orders.amountDuePaise, 0),
        sql`${orders.dueDate} <= ${horizon}`,
      ),
    );
  let sent = 0;
  for (const { id, dueDate } of owing) {
    const kind = dueDate ? reminderFor(dueDate, today) : null;
    if (!kind) continue;
    try {
      if (await remind(ctx, id, kind, today)) sent++;
    } catch (err) {
      // Razorpay unreachable: this reminder is tried again at the next run.
      ctx.log.warn({ err, orderId: id, kind }, 'a reminder of what is due could not be sent yet');
    }
  }
  return sent;
}

async function remind(ctx: PaymentContext, orderId: string, kind: Kind, today: string) {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.amountDuePaise <= 0 || !order.dueDate) return false;
    const [already] = await tx
      .select({ kind: dueReminders.kind })
      .from(dueReminders)
      .where(and(eq(dueReminders.orderId, orderId), eq(dueReminders.kind, kind)));
    if (already) return false;
    const [buyer] = order.userId
      ? await tx
          .select({ fullname: users.fullname, mobileno: users.mobileno, email: users.email })
          .from(users)
          .where(eq(users.id, order.userId))
      : [];
    if (!buyer) return false;
    const link = await linkFor(ctx, tx, order, buyer);
    await tx.insert(dueReminders).values({ orderId, kind });
    await notifyUser(
      tx,
      order.userId,
      'due_reminder',
      {
        orderNo: order.number,
        fullname: buyer.fullname,
        kind,
        due: formatPaise(order.amountDuePaise),
        duedate: order.dueDate,
        days: Math.abs(daysBetween(today, order.dueDate)),
        link: link ?? '',
      },
      { dedupeKey: `due:${orderId}:${kind}` },
    );
    return true;
  });
}

/**
 * `payment_link.paid`: the payment is fetched from Razorpay (never taken from the event), must be captured, in rupees,
 * and the link must be the order's; it is then counted once against what is due (a repeat finds its reference and
 * changes nothing); what was no longer due is refunded.
 */
export async function settleLinkPayment(ctx: PaymentContext, payload: LinkPaid | undefined) {
  const linkId = payload?.payment_link?.entity?.id;
  const orderId = payload?.payment_link?.entity?.reference_id?.split('/')[0];
  const paymentId = payload?.payment?.entity?.id;
  if (!linkId || !orderId || !paymentId || !/^[0-9a-f-]{36}$/.test(orderId)) return false;
  const payment = await ctx.paymentProvider.fetchPayment(paymentId);
  if (payment?.status !== 'captured' || payment.currency !== 'INR') {
    ctx.log.warn({ orderId, paymentId }, 'payment link payment not captured: nothing counted');
    return false;
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.paymentLinkId !== linkId) return null;
    const [seen] = await tx
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(eq(orderPayments.method, 'razorpay'), eq(orderPayments.reference, payment.id)));
    if (seen) return null;
    return applyOnlinePayment(tx, orderId, payment, ctx.clock(), 'customer');
  });
  if (!outcome) return false;
  if (outcome.refundPaise > 0) {
    try {
      await ctx.paymentProvider.refund(payment.id, `due-${payment.id}`, outcome.refundPaise);
    } catch (err) {
      ctx.log.error({ err, orderId, paymentId }, 'refund of a link payment no longer due failed: refund it by hand');
    }
  }
  return outcome.appliedPaise > 0;
}
