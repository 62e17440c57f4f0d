// @postgres: revenue aggregates in SQL
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardStatsResponse, SHOP_TIME_ZONE } from '../../../contract/dashboard.js';
import { orders, refunds } from '../../db/schema.js';
import { createProduct, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

/**
 * The dashboard's revenue is the money the shop kept: every payment taken, less every refund processed,
 * whatever became of the order (partly refunded, cancelled, returned). Orders are bought, cancelled, refunded
 * and returned through HTTP as the shopper and the merchant do it.
 */
let t: TestApp;
let admin: TestUser;
let s: ReturnType<typeof shop>;
beforeAll(async () => {
  t = await createTestApp({ HOLD_MAX_UNITS_PER_ADDRESS: '100000', HOLD_MAX_RUPEES_PER_ADDRESS: '100000000' });
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

const istDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(d);
const paise = (rupees: number) => Math.round(rupees * 100);

async function buy(pricePaise: number) {
  const shopper = await t.signUpAndIn();
  const p = await createProduct(t.database.db, { stock: 5, pricePaise });
  expect((await s.add(shopper.cookie, p.id, 1)).statusCode).toBe(200);
  const order = await s.payAndPlace(shopper.cookie);
  return { id: order._id, paidPaise: paise(order.totalamount), shopper };
}

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
}
const post = (cookie: string, url: string, payload: object = {}) => ok(t.request({ method: 'POST', url, cookie, payload }));
const patch = (cookie: string, url: string, payload: object) => ok(t.request({ method: 'PATCH', url, cookie, payload }));

async function stats() {
  const res = await t.request({ method: 'GET', url: '/o1/api/admin/stats', cookie: admin.cookie });
  expect(res.statusCode).toBe(200);
  return DashboardStatsResponse.parse(res.json());
}

/** Minimal RFC 4180 reader: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

describe('revenue is the money kept', () => {
  it('counts partly refunded, cancelled and returned orders, less what went back, in the figures, chart and CSV', async () => {
    const dayAtStart = istDate(new Date());
    // Kept whole.
    const plain = await buy(80_000);
    // Partly refunded twice (₹961.45 kept of it): the order is "Partially refunded".
    const partial = await buy(9_614_500);
    await post(admin.cookie, `/o1/api/admin/refund/${partial.id}`, { amount: 500, reason: 'Polish scratch' });
    await post(admin.cookie, `/o1/api/admin/refund/${partial.id}`, { amount: 250.5, reason: 'Late delivery' });
    // Cancelled by the shopper: refunded in full.
    const cancelled = await buy(100_000);
    await post(cancelled.shopper.cookie, `/o1/api/cancel/${cancelled.id}`, { reason: 'Changed my mind' });
    // Returned and refunded in full.
    const returned = await buy(150_000);
    await patch(admin.cookie, `/o1/api/admin/update/${returned.id}`, { deliverystatus: 'delivered' });
    await post(returned.shopper.cookie, `/o1/api/returns/${returned.id}`, { reason: 'Not the colour I expected' });
    await patch(admin.cookie, `/o1/api/admin/returns/${returned.id}`, { status: 'approved' });
    await patch(admin.cookie, `/o1/api/admin/returns/${returned.id}`, { status: 'received', refund: true });
    // Returned, the units taken back without a refund, and a goodwill refund besides.
    const keptBack = await buy(300_000);
    await patch(admin.cookie, `/o1/api/admin/update/${keptBack.id}`, { deliverystatus: 'delivered' });
    await post(keptBack.shopper.cookie, `/o1/api/returns/${keptBack.id}`, { reason: 'The stone is chipped' });
    await patch(admin.cookie, `/o1/api/admin/returns/${keptBack.id}`, { status: 'approved' });
    await patch(admin.cookie, `/o1/api/admin/returns/${keptBack.id}`, { status: 'received', refund: false });
    await post(admin.cookie, `/o1/api/admin/refund/${keptBack.id}`, { amount: 100, reason: 'Goodwill' });

    const bought = [plain, partial, cancelled, returned, keptBack];
    const taken = bought.reduce((sum, o) => sum + o.paidPaise, 0);
    const back = (await t.database.db.select().from(refunds)).filter((r) => r.status === 'processed');
    const refundedPaise = back.reduce((sum, r) => sum + r.amountPaise, 0);
    // What went back: the two partial refunds, the cancelled and the returned orders whole, the goodwill.
    expect(refundedPaise).toBe(50_000 + 25_050 + cancelled.paidPaise + returned.paidPaise + 10_000);
    const kept = (taken - refundedPaise) / 100;

    const body = await stats();
    expect(body.periods.last7Days).toEqual({ revenue: kept, paidOrders: 5 });
    expect(body.periods.last30Days).toEqual({ revenue: kept, paidOrders: 5 });
    if (body.today === dayAtStart) expect(body.periods.today).toEqual({ revenue: kept, paidOrders: 5 });
    expect(body.daily.reduce((sum, d) => sum + paise(d.revenue), 0)).toBe(taken - refundedPaise);

    // The CSV: each order's paid, refunded and kept amounts, adding up to the same money kept.
    const csv = await t.request({ method: 'GET', url: '/o1/api/admin/orders/export.csv', cookie: admin.cookie });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body.slice(1));
    const col = (row: string[], name: string) => row[(header as string[]).indexOf(name)] as string;
    expect(rows).toHaveLength(5);
    const byId = new Map(rows.map((r) => [col(r, 'Order ID'), r]));
    const sumOf = (name: string) => rows.reduce((sum, r) => sum + paise(Number(col(r, name))), 0);
    expect(sumOf('Paid (INR)')).toBe(taken);
    expect(sumOf('Refunded (INR)')).toBe(refundedPaise);
    expect(sumOf('Kept (INR)')).toBe(taken - refundedPaise);
    const partialRow = byId.get(partial.id) as string[];
    expect(col(partialRow, 'Payment status')).toBe('Partially refunded');
    expect(col(partialRow, 'Refunded (INR)')).toBe('750.50');
    expect(col(partialRow, 'Kept (INR)')).toBe(((partial.paidPaise - 75_050) / 100).toFixed(2));
    expect(col(byId.get(cancelled.id) as string[], 'Kept (INR)')).toBe('0.00');
    expect(col(byId.get(returned.id) as string[], 'Delivery status')).toBe('returned');
  });

  it('counts a payment on the day it was taken and its refund on the day the refund was processed', async () => {
    const before = await stats();
    const order = await buy(200_000);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await t.database.db.update(orders).set({ createdAt: threeDaysAgo }).where(eq(orders.id, order.id));
    await post(admin.cookie, `/o1/api/admin/refund/${order.id}`, { amount: 700, reason: 'Smaller stone sent' });
    const after = await stats();
    const change = (day: string) =>
      paise(after.daily.find((d) => d.date === day)?.revenue ?? 0) -
      paise(before.daily.find((d) => d.date === day)?.revenue ?? 0);
    const paidDay = istDate(threeDaysAgo);
    expect(change(paidDay)).toBe(order.paidPaise);
    expect(after.daily.find((d) => d.date === paidDay)?.paidOrders).toBe(
      (before.daily.find((d) => d.date === paidDay)?.paidOrders ?? 0) + 1,
    );
    // The refund went back today (the day the shop's clock is on when it was processed).
    expect(change(after.today)).toBe(-70_000);
    expect(paise(after.periods.last7Days.revenue) - paise(before.periods.last7Days.revenue)).toBe(order.paidPaise - 70_000);
  });
});
