import { and, asc, inArray, ne, sql } from 'drizzle-orm';
import { paiseToRupees } from '../../../../contract/common.js';
import { minorToMajor } from '../../../../contract/currencies.js';
import type { DbOrTx } from '../../../db/client.js';
import { orderEvents, type orderItems, orderPayments, type orders, refunds, returnRequests, users } from '../../../db/schema.js';
import { canCancel, canRequestReturn, orderState, refundableOfflinePaise, refundablePaise, restockableUnits } from './state.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const group = <T extends { orderId: string }>(rows: T[]) => {
  const by = new Map<string, T[]>();
  for (const r of rows) {
    const list = by.get(r.orderId) ?? [];
    list.push(r);
    by.set(r.orderId, list);
  }
  return by;
};

/**
 * The lifecycle part of Order answers (timeline, shipment, refunds, return request, what the viewer may do),
 * for many orders with a fixed number of queries. `admin`: the whole timeline with private notes and who
 * acted, and the admin's cancel rule; else the shopper's view.
 */
export async function lifecycleViews(db: DbOrTx, rows: OrderRow[], itemsByOrder: Map<string, ItemRow[]>, admin: boolean) {
  const ids = rows.map((r) => r.id);
  const [events, refundRows, returns, outside] = ids.length
    ? await Promise.all([
        db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.at), asc(orderEvents.seq)),
        db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(asc(refunds.createdAt)),
        db.select().from(returnRequests).where(inArray(returnRequests.orderId, ids)),
        // Money received outside the shop, per order: it is paid back outside it.
        db
          .select({
            orderId: orderPayments.orderId,
            paise: sql<number>`sum(${orderPayments.amountPaise})::bigint`.mapWith(Number),
          })
          .from(orderPayments)
          .where(and(inArray(orderPayments.orderId, ids), ne(orderPayments.method, 'razorpay')))
          .groupBy(orderPayments.orderId),
      ])
    : [[], [], [], []];
  const outsideBy = new Map(outside.map((r) => [r.orderId, r.paise]));
  const actorIds = admin ? [...new Set(events.flatMap((e) => (e.actorUserId ? [e.actorUserId] : [])))] : [];
  const names = actorIds.length
    ? new Map(
        (await db.select({ id: users.id, fullname: users.fullname }).from(users).where(inArray(users.id, actorIds))).map((u) => [
          u.id,
          u.fullname,
        ]),
      )
    : new Map<string, string>();
  const eventsBy = group(events);
  const refundsBy = group(refundRows);
  const returnBy = new Map(returns.map((r) => [r.orderId, r]));
  const now = new Date();

  return new Map(
    rows.map((o) => {
      const items = itemsByOrder.get(o.id) ?? [];
      const orderRefunds = refundsBy.get(o.id) ?? [];
      const ret = returnBy.get(o.id) ?? null;
      const state = orderState(o, orderRefunds, ret, items, outsideBy.get(o.id) ?? 0);
      const timeline = (eventsBy.get(o.id) ?? []).filter((e) => admin || e.type !== 'note');
      const processed = orderRefunds.filter((r) => r.status === 'processed').reduce((s, r) => s + r.amountPaise, 0);
      const view = {
        events: timeline.map((e) => ({
          at: e.at.toISOString(),
          type: e.type,
          actor: e.actor,
          note: e.note,
          ...(admin ? { by: e.actorUserId ? (names.get(e.actorUserId) ?? null) : null } : {}),
        })),
        shipment:
          o.shipmentCarrier && o.shippedAt
            ? {
                carrier: o.shipmentCarrier,
                trackingnumber: o.shipmentTrackingNumber ?? '',
                trackingurl: o.shipmentTrackingUrl ?? '',
                shippedAt: o.shippedAt.toISOString(),
                ...(admin
                  ? {
                      portcode: o.shipmentPortCode ?? '',
                      shippingbill: o.shipmentBillNumber ?? '',
                      shippingbilldate: o.shipmentBillDate ?? '',
                    }
                  : {}),
              }
            : null,
        refunds: orderRefunds.map((r) => ({
          _id: r.id,
          amount: paiseToRupees(r.amountPaise),
          currency: r.currency,
          currencyamount: r.currencyAmount === null ? paiseToRupees(r.amountPaise) : minorToMajor(r.currencyAmount, r.currency),
          status: r.status,
          reason: r.reason,
          createdAt: r.createdAt.toISOString(),
          ...(r.method ? { method: r.method, reference: r.reference } : {}),
          ...(r.paymentId ? { paymentid: r.paymentId } : {}),
        })),
        refundedamount: paiseToRupees(processed),
        discountamount: paiseToRupees(o.discountPaise),
        couponcode: o.couponCode,
        invoice: null,
        receipt: null,
        vouchers: [],
        cancellable: canCancel(state, admin ? 'admin' : 'customer', now).ok,
        returnable: canRequestReturn(state, now).ok,
        returnrequest: ret
          ? { _id: ret.id, status: ret.status, reason: ret.reason, createdAt: ret.createdAt.toISOString() }
          : null,
        refundable: paiseToRupees(refundablePaise(state)),
        refundableoffline: paiseToRupees(refundableOfflinePaise(state)),
        restockable: restockableUnits(state),
      };
      return [o.id, view] as const;
    }),
  );
}
