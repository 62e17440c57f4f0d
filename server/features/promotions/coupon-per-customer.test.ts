import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { AdminCouponResponse } from '../../../contract/promotions.js';
import { coupons, orders } from '../../db/schema.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';

/**
 * A coupon limited to one use per customer is used once, however the customer's checkouts and payments
 * interleave: a checkout replaced after it was paid and its successor cannot both be placed with the discount.
 */
let t: TestApp;
let admin: TestUser;
let s: ReturnType<typeof shop>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  s = shop(t);
});
afterAll(() => t.close());

const iso = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
async function oncePerCustomer(limit: object = { peruser: 1 }) {
  const code = `ONCE${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const res = await t.request({
    method: 'POST',
    url: '/p1/api/admin/coupons',
    cookie: admin.cookie,
    payload: { code, percentoff: 50, ...limit, startsAt: iso(-1), endsAt: iso(48) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return AdminCouponResponse.parse(res.json()).coupon;
}
type Paid = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
async function holdAndPay(user: TestUser, code: string): Promise<Paid> {
  const held = await s.hold(user.cookie, { shippinginfo: SHIPPING, coupon: code });
  expect(held.statusCode, held.body).toBe(200);
  const orderId = RazorpayOrderResponse.parse(held.json()).razorpayOrder.id;
  const paid = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, orderId)).json());
  if (!paid.success) throw new Error('sandbox payment failed');
  return paid as Paid;
}
/** A shopper who pays a checkout with the code, then (before it is placed) checks out again with it and pays. */
async function twoPaidCheckouts(limit?: object) {
  const c = await oncePerCustomer(limit);
  const user = await t.signUpAndIn();
  const ring = await createProduct(t.database.db, { stock: 5, pricePaise: 20_000_00 });
  expect((await s.add(user.cookie, ring.id, 1)).statusCode).toBe(200);
  const first = await holdAndPay(user, c.code);
  const box = await createProduct(t.database.db, { stock: 5, pricePaise: 1_000_00 });
  expect((await s.add(user.cookie, box.id, 1)).statusCode).toBe(200); // the cart changed: a new checkout replaces the first
  const second = await holdAndPay(user, c.code);
  return { c, user, first, second };
}
async function discountedOrders(couponId: string) {
  const rows = await t.database.db.select().from(orders).where(eq(orders.couponId, couponId));
  return rows.filter((o) => o.paymentstatus === 'Paid');
}
const usesOf = async (id: string) => (await t.database.db.select().from(coupons).where(eq(coupons.id, id)))[0]?.uses;

describe(`a coupon with peruser 1 (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is used once when a replaced checkout’s payment is placed after its successor was checked out', async () => {
    const { c, user, first, second } = await twoPaidCheckouts();
    const late = await s.verify(user.cookie, first);
    expect(late.statusCode).toBe(201);
    expect(OrderResponse.parse(late.json()).order.paymentstatus).toBe('Refunded');
    expect(await orderOf(first)).toMatchObject({ flag: 'coupon_unavailable', couponId: null });
    const placed = await s.verify(user.cookie, second);
    expect(placed.statusCode).toBe(201);
    expect(OrderResponse.parse(placed.json()).order.paymentstatus).toBe('Paid');
    expect(await discountedOrders(c._id)).toHaveLength(1);
    expect(await usesOf(c._id)).toBe(1);
  });

  it('is used once when the successor is placed first', async () => {
    const { c, user, first, second } = await twoPaidCheckouts();
    expect(OrderResponse.parse((await s.verify(user.cookie, second)).json()).order.paymentstatus).toBe('Paid');
    const late = OrderResponse.parse((await s.verify(user.cookie, first)).json()).order;
    expect(late.paymentstatus).toBe('Refunded');
    expect(await orderOf(first)).toMatchObject({ flag: 'coupon_unavailable', couponId: null });
    expect(await discountedOrders(c._id)).toHaveLength(1);
    expect(await usesOf(c._id)).toBe(1);
  });

  it('is used once when both payments are placed at the same moment', async () => {
    const { c, user, first, second } = await twoPaidCheckouts();
    const answers = await Promise.all([s.verify(user.cookie, first), s.verify(user.cookie, second)]);
    for (const a of answers) expect(a.statusCode).toBe(201);
    const statuses = answers.map((a) => OrderResponse.parse(a.json()).order.paymentstatus).sort();
    expect(statuses).toEqual(['Paid', 'Refunded']);
    expect(await discountedOrders(c._id)).toHaveLength(1);
    expect(await usesOf(c._id)).toBe(1);
  });

  it('is refused at checkout once the customer’s use is placed', async () => {
    const { user, second } = await twoPaidCheckouts();
    expect(OrderResponse.parse((await s.verify(user.cookie, second)).json()).order.paymentstatus).toBe('Paid');
    const other = await createProduct(t.database.db, { stock: 5, pricePaise: 5_000_00 });
    expect((await s.add(user.cookie, other.id, 1)).statusCode).toBe(200);
    const again = await s.hold(user.cookie, { shippinginfo: SHIPPING, coupon: (await discountCode(second)) ?? '' });
    expect(again.statusCode).toBe(409);
  });
});

describe(`a coupon with maxuses 1 (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is used once by one customer’s replaced checkout and its successor, both paid, placed in either order or at once', async () => {
    for (const order of ['late first', 'successor first', 'at once'] as const) {
      const { c, user, first, second } = await twoPaidCheckouts({ maxuses: 1 });
      if (order === 'at once') {
        await Promise.all([s.verify(user.cookie, first), s.verify(user.cookie, second)]);
      } else {
        const [a, b] = order === 'late first' ? [first, second] : [second, first];
        await s.verify(user.cookie, a);
        await s.verify(user.cookie, b);
      }
      expect(await discountedOrders(c._id), order).toHaveLength(1);
      expect(await usesOf(c._id), order).toBe(1);
    }
  });
});

async function orderOf(paid: Paid) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.razorpayOrderId, paid.razorpay_order_id));
  return row;
}
const discountCode = async (paid: Paid) => (await orderOf(paid))?.couponCode;
