// @postgres: India-time date filters and paging in SQL
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderResponse,
  AdminOrdersResponse,
  MyOrdersResponse,
  OrderCountResponse,
  RazorpayOrderResponse,
  SandboxPayResponse,
} from '../../../contract/orders.js';
import { orders, products } from '../../db/schema.js';
import { createProduct, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

let t: TestApp;
let s: ReturnType<typeof shop>;
let admin: TestUser;
let shopper: TestUser;
let other: TestUser;
const placed: { id: string; razorpayOrderId: string; razorpayPaymentId: string }[] = [];

async function buy(user: TestUser, productId: string) {
  await s.add(user.cookie, productId, 1);
  const order = RazorpayOrderResponse.parse((await s.hold(user.cookie)).json()).razorpayOrder;
  const paid = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, order.id)).json());
  if (!paid.success) throw new Error('payment failed');
  const res = await s.verify(user.cookie, paid);
  expect(res.statusCode).toBe(201);
  return { id: res.json().order._id as string, razorpayOrderId: order.id, razorpayPaymentId: paid.razorpay_payment_id };
}

// Times in UTC that fall on the given India (UTC+05:30) calendar days.
const AT = [
  '2026-03-01T18:29:00Z', // 1 Mar 23:59 IST
  '2026-03-01T18:31:00Z', // 2 Mar 00:01 IST
  '2026-03-05T06:00:00Z', // 5 Mar
  '2026-03-10T18:20:00Z', // 10 Mar 23:50 IST
  '2026-03-10T18:40:00Z', // 11 Mar 00:10 IST
];

beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
  [admin, shopper, other] = await Promise.all([t.signUpAndIn('ADMIN'), t.signUpAndIn(), t.signUpAndIn()]);
  const p = await createProduct(t.database.db, { stock: 100, pricePaise: 10_000, sizes: ['7'] });
  for (let i = 0; i < 12; i++) placed.push(await buy(i % 3 === 2 ? other : shopper, p.id));
  for (const [i, at] of AT.entries()) {
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(at) })
      .where(eq(orders.id, placed[i]?.id as string));
  }
}, 300_000);
afterAll(() => t.close());

const list = (query: string, cookie = admin.cookie) => t.request({ method: 'GET', url: `/o1/api/admin/orders${query}`, cookie });

describe('orders for shoppers and the admin', () => {
  it('shows a shopper only their own orders, newest first, with the live product on each line', async () => {
    const mine = MyOrdersResponse.parse((await s.myOrders(shopper.cookie)).json()).orders;
    expect(mine).toHaveLength(8);
    const times = mine.map((o) => Date.parse(o.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const theirs = MyOrdersResponse.parse((await s.myOrders(other.cookie)).json()).orders;
    expect(theirs).toHaveLength(4);
    expect(theirs.some((o) => mine.some((m) => m._id === o._id))).toBe(false);
    expect(mine[0]?.products[0]?.productId).toMatchObject({ productname: expect.any(String), stockquantity: 88 });
    expect((await t.request({ method: 'GET', url: '/o1/api/my-orders' })).statusCode).toBe(401);
  });

  it('keeps the line snapshot and shows productId null once the product is deleted', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { name: 'Cat’s Eye 4ct', pricePaise: 77_700 });
    await buy(user, p.id);
    await t.database.db.update(products).set({ name: 'Renamed', pricePaise: 1 }).where(eq(products.id, p.id));
    let o = MyOrdersResponse.parse((await s.myOrders(user.cookie)).json()).orders[0];
    expect(o?.products[0]).toMatchObject({ productname: 'Cat’s Eye 4ct', productprice: 777 });
    expect(o?.products[0]?.productId?.productname).toBe('Renamed');
    await t.database.db.delete(products).where(eq(products.id, p.id));
    o = MyOrdersResponse.parse((await s.myOrders(user.cookie)).json()).orders[0];
    expect(o?.products[0]).toMatchObject({ productId: null, productname: 'Cat’s Eye 4ct', productprice: 777 });
  });

  it('guards the admin rows: 401 anonymous, 403 for a shopper', async () => {
    const id = placed[0]?.id as string;
    for (const [method, url, payload] of [
      ['GET', '/o1/api/admin/orders', undefined],
      ['GET', '/o1/api/admin/count', undefined],
      ['PATCH', `/o1/api/admin/update/${id}`, { deliverystatus: 'shipped' }],
    ] as const) {
      expect((await t.request({ method, url, payload })).statusCode).toBe(401);
      expect((await t.request({ method, url, payload, cookie: shopper.cookie })).statusCode).toBe(403);
    }
  });

  it('answers 401 signed out and 403 for a shopper before looking at the body, id or query', async () => {
    for (const [method, url, payload] of [
      ['GET', '/o1/api/admin/orders?page=0&startDate=2024-13-45', undefined],
      ['PATCH', '/o1/api/admin/update/123', { deliverystatus: 'lost' }],
    ] as const) {
      expect((await t.request({ method, url, payload })).statusCode).toBe(401);
      expect((await t.request({ method, url, payload, cookie: shopper.cookie })).statusCode).toBe(403);
      expect((await t.request({ method, url, payload, cookie: admin.cookie })).statusCode).toBe(400);
    }
    for (const [url, payload] of [
      ['/o1/api/razorpay-order', { shippinginfo: { pincode: 1 } }],
      ['/o1/api/verify-and-place', {}],
      ['/o1/api/sandbox/pay', { outcome: 'maybe' }],
    ] as const) {
      const res = await t.request({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('pages the admin list 10 at a time with the pagination object of the contract', async () => {
    const total = OrderCountResponse.parse(
      (await t.request({ method: 'GET', url: '/o1/api/admin/count', cookie: admin.cookie })).json(),
    ).count;
    const first = AdminOrdersResponse.parse((await list('')).json());
    expect(first.orders).toHaveLength(10);
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: Math.ceil(total / 10),
      totalOrders: total,
      hasNextPage: true,
      hasPrevPage: false,
      limit: 10,
    });
    expect(first.orders[0]?.user).toMatchObject({
      _id: expect.any(String),
      fullname: expect.any(String),
      mobileno: expect.any(String),
    });
    const second = AdminOrdersResponse.parse((await list('?page=2&limit=10')).json());
    expect(second.pagination).toMatchObject({ currentPage: 2, hasNextPage: false, hasPrevPage: true });
    expect(second.orders).toHaveLength(total - 10);
    const ids = new Set([...first.orders, ...second.orders].map((o) => o._id));
    expect(ids.size).toBe(total);
    expect((await list('?page=0')).statusCode).toBe(400);
    expect((await list('?limit=500')).statusCode).toBe(400);
  });

  it('searches by order id, Razorpay order id or payment id', async () => {
    const target = placed[4] as (typeof placed)[number];
    for (const term of [target.id, target.razorpayOrderId, target.razorpayPaymentId, target.razorpayPaymentId.slice(4, 12)]) {
      const res = AdminOrdersResponse.parse((await list(`?search=${encodeURIComponent(term)}`)).json());
      expect(res.orders.map((o) => o._id)).toEqual([target.id]);
    }
    const none = AdminOrdersResponse.parse((await list('?search=%25_nothing')).json());
    expect(none.orders).toHaveLength(0);
    expect(none.pagination).toMatchObject({ totalOrders: 0, totalPages: 0, hasNextPage: false });
  });

  it('filters by India-time dates, inclusive at both ends', async () => {
    const ids = async (q: string) =>
      AdminOrdersResponse.parse((await list(q)).json())
        .orders.map((o) => o._id)
        .sort();
    const expectIds = (idx: number[]) => idx.map((i) => placed[i]?.id as string).sort();
    expect(await ids('?startDate=2026-03-01&endDate=2026-03-01')).toEqual(expectIds([0]));
    expect(await ids('?startDate=2026-03-02&endDate=2026-03-10')).toEqual(expectIds([1, 2, 3]));
    expect(await ids('?startDate=2026-03-11&endDate=2026-03-11')).toEqual(expectIds([4]));
    expect(await ids('?endDate=2026-03-05')).toEqual(expectIds([0, 1, 2]));
    const bad = await list('?startDate=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect((await list('?startDate=01-03-2026')).statusCode).toBe(400);
    expect((await list('?startDate=2026-03-10&endDate=2026-03-01')).statusCode).toBe(400);
    expect(await ids('?startDate=&endDate=&search=&status=')).toHaveLength(10);
  });

  it('updates the delivery status (five values only) and filters by it', async () => {
    const id = placed[7]?.id as string;
    const res = await t.request({
      method: 'PATCH',
      url: `/o1/api/admin/update/${id}`,
      cookie: admin.cookie,
      payload: { deliverystatus: 'shipped' },
    });
    expect(res.statusCode).toBe(200);
    const body = AdminOrderResponse.parse(res.json());
    expect(body.order).toMatchObject({ _id: id, deliverystatus: 'shipped', status: 'Shipped' });
    const bad = await t.request({
      method: 'PATCH',
      url: `/o1/api/admin/update/${id}`,
      cookie: admin.cookie,
      payload: { deliverystatus: 'lost' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('deliverystatus');
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: '/o1/api/admin/update/nope',
          cookie: admin.cookie,
          payload: { deliverystatus: 'shipped' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/o1/api/admin/update/${crypto.randomUUID()}`,
          cookie: admin.cookie,
          payload: { deliverystatus: 'shipped' },
        })
      ).statusCode,
    ).toBe(404);

    const shipped = AdminOrdersResponse.parse((await list('?status=shipped')).json());
    expect(shipped.orders.map((o) => o._id)).toEqual([id]);
    expect(AdminOrdersResponse.parse((await list('?status=Shipped')).json()).orders).toHaveLength(1);
    expect((await list('?status=lost')).statusCode).toBe(400);
    const mine = MyOrdersResponse.parse((await s.myOrders(shopper.cookie)).json()).orders;
    expect(mine.find((o) => o._id === id)?.status).toBe('Shipped');
  });

  it('keeps orders when their shopper’s account is deleted', async () => {
    const gone = await t.signUpAndIn();
    const p = await createProduct(t.database.db);
    const o = await buy(gone, p.id);
    const del = await t.request({ method: 'DELETE', url: `/u1/api/deleteuser/${gone.id}`, cookie: admin.cookie });
    expect(del.statusCode).toBe(200);
    const found = AdminOrdersResponse.parse((await list(`?search=${o.id}`)).json()).orders;
    expect(found).toHaveLength(1);
    expect(found[0]?.user).toBeNull();
  });
});
