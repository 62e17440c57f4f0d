import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paiseToRupees } from '../../../contract/common.js';
import { minorToMajor } from '../../../contract/currencies.js';
import { RETURN_WINDOW_MS } from '../../../contract/lifecycle.js';
import { type AdminOrder, type AdminOrdersQuery, OVERDUE, RETURN_REQUESTED, UNSHIPPED } from '../../../contract/orders.js';
import type { Db } from '../../db/client.js';
import { invoices, orderItems, orderPayments, orders, returnRequests, users } from '../../db/schema.js';
import { NotFound } from '../../domain/errors.js';
import { indiaDate } from '../../domain/tax.js';
import { invoiceLinks, receiptLinks } from '../gst/invoices.js';
import { voucherLinks } from '../gst/vouchers.js';
import { pieceView } from '../made-to-order/service.js';
import { reviewsOfLines } from '../reviews/service.js';
import { lifecycleViews } from './lifecycle/view.js';
import { productViewsByIds } from './product-view.js';

type OrderRow = typeof orders.$inferSelect;
type AdminOrderView = z.infer<typeof AdminOrder>;
type AdminQuery = z.infer<typeof AdminOrdersQuery>;

const capitalise = <T extends string>(s: T) => `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}` as Capitalize<T>;

/**
 * Order rows → the API's Order shape, with each line's live product (or null once deleted). A fixed
 * number of queries whatever the page size: the lines, their products, the customers.
 */
async function orderViews(db: Db, rows: OrderRow[], opts: { withUser: boolean }): Promise<AdminOrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const live = await productViewsByIds(
    db,
    items.flatMap((i) => (i.productId ? [i.productId] : [])),
  );
  const userIds = opts.withUser ? [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))] : [];
  const people = userIds.length
    ? await db
        .select({ id: users.id, fullname: users.fullname, mobileno: users.mobileno })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const personById = new Map(people.map((u) => [u.id, u]));
  const invoiceByOrder = await invoiceLinks(db, ids);
  const receiptByOrder = await receiptLinks(db, ids);
  const vouchersByOrder = await voucherLinks(db, ids);
  const paymentRows = await db
    .select()
    .from(orderPayments)
    .where(inArray(orderPayments.orderId, ids))
    .orderBy(asc(orderPayments.createdAt), asc(orderPayments.id));
  const paymentsByOrder = new Map<string, { amount: number; method: string; reference: string; receivedon: string }[]>();
  for (const p of paymentRows) {
    const list = paymentsByOrder.get(p.orderId) ?? [];
    list.push({ amount: paiseToRupees(p.amountPaise), method: p.method, reference: p.reference, receivedon: p.receivedOn });
    paymentsByOrder.set(p.orderId, list);
  }
  const linesByOrder = new Map<string, typeof items>();
  for (const i of items) {
    const list = linesByOrder.get(i.orderId) ?? [];
    list.push(i);
    linesByOrder.set(i.orderId, list);
  }
  // Timeline, refunds, shipment, return request; the whole timeline for the admin (opts.withUser).
  const lifecycle = await lifecycleViews(db, rows, linesByOrder, opts.withUser);
  return rows.map((o) => {
    const person = o.userId ? personById.get(o.userId) : undefined;
    const life = lifecycle.get(o.id);
    if (!life) throw new Error('order view without its lifecycle');
    return {
      _id: o.id,
      number: o.number,
      createdAt: o.createdAt.toISOString(),
      status: capitalise(o.deliverystatus),
      deliverystatus: o.deliverystatus,
      paymentstatus: o.paymentstatus,
      totalamount: paiseToRupees(o.totalPaise),
      products: (linesByOrder.get(o.id) ?? []).map((i) => ({
        _id: i.id,
        productId: (i.productId && live.get(i.productId)) || null,
        productname: i.productname,
        productprice: paiseToRupees(i.unitPricePaise),
        listprice: paiseToRupees(i.listPricePaise ?? i.unitPricePaise),
        productimage: i.productimage,
        quantity: i.quantity,
        size: i.size,
        colour: i.colour,
        setting: i.setting ? pieceView(i.setting) : null,
        production: i.setting ? { stage: i.productionStage ?? ('designing' as const), huid: i.huid } : null,
      })),
      shippinginfo: o.shippinginfo,
      ...(opts.withUser
        ? { user: person ? { _id: person.id, fullname: person.fullname, mobileno: person.mobileno } : null }
        : {}),
      razorpay_order_id: o.razorpayOrderId,
      razorpay_payment_id: o.razorpayPaymentId,
      shipping: o.shipping
        ? {
            name: o.shipping.name,
            amount: paiseToRupees(o.shipping.amountPaise),
            mindays: o.shipping.mindays,
            maxdays: o.shipping.maxdays,
          }
        : null,
      shippingamount: paiseToRupees(o.shippingPaise),
      duedate: o.dueDate,
      amountdue: paiseToRupees(o.amountDuePaise),
      payments: paymentsByOrder.get(o.id) ?? [],
      currency: o.currency,
      currencyamount: o.currencyAmount === null ? paiseToRupees(o.totalPaise) : minorToMajor(o.currencyAmount, o.currency),
      fxrate: o.fxRate === null ? 1 : Number(o.fxRate),
      quoteId: o.quoteId,
      flag: o.flag,
      refundstatus: o.refundStatus,
      ...life,
      invoice: invoiceByOrder.get(o.id) ?? null,
      receipt: receiptByOrder.get(o.id) ?? null,
      vouchers: vouchersByOrder.get(o.id) ?? [],
      events: life.events.map((e) => ({ ...e, by: e.by ?? null })),
    };
  });
}

/** The Order shape for the shopper: no merchant-only fields. */
export const forShopper = ({ flag: _f, refundstatus: _r, refundable: _a, restockable: _s, events, ...rest }: AdminOrderView) => ({
  ...rest,
  events: events.filter((e) => e.type !== 'note').map(({ by: _b, ...e }) => e),
});

export async function orderView(db: Db, id: string, opts: { withUser: boolean }) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw new NotFound('Order not found');
  const [view] = await orderViews(db, [row], opts);
  return view as AdminOrderView;
}

export async function myOrders(db: Db, userId: string) {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  const views = (await orderViews(db, rows, { withUser: false })).map(forShopper);
  // Each line says whether the buyer reviewed it (My Orders offers "Write a review" on delivered lines).
  const reviews = await reviewsOfLines(
    db,
    userId,
    views.flatMap((o) => o.products.map((l) => l._id)),
  );
  return views.map((o) => ({ ...o, products: o.products.map((l) => ({ ...l, review: reviews.get(l._id) ?? null })) }));
}

/**
 * Paid orders to be sent that are still not shipped two days after payment (an order is placed when it is paid): not
 * shipped, paid, not flagged as unfulfillable.
 */
export const UNSHIPPED_TWO_DAYS = sql`(${orders.deliverystatus} in ('pending', 'confirmed')
  and ${orders.paymentstatus} in ('Paid', 'Partially refunded')
  and (${orders.flag} is null or ${orders.flag} = 'shipping_missing')
  and ${orders.createdAt} < now() - interval '2 days')`;

/** Credit orders with something still due after their due date, India's calendar day at `at`. */
export const overdueCredit = (at: Date) => sql`(${orders.paymentstatus} in ('Due', 'Partially paid')
  and ${orders.amountDuePaise} > 0
  and ${orders.dueDate} < ${indiaDate(at)})`;

const WHOLE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Midnight at the start of a calendar day in India (UTC+05:30, no daylight saving). */
const indiaDayStart = (ymd: string) => new Date(`${ymd}T00:00:00+05:30`);

/**
 * A search that reads as an Indian mobile number (digits, spaces, dashes, a leading +91 or 0) → its ten
 * digits, as numbers are stored; anything else is searched as typed.
 */
function asMobile(search: string): string | null {
  if (!/^[+\d][\d\s-]*$/.test(search)) return null;
  const digits = search
    .replace(/[\s-]/g, '')
    .replace(/^\+91/, '')
    .replace(/^0(?=\d{10}$)/, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/**
 * The admin orders filter. A search matches part of the order number, the buyer's name, mobile number (as
 * shipped to and as the account has it) or e-mail, the invoice number, an order id, Razorpay order id or
 * payment id, case insensitively; trigram indexes on each (migrations 0005 and 0140) keep it off a full scan.
 * `return-requested` is the orders whose return waits for the merchant: asked for, or approved and not
 * yet received.
 */
export function adminOrderFilter(q: Omit<AdminQuery, 'page' | 'limit'>): SQL | undefined {
  const where: SQL[] = [];
  if (q.search && WHOLE_UUID.test(q.search)) {
    // A whole order id can only be that order (Razorpay's ids are shorter and never hold hyphens): the
    // primary key answers it, whatever the planner thinks of the substring patterns below.
    where.push(eq(orders.id, q.search.toLowerCase()));
  } else if (q.search) {
    const pattern = `%${likeEscape(q.search)}%`;
    const mobile = asMobile(q.search);
    const mobilePattern = mobile ? `%${mobile}%` : pattern;
    // Accounts and invoices are looked up first and their orders reached through indexes (an array, not a
    // join, so each branch stays an index scan of orders).
    const people = sql`select u.id from ${users} u where u.fullname ilike ${pattern} or u.email ilike ${pattern}
                       or u.mobileno ilike ${mobilePattern}`;
    const invoiced = sql`select i.order_id from ${invoices} i where i.number ilike ${pattern}`;
    where.push(
      or(
        ilike(orders.number, pattern),
        ilike(orders.razorpayOrderId, pattern),
        ilike(orders.razorpayPaymentId, pattern),
        sql`${orders.id}::text ilike ${pattern}`,
        sql`(${orders.shippinginfo}->>'fullname') ilike ${pattern}`,
        sql`(${orders.shippinginfo}->>'mobileno') ilike ${mobilePattern}`,
        sql`${orders.userId} = any(array(${people}))`,
        sql`${orders.id} = any(array(${invoiced}))`,
      ) as SQL,
    );
  }
  if (q.status === UNSHIPPED) {
    where.push(UNSHIPPED_TWO_DAYS);
  } else if (q.status === OVERDUE) {
    where.push(overdueCredit(new Date()));
  } else if (q.status === RETURN_REQUESTED) {
    where.push(
      sql`exists (select 1 from ${returnRequests} r where r.order_id = ${orders.id} and r.status in ('requested', 'approved'))`,
    );
  } else if (q.status) where.push(eq(orders.deliverystatus, q.status));
  if (q.startDate) where.push(gte(orders.createdAt, indiaDayStart(q.startDate)));
  if (q.endDate) where.push(lt(orders.createdAt, new Date(indiaDayStart(q.endDate).getTime() + 86_400_000)));
  return where.length ? and(...where) : undefined;
}

/** @forTests the query-plan test EXPLAINs the very queries the admin order list runs */
export function adminOrderQueries(db: Db, q: AdminQuery) {
  const filter = adminOrderFilter(q);
  return {
    count: db.select({ n: count() }).from(orders).where(filter),
    page: db
      .select()
      .from(orders)
      .where(filter)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  };
}

/**
 * The admin orders answer, and until when (clock ms) it holds without any write: an order's `returnable`
 * turns false when its return window closes.
 */
export async function adminOrdersUntil(db: Db, q: AdminQuery) {
  const queries = adminOrderQueries(db, q);
  const [total] = await queries.count;
  const totalOrders = Number(total?.n ?? 0);
  const rows = await queries.page;
  const totalPages = Math.ceil(totalOrders / q.limit);
  const orders = await orderViews(db, rows, { withUser: true });
  // An order turns two days unshipped without any write: that list is made again at least every minute.
  // An order turns overdue at India's midnight, also without a write.
  let validUntil = q.status === UNSHIPPED || q.status === OVERDUE ? Date.now() + 60_000 : Number.POSITIVE_INFINITY;
  for (const [k, o] of orders.entries()) {
    const deliveredAt = rows[k]?.deliveredAt;
    if (o.returnable && deliveredAt) validUntil = Math.min(validUntil, deliveredAt.getTime() + RETURN_WINDOW_MS + 1);
  }
  return {
    answer: {
      orders,
      pagination: {
        currentPage: q.page,
        totalPages,
        totalOrders,
        hasNextPage: q.page < totalPages,
        hasPrevPage: q.page > 1,
        limit: q.limit,
      },
    },
    validUntil,
  };
}

export async function countOrders(db: Db) {
  const [row] = await db.select({ n: count() }).from(orders);
  return Number(row?.n ?? 0);
}
