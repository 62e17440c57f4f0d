import { z } from 'zod';
import { AdminOrderFilters, DeliveryStatus, PaymentStatus } from './orders.js';
import { routeTable } from './route.js';

/** The shop's business day is the Indian one: revenue periods and the daily chart use Asia/Kolkata dates. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata' as const;

export const PeriodTotals = z.object({
  /**
   * Rupees kept in the period: payments taken (on the day the order was placed) less refunds processed (on
   * the day each was processed), whatever became of the order later.
   */
  revenue: z.number(),
  /** Number of orders paid in the period (cancelled, returned or refunded later or not). */
  paidOrders: z.number().int(),
});
export type PeriodTotals = z.infer<typeof PeriodTotals>;

export const DailyTotals = PeriodTotals.extend({
  /** India-time calendar date, YYYY-MM-DD. */
  date: z.string(),
});
export type DailyTotals = z.infer<typeof DailyTotals>;

/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const DashboardStatsResponse = z.object({
  success: z.boolean(),
  timeZone: z.literal(SHOP_TIME_ZONE),
  /** Today's India-time date, YYYY-MM-DD. */
  today: z.string(),
  periods: z.object({
    today: PeriodTotals,
    last7Days: PeriodTotals,
    last30Days: PeriodTotals,
  }),
  /** 30 entries, oldest first, ending today; days without paid orders are zero. */
  daily: z.array(DailyTotals),
  /** Orders whose delivery status is pending or confirmed. */
  awaitingShipment: z.number().int(),
  /** The merchant's to-do list: counts, each linked in the back-office to the list it counts. */
  todo: z.object({
    /** Returns asked for, or approved and not yet received (orders, status return-requested). */
    returns: z.number().int(),
    /** Paid orders not shipped two days after payment (orders, status unshipped). */
    unshipped: z.number().int(),
    /** Messages that failed (the outbox, status failed). */
    failedmessages: z.number().int(),
    /** Grievances past their 48-hour or one-month deadline (grievances, overdue). */
    overduegrievances: z.number().int(),
    /** Credit orders with something due after their due date (orders, status overdue). */
    overdueorders: z.number().int(),
    /** Quotes asked for and not yet answered (quotes, status requested). */
    quotes: z.number().int(),
    /** E-invoices the IRP refused or could not be reached for (E-invoices, status failed). */
    failedeinvoices: z.number().int(),
  }),
  /** What business buyers owe on credit orders, in rupees: all of it, and the part past its due date. */
  credit: z.object({ due: z.number(), overdue: z.number() }),
});

/** Low stock: this many units or fewer. */
export const LOW_STOCK_THRESHOLD = 2;

const LowStockQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const LowStockProduct = z.object({
  _id: z.string(),
  productname: z.string(),
  slug: z.string(),
  stockquantity: z.number().int(),
  isActive: z.boolean(),
  productimage: z.string(),
  category: z.object({ _id: z.string(), categoryname: z.string() }),
  subcategory: z.object({ _id: z.string(), subcategoryname: z.string() }),
});
export type LowStockProduct = z.infer<typeof LowStockProduct>;
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const LowStockResponse = z.object({
  success: z.boolean(),
  threshold: z.number().int(),
  /** All products at or below the threshold, whatever `limit` is. */
  count: z.number().int(),
  products: z.array(LowStockProduct),
});

const AwaitingShipmentQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const AwaitingOrder = z.object({
  _id: z.string(),
  /** The order's number (`RG-000123`), as the shopper sees it. */
  number: z.string(),
  createdAt: z.string(),
  deliverystatus: DeliveryStatus,
  paymentstatus: PaymentStatus,
  totalamount: z.number(),
  items: z.number().int(),
  shippinginfo: z.object({ fullname: z.string(), city: z.string() }),
  razorpay_order_id: z.string(),
});
export type AwaitingOrder = z.infer<typeof AwaitingOrder>;
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AwaitingShipmentResponse = z.object({
  success: z.boolean(),
  count: z.number().int(),
  /** Oldest first: the ones waiting longest come first. */
  orders: z.array(AwaitingOrder),
});

/** Filters of the admin orders screen (the same as GET /o1/api/admin/orders without paging). */
export { AdminOrderFilters } from './orders.js';

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-looking text is prefixed with ', and anything with a comma, quote or line break is quoted. */
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

// ---------------------------------------------------------------- routes

/** The back-office dashboard's routes. */
export const dashboardRoutes = routeTable('Admin dashboard', {
  'GET /o1/api/admin/stats': {
    guard: 'admin',
    summary:
      'Revenue and paid orders for today, the last 7 and 30 days (India time), a 30-day daily series, orders awaiting shipment',
    description:
      'Revenue is the money kept: every payment taken for an order, on the day the order was placed, less every refund ' +
      'processed, on the day it was processed, whatever the order became later (a payment for the wrong amount, never ' +
      'recorded as paid and refunded whole, is left out). Days are India-time (Asia/Kolkata) calendar days; "last 7 days" is today and the 6 days before it.',
    responses: { 200: DashboardStatsResponse },
  },
  'GET /o1/api/admin/low-stock': {
    guard: 'admin',
    summary: 'Products with 2 or fewer units in stock (active or not), lowest stock first',
    query: LowStockQuery,
    responses: { 200: LowStockResponse },
    errors: [400],
  },
  'GET /o1/api/admin/awaiting-shipment': {
    guard: 'admin',
    summary: 'Paid orders still to send (delivery status pending or confirmed, not flagged as unfulfillable), oldest first',
    query: AwaitingShipmentQuery,
    responses: { 200: AwaitingShipmentResponse },
    errors: [400],
  },
  'GET /o1/api/admin/orders/export.csv': {
    guard: 'admin',
    summary: 'The filtered orders as a CSV file (same filters as GET /o1/api/admin/orders, no paging)',
    description:
      'Streams text/csv (UTF-8 with a byte-order mark, CRLF line ends), newest first, one row per order, with what ' +
      'was paid, what was refunded (processed refunds) and what was kept. ' +
      "Cells starting with = + - @ (or a tab or carriage return) are prefixed with ' so spreadsheets never run them as formulas. " +
      'Filters are checked exactly as the JSON list checks them (the same 400) and the first rows are read before ' +
      'anything is sent; a failure after that cuts the connection, so a partial file never arrives as a complete one.',
    query: AdminOrderFilters,
    responses: {
      200: { description: 'CSV file, one header row then one row per order', content: { 'text/csv': { schema: z.string() } } },
    },
    errors: [400],
  },
});
