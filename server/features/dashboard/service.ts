import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { paiseToRupees } from '../../../contract/common.js';
import {
  type AdminOrderFilters,
  type AwaitingOrder,
  type DailyTotals,
  LOW_STOCK_THRESHOLD,
  type LowStockProduct,
  type PeriodTotals,
  SHOP_TIME_ZONE,
} from '../../../contract/dashboard.js';
import { type DbOrTx, execRows } from '../../db/client.js';
import { einvoices, orders, outbox, returnRequests } from '../../db/schema.js';
import { adminOrderFilter, overdueCredit, UNSHIPPED_TWO_DAYS } from '../orders/service.js';
import { countOverdueGrievances } from '../trust/grievances.js';
import { quotesWaiting } from '../wholesale/quotes.js';

const TZ = SHOP_TIME_ZONE;
const DAYS_IN_CHART = 30;

/**
 * An order whose payment counts: money was captured for it and it was recorded as paid (a payment for the
 * wrong amount never was, and is refunded whole). Whatever became of it later (cancelled, returned, refunded
 * in part or in full) it stays counted, and what was refunded of it counts against the day it went back.
 */
const COUNTED_PAYMENT = sql`o.paid_paise > 0 and o.flag is distinct from 'amount_mismatch'`;

/**
 * Revenue (money kept: what was paid less what was refunded) and paid-order counts for today, the last 7 and
 * last 30 India-time days, and the daily series. A payment counts on the day its order was placed, a refund
 * on the day it was processed; pending and failed refunds have sent nothing back yet.
 */
export async function revenueStats(db: DbOrTx) {
  // One pass over the last 30 India-time days of payments and of processed refunds, each grouped by
  // India-time date; days without either come from generate_series so the chart has every day.
  const { rows } = await execRows<{ day: string; revenue_paise: string | number; paid_orders: string | number }>(
    db,
    sql`
      with today as (select (now() at time zone ${TZ})::date as d),
      since as (select (((select d from today) - ${DAYS_IN_CHART - 1}::int)::timestamp at time zone ${TZ}) as t),
      days as (
        select (select d from today) - g as day from generate_series(0, ${DAYS_IN_CHART - 1}::int) as g
      ),
      paid as (
        select (o.created_at at time zone ${TZ})::date as day, sum(o.paid_paise)::bigint as paise, count(*)::int as n
        from orders o
        where ${COUNTED_PAYMENT} and o.created_at >= (select t from since)
        group by 1
      ),
      refunded as (
        select (coalesce(r.processed_at, r.updated_at) at time zone ${TZ})::date as day, sum(r.amount_paise)::bigint as paise
        from refunds r join orders o on o.id = r.order_id
        where r.status = 'processed' and ${COUNTED_PAYMENT}
          and coalesce(r.processed_at, r.updated_at) >= (select t from since)
        group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as day,
             (coalesce(paid.paise, 0) - coalesce(refunded.paise, 0))::text as revenue_paise,
             coalesce(paid.n, 0)::int as paid_orders
      from days
      left join paid on paid.day = days.day
      left join refunded on refunded.day = days.day
      order by days.day asc`,
  );
  const daily: DailyTotals[] = rows.map((r) => ({
    date: r.day,
    revenue: paiseToRupees(Number(r.revenue_paise)),
    paidOrders: Number(r.paid_orders),
  }));
  const sumLast = (n: number): PeriodTotals => {
    const slice = rows.slice(-n);
    const paise = slice.reduce((s, r) => s + Number(r.revenue_paise), 0);
    return { revenue: paiseToRupees(paise), paidOrders: slice.reduce((s, r) => s + Number(r.paid_orders), 0) };
  };
  const today = rows.at(-1)?.day ?? '';
  return { today, daily, periods: { today: sumLast(1), last7Days: sumLast(7), last30Days: sumLast(DAYS_IN_CHART) } };
}

/**
 * Orders to pack and send: not shipped yet, paid, and not flagged as unfulfillable (a payment that came after
 * the stock was gone, or for the wrong amount, is refunded and must not be sent). A paid order that lacks
 * only its address is still to be sent.
 */
const AWAITING = sql`o.deliverystatus in ('pending', 'confirmed') and o.paymentstatus in ('Paid', 'Partially refunded')
  and (o.flag is null or o.flag = 'shipping_missing')`;

export async function awaitingShipmentCount(db: DbOrTx) {
  const { rows } = await execRows<{ n: number }>(db, sql`select count(*)::int as n from orders o where ${AWAITING}`);
  return Number(rows[0]?.n ?? 0);
}

export async function awaitingShipment(db: DbOrTx, limit: number) {
  const { rows } = await execRows<{
    id: string;
    number: string;
    created_at: Date | string;
    deliverystatus: AwaitingOrder['deliverystatus'];
    paymentstatus: AwaitingOrder['paymentstatus'];
    total_paise: string | number;
    items: number;
    shippinginfo: { fullname?: string; city?: string } | string;
    razorpay_order_id: string;
  }>(
    db,
    sql`
      select o.id, o.number, o.created_at, o.deliverystatus, o.paymentstatus, o.total_paise::text as total_paise,
             (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as items,
             o.shippinginfo, o.razorpay_order_id
      from orders o
      where ${AWAITING}
      order by o.created_at asc, o.id asc
      limit ${limit}`,
  );
  const orders: AwaitingOrder[] = rows.map((r) => {
    const ship = typeof r.shippinginfo === 'string' ? JSON.parse(r.shippinginfo) : (r.shippinginfo ?? {});
    return {
      _id: r.id,
      number: r.number,
      createdAt: new Date(r.created_at).toISOString(),
      deliverystatus: r.deliverystatus,
      paymentstatus: r.paymentstatus,
      totalamount: paiseToRupees(Number(r.total_paise)),
      items: Number(r.items),
      shippinginfo: { fullname: String(ship.fullname ?? ''), city: String(ship.city ?? '') },
      razorpay_order_id: r.razorpay_order_id,
    };
  });
  return { count: await awaitingShipmentCount(db), orders };
}

/** Products with LOW_STOCK_THRESHOLD units or fewer, active or not, lowest stock first. */
export async function lowStock(db: DbOrTx, limit: number) {
  const { rows } = await execRows<{
    id: string;
    name: string;
    slug: string;
    stock: number;
    is_active: boolean;
    image: string | null;
    category_id: string;
    category_name: string;
    subcategory_id: string;
    subcategory_name: string;
  }>(
    db,
    sql`
      select p.id, p.name, p.slug, p.stock, p.is_active, p.images->>0 as image,
             c.id as category_id, c.name as category_name, s.id as subcategory_id, s.name as subcategory_name
      from products p
      join categories c on c.id = p.category_id
      join subcategories s on s.id = p.subcategory_id
      where p.stock <= ${LOW_STOCK_THRESHOLD}::int
      order by p.stock asc, p.name asc, p.id asc
      limit ${limit}`,
  );
  const { rows: countRows } = await execRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products where stock <= ${LOW_STOCK_THRESHOLD}::int`,
  );
  const products: LowStockProduct[] = rows.map((r) => ({
    _id: r.id,
    productname: r.name,
    slug: r.slug,
    stockquantity: Number(r.stock),
    isActive: Boolean(r.is_active),
    productimage: r.image ?? '',
    category: { _id: r.category_id, categoryname: r.category_name },
    subcategory: { _id: r.subcategory_id, subcategoryname: r.subcategory_name },
  }));
  return { threshold: LOW_STOCK_THRESHOLD, count: Number(countRows[0]?.n ?? 0), products };
}

// ---------------------------------------------------------------- CSV export

export const CSV_HEADER = [
  'Order ID',
  'Date (IST)',
  'Customer',
  'Customer mobile',
  'Payment status',
  'Delivery status',
  'Total (INR)',
  'Items',
  'Products',
  'Ship to name',
  'Ship to mobile',
  'Address',
  'City',
  'PIN code',
  'Razorpay order ID',
  'Razorpay payment ID',
  'Paid (INR)',
  'Refunded (INR)',
  'Kept (INR)',
  'Order number',
];

/** Paise as rupees with two decimals, as a spreadsheet reads them. */
const rupees = (paise: number) => (paise / 100).toFixed(2);

type ExportRow = {
  id: string;
  created_ist: string;
  created_at: Date | string;
  user_fullname: string | null;
  user_mobileno: string | null;
  paymentstatus: string;
  deliverystatus: string;
  total_paise: string | number;
  items: number;
  products: string | null;
  shippinginfo: Record<string, string> | string;
  razorpay_order_id: string;
  razorpay_payment_id: string;
  paid_paise: string | number;
  refunded_paise: string | number;
  number: string;
};

/**
 * Pages through the filtered orders newest first (keyset on created_at, id), so a large export never
 * sits in memory at once.
 */
export async function* exportOrders(db: DbOrTx, f: AdminOrderFilters, batch = 500): AsyncGenerator<(string | number)[]> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL = after
      ? sql`and (orders.created_at, orders.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const { rows }: { rows: ExportRow[] } = await execRows<ExportRow>(
      db,
      sql`
        select orders.id, orders.number,
               to_char(orders.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as created_ist,
               to_char(orders.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
               u.fullname as user_fullname, u.mobileno as user_mobileno,
               orders.paymentstatus, orders.deliverystatus, orders.total_paise::text as total_paise,
               (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = orders.id) as items,
               (select string_agg(
                         i.productname || ' x' || i.quantity
                           || case when i.size <> '' then ' (size ' || i.size || ')' else '' end
                           || case when i.colour <> '' then ' (' || i.colour || ')' else '' end,
                         '; ' order by i.position, i.id)
                  from order_items i where i.order_id = orders.id) as products,
               orders.shippinginfo, orders.razorpay_order_id, orders.razorpay_payment_id,
               orders.paid_paise::text as paid_paise,
               (select coalesce(sum(r.amount_paise), 0)::text from refunds r
                 where r.order_id = orders.id and r.status = 'processed') as refunded_paise
        from orders
        left join users u on u.id = orders.user_id
        where ${adminOrderFilter(f) ?? sql`true`} ${cursor}
        order by orders.created_at desc, orders.id desc
        limit ${batch}`,
    );
    for (const r of rows) {
      const ship = typeof r.shippinginfo === 'string' ? JSON.parse(r.shippinginfo) : (r.shippinginfo ?? {});
      yield [
        r.id,
        r.created_ist,
        r.user_fullname ?? '',
        r.user_mobileno ?? '',
        r.paymentstatus,
        r.deliverystatus,
        rupees(Number(r.total_paise)),
        Number(r.items),
        r.products ?? '',
        String(ship.fullname ?? ''),
        String(ship.mobileno ?? ''),
        String(ship.address ?? ''),
        String(ship.city ?? ''),
        String(ship.pincode ?? ''),
        r.razorpay_order_id,
        r.razorpay_payment_id,
        rupees(Number(r.paid_paise)),
        rupees(Number(r.refunded_paise)),
        rupees(Number(r.paid_paise) - Number(r.refunded_paise)),
        r.number,
      ];
    }
    const last = rows.at(-1);
    if (rows.length < batch || !last) return;
    after = { createdAt: String(last.created_at), id: last.id };
  }
}

/**
 * The to-do list's counts: returns waiting, orders unshipped two days after payment, failed messages, overdue
 * grievances, overdue credit orders, quotes waiting for a price, e-invoices that failed.
 */
export async function todoCounts(db: DbOrTx, now: Date) {
  const [returnsWaiting, unshipped, failed, overduegrievances, overdueorders, quotes, failedEinvoices] = await Promise.all([
    db
      .select({ n: sql<number>`count(distinct ${returnRequests.orderId})::int` })
      .from(returnRequests)
      .where(inArray(returnRequests.status, ['requested', 'approved'])),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(UNSHIPPED_TWO_DAYS),
    db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.status, 'failed')),
    countOverdueGrievances(db, now),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(overdueCredit(now)),
    quotesWaiting(db),
    db.select({ n: sql<number>`count(*)::int` }).from(einvoices).where(eq(einvoices.status, 'failed')),
  ]);
  return {
    returns: Number(returnsWaiting[0]?.n ?? 0),
    unshipped: Number(unshipped[0]?.n ?? 0),
    failedmessages: Number(failed[0]?.n ?? 0),
    overduegrievances,
    overdueorders: Number(overdueorders[0]?.n ?? 0),
    quotes,
    failedeinvoices: Number(failedEinvoices[0]?.n ?? 0),
  };
}

/** What business buyers owe on credit orders (rupees): all of it, and the part of orders past their due date. */
export async function creditOwed(db: DbOrTx, now: Date) {
  const [row] = await db
    .select({
      due: sql<string>`coalesce(sum(${orders.amountDuePaise}), 0)`,
      overdue: sql<string>`coalesce(sum(${orders.amountDuePaise}) filter (where ${overdueCredit(now)}), 0)`,
    })
    .from(orders)
    .where(sql`${orders.paymentstatus} in ('Due', 'Partially paid') and ${orders.amountDuePaise} > 0`);
  return { due: paiseToRupees(Number(row?.due ?? 0)), overdue: paiseToRupees(Number(row?.overdue ?? 0)) };
}
