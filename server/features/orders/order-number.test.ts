// @postgres: orders placed at the same moment get different numbers
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrdersResponse, MyOrdersResponse } from '../../../contract/orders.js';
import { invoices, users } from '../../db/schema.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

/**
 * One order number (`RG-000123`) for the shopper, the back-office and the invoice, and the back-office
 * order search by everything a merchant has at hand: the buyer's name, mobile number or e-mail, the order
 * number, the invoice number, the payment id; and the list of orders whose return waits.
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

async function buy(user: TestUser, shippinginfo: object = SHIPPING) {
  const p = await createProduct(t.database.db, { stock: 5, pricePaise: 120_000 });
  expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
  return s.payAndPlace(user.cookie, shippinginfo);
}

async function list(query: string) {
  const res = await t.request({ method: 'GET', url: `/o1/api/admin/orders?limit=100&${query}`, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrdersResponse.parse(res.json());
}
const idsOf = async (query: string) => (await list(query)).orders.map((o) => o._id).sort();

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
}

describe('one order number', () => {
  it('numbers orders RG-000001 on in the order they are placed, the same in My Orders and the back-office', async () => {
    const shopper = await t.signUpAndIn();
    const first = await buy(shopper);
    const second = await buy(shopper);
    expect(first.number).toMatch(/^RG-\d{6}$/);
    const n = Number(first.number.slice(3));
    expect(second.number).toBe(`RG-${String(n + 1).padStart(6, '0')}`);

    const mine = MyOrdersResponse.parse((await s.myOrders(shopper.cookie)).json()).orders;
    expect(mine.map((o) => [o._id, o.number])).toEqual([
      [second._id, second.number],
      [first._id, first.number],
    ]);
    const inBackOffice = (await list(`search=${first.number}`)).orders;
    expect(inBackOffice.map((o) => [o._id, o.number])).toEqual([[first._id, first.number]]);
    const detail = await t.request({ method: 'GET', url: `/o1/api/admin/orders/${first._id}`, cookie: admin.cookie });
    expect(detail.json().order.number).toBe(first.number);
  });

  it('gives orders placed at the same moment different numbers, with no gap', async () => {
    const shoppers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => t.signUpAndIn()));
    const placed = await Promise.all(shoppers.map((u) => buy(u)));
    const numbers = placed.map((o) => Number(o.number.slice(3))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.at(-1)! - numbers[0]!).toBe(5);
  });
});

describe('admin order search and the return filter', () => {
  let asha: { order: { _id: string; number: string; razorpay_payment_id: string }; user: TestUser };
  let ravi: { order: { _id: string; number: string }; user: TestUser };
  beforeAll(async () => {
    const ashaUser = await t.signUpAndIn('USER', { fullname: 'Meena Kohli', mobileno: '9812345670' });
    await t.database.db.update(users).set({ email: 'meena.kohli@example.in' }).where(eq(users.id, ashaUser.id));
    // Shipped to her sister, at another number.
    const ashaOrder = await buy(ashaUser, { ...SHIPPING, fullname: 'Kiran Sandhu', mobileno: '9700011122' });
    asha = { order: ashaOrder, user: ashaUser };
    const raviUser = await t.signUpAndIn('USER', { fullname: 'Ravi Gill', mobileno: '9898989898' });
    ravi = { order: await buy(raviUser, { ...SHIPPING, fullname: 'Ravi Gill', mobileno: '9898989898' }), user: raviUser };
  });

  it('finds an order by the buyer’s name, mobile number, e-mail, order number, invoice number and payment id', async () => {
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, asha.order._id));
    if (!invoice) throw new Error('no invoice');
    const searches = [
      'meena kohli', // the account's name, any case
      'Kohli',
      'kiran sandhu', // the name shipped to
      '9812345670', // the account's mobile number
      '+91 98123-45670', // typed as people type it
      '09812345670',
      '97000 11122', // the mobile number shipped to
      'meena.kohli@example', // the account's e-mail
      asha.order.number,
      asha.order.number.toLowerCase(),
      invoice.number, // RG/26-27/000005
      invoice.number.slice(-6),
      asha.order.razorpay_payment_id,
    ];
    for (const search of searches) {
      const found = await idsOf(`search=${encodeURIComponent(search)}`);
      expect(found, search).toEqual([asha.order._id]);
    }
    // Ravi's order by his name and number, never Asha's.
    expect(await idsOf('search=ravi%20gill')).toEqual([ravi.order._id]);
    expect(await idsOf('search=9898989898')).toEqual([ravi.order._id]);
    expect(await idsOf('search=nobody%20by%20this%20name')).toEqual([]);
  });

  it('lists the orders whose return waits (requested, or approved and not yet received), and keeps the list true', async () => {
    const someone = await t.signUpAndIn();
    const requested = await buy(someone);
    const approved = await buy(someone);
    const received = await buy(someone);
    const rejected = await buy(someone);
    const delivered = await buy(someone);
    const asAdmin = (method: 'PATCH' | 'POST', url: string, payload: object) =>
      ok(t.request({ method, url, cookie: admin.cookie, payload }));
    for (const o of [requested, approved, received, rejected, delivered]) {
      await asAdmin('PATCH', `/o1/api/admin/update/${o._id}`, { deliverystatus: 'delivered' });
    }
    const ask = (id: string) =>
      ok(
        t.request({ method: 'POST', url: `/o1/api/returns/${id}`, cookie: someone.cookie, payload: { reason: 'Not as shown' } }),
      );
    for (const o of [approved, received, rejected]) await ask(o._id);
    await asAdmin('PATCH', `/o1/api/admin/returns/${approved._id}`, { status: 'approved' });
    await asAdmin('PATCH', `/o1/api/admin/returns/${received._id}`, { status: 'approved' });
    await asAdmin('PATCH', `/o1/api/admin/returns/${received._id}`, { status: 'received', refund: true });
    await asAdmin('PATCH', `/o1/api/admin/returns/${rejected._id}`, { status: 'rejected', note: 'Worn' });

    const waiting = await idsOf('status=return-requested');
    expect(waiting).toEqual([approved._id].sort());
    // The list is kept by the server: a new request is in the next answer, a received return leaves it.
    await ask(requested._id);
    expect(await idsOf('status=return-requested')).toEqual([requested._id, approved._id].sort());
    await asAdmin('PATCH', `/o1/api/admin/returns/${approved._id}`, { status: 'received', refund: false });
    expect(await idsOf('status=RETURN-REQUESTED')).toEqual([requested._id]);
    // With a search, and in the CSV export.
    expect(await idsOf(`status=return-requested&search=${approved.number}`)).toEqual([]);
    expect(await idsOf(`status=return-requested&search=${requested.number}`)).toEqual([requested._id]);
    const csv = await t.request({
      method: 'GET',
      url: '/o1/api/admin/orders/export.csv?status=return-requested',
      cookie: admin.cookie,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(requested._id);
    expect(csv.body).not.toContain(approved._id);
    expect(csv.body).not.toContain(delivered._id);
    // Nothing else passes for a status.
    const bad = await t.request({ method: 'GET', url: '/o1/api/admin/orders?status=return', cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const res = await t.request({ method: 'GET', url: '/o1/api/admin/orders?search=meena', cookie: asha.user.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(asha.order.number);
  });
});
