// @postgres: the reconciler and the purge pick checkouts in SQL, never one an order, payment or hold refers to
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponse, RazorpayOrderResponse } from '../../../contract/orders.js';
import { checkouts, orders } from '../../db/schema.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { createProduct, productRow, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { reconcilePending } from '../payments/reconciler.js';
import { purgeOldCheckouts } from '../payments/sweep.js';

/** Checkout floods in Razorpay mode: repeated checkouts reuse their order, and junk never hides a paid checkout. */
let fake: FakeRazorpay;
let t: TestApp;
let s: ReturnType<typeof shop>;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp({ ...fake.env, CHECKOUT_LIMIT: '1000', CHECKOUT_ADDRESS_LIMIT: '1000' });
  s = shop(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function hold(user: TestUser, shippinginfo: object = SHIPPING) {
  const res = await s.hold(user.cookie, { shippinginfo });
  expect(res.statusCode, res.body).toBe(200);
  return RazorpayOrderResponse.parse(res.json()).razorpayOrder;
}
const ordersCreated = () => fake.count('POST', /^\/v1\/orders$/);
const orderRows = (providerOrderId: string) =>
  t.database.db.select().from(orders).where(eq(orders.razorpayOrderId, providerOrderId));

describe('a checkout started again', () => {
  it('reuses its Razorpay order (new shipping details kept), holds the stock once and places one order', async () => {
    const user = await t.signUpAndIn();
    const stone = await createProduct(t.database.db, { stock: 4, pricePaise: 180_000 });
    expect((await s.add(user.cookie, stone.id, 2)).statusCode).toBe(200);
    const before = ordersCreated();
    const first = await hold(user);
    const again = await hold(user);
    const moved = await hold(user, { ...SHIPPING, city: 'Jalandhar' });
    expect([again.id, moved.id]).toEqual([first.id, first.id]);
    expect(ordersCreated() - before).toBe(1);
    expect((await productRow(t.database.db, stone.id)).stock).toBe(2);
    const mine = await t.database.db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.shippinginfo).toMatchObject({ city: 'Jalandhar' });

    const placed = await s.verify(user.cookie, fake.pay(first.id));
    expect(placed.statusCode).toBe(201);
    expect(OrderResponse.parse(placed.json()).order.totalamount).toBe(3600);
    expect(await orderRows(first.id)).toHaveLength(1);
    expect(await productRow(t.database.db, stone.id)).toMatchObject({ stock: 2, sold: 2 });
  });
});

describe('the reconciler', () => {
  it('places a paid checkout whose browser and webhook were lost, behind more unpaid checkouts than it asks about one by one', async () => {
    // One account loops: each checkout replaces the one before (a Razorpay order each, never paid).
    const looper = await t.signUpAndIn();
    const bait = await createProduct(t.database.db, { stock: 1000, pricePaise: 10_000 });
    expect((await s.add(looper.cookie, bait.id, 2)).statusCode).toBe(200);
    const cartLine = (await t.request({ method: 'GET', url: '/c2/api/all', cookie: looper.cookie })).json().data[0]._id;
    for (let i = 0; i < 60; i++) {
      // one unit, then two: never the same as the checkout before, so each is new and the last is left unpaid
      const items = [{ cartItemId: cartLine, quantity: 1 + (i % 2) }];
      const res = await s.hold(looper.cookie, { shippinginfo: SHIPPING, items });
      expect(res.statusCode, res.body).toBe(200);
    }
    const unpaid = await t.database.db.select().from(checkouts).where(eq(checkouts.userId, looper.id));
    expect(unpaid.length).toBeGreaterThanOrEqual(60);

    // A genuine shopper pays; neither the browser nor Razorpay's webhook ever reaches the shop.
    const buyer = await t.signUpAndIn();
    const ring = await createProduct(t.database.db, { stock: 1, pricePaise: 950_000 });
    expect((await s.add(buyer.cookie, ring.id, 1)).statusCode).toBe(200);
    const order = await hold(buyer);
    const paid = fake.pay(order.id);

    await reconcilePending(t.app);
    const [row] = await orderRows(order.id);
    expect(row).toMatchObject({ paymentstatus: 'Paid', razorpayPaymentId: paid.razorpay_payment_id });
    expect(await productRow(t.database.db, ring.id)).toMatchObject({ stock: 0, sold: 1 });
    // nothing else was placed: the unpaid checkouts stay unpaid
    for (const c of unpaid) expect(await orderRows(c.providerOrderId as string)).toHaveLength(0);
  });
});

describe('checkouts that ended unpaid', () => {
  it('are purged after the retention period; placed, pending and recently ended ones are kept', async () => {
    const user = await t.signUpAndIn();
    const stone = await createProduct(t.database.db, { stock: 10, pricePaise: 120_000 });
    expect((await s.add(user.cookie, stone.id, 1)).statusCode).toBe(200);
    const replaced = await hold(user);
    expect((await s.add(user.cookie, stone.id, 1)).statusCode).toBe(200);
    fake.failNext(1, 400, /^\/v1\/orders$/); // refused, not retried
    expect((await s.hold(user.cookie)).statusCode).toBe(502); // a failed checkout
    const placed = await hold(user);
    expect((await s.verify(user.cookie, fake.pay(placed.id))).statusCode).toBe(201);
    const other = await t.signUpAndIn();
    expect((await s.add(other.cookie, stone.id, 1)).statusCode).toBe(200);
    const pending = await hold(other);

    const mine = async () =>
      Object.fromEntries(
        (await t.database.db.select().from(checkouts).where(eq(checkouts.userId, user.id))).map((c) => [
          c.status,
          c.providerOrderId,
        ]),
      );
    expect(await mine()).toMatchObject({ expired: replaced.id, failed: null, placed: placed.id });
    const day = 24 * 3600_000;
    await purgeOldCheckouts(t.database.db, 30, new Date(Date.now() + 29 * day));
    expect(Object.keys(await mine()).sort()).toEqual(['expired', 'failed', 'placed']);

    await purgeOldCheckouts(t.database.db, 30, new Date(Date.now() + 31 * day));
    expect(await mine()).toEqual({ placed: placed.id });
    expect(await orderRows(placed.id)).toHaveLength(1);
    const [stillPending] = await t.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, pending.id));
    expect(stillPending?.status).toBe('pending');
  });
});
