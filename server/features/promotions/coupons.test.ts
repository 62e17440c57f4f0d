// @postgres: the last use of a coupon among 50 shoppers at once
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartItemsResponse, OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { AdminCouponResponse, AdminCouponsResponse, CouponCheckResponse } from '../../../contract/promotions.js';
import { checkouts, coupons, orders } from '../../db/schema.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { sweepExpiredHolds } from '../payments/sweep.js';

let t: TestApp;
let admin: TestUser;
let s: ReturnType<typeof shop>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  s = shop(t);
});
afterAll(() => t.close());

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const code = (prefix = 'SAVE') => `${prefix}${crypto.randomBytes(4).toString('hex').toUpperCase()}`;

async function coupon(body: object) {
  const res = await t.request({
    method: 'POST',
    url: '/p1/api/admin/coupons',
    cookie: admin.cookie,
    payload: { startsAt: hours(-1), endsAt: hours(48), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return AdminCouponResponse.parse(res.json()).coupon;
}
const check = (cookie: string, value: string) =>
  t.request({ method: 'POST', url: '/c2/api/coupon', cookie, payload: { code: value } });
const hold = (cookie: string, couponCode?: string) =>
  s.hold(cookie, { shippinginfo: SHIPPING, ...(couponCode ? { coupon: couponCode } : {}) });
async function couponRow(id: string) {
  const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, id));
  return row as typeof coupons.$inferSelect;
}
async function payAndPlace(cookie: string, providerOrderId: string) {
  const paid = SandboxPayResponse.parse((await s.sandboxPay(cookie, providerOrderId)).json());
  if (!paid.success) throw new Error('payment failed');
  const placed = await s.verify(cookie, paid);
  expect([200, 201]).toContain(placed.statusCode);
  return OrderResponse.parse(placed.json());
}
/** A shopper with one ₹2,000 stone (₹1,600 on a 20% sale) in the cart. */
async function shopperWithCart(pricePaise = 200_000, stock = 5) {
  const user = await t.signUpAndIn();
  const stone = await createProduct(t.database.db, { pricePaise, stock });
  expect((await s.add(user.cookie, stone.id, 1)).statusCode).toBe(200);
  return { user, stone };
}

describe('coupon administration', () => {
  it('creates, lists, edits and deletes coupons; codes are unique whatever their case', async () => {
    const value = code();
    const made = await coupon({ code: value.toLowerCase(), percentoff: 10, minorder: 500, maxuses: 100, peruser: 1 });
    expect(made).toMatchObject({
      code: value,
      percentoff: 10,
      amountoff: null,
      minorder: 500,
      uses: 0,
      reserved: 0,
      revenue: 0,
      active: true,
      status: 'running',
    });
    const again = await t.request({
      method: 'POST',
      url: '/p1/api/admin/coupons',
      cookie: admin.cookie,
      payload: { code: value, amountoff: 100, startsAt: hours(-1), endsAt: hours(1) },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].path).toBe('code');

    const edited = await t.request({
      method: 'PATCH',
      url: `/p1/api/admin/coupons/${made._id}`,
      cookie: admin.cookie,
      payload: { amountoff: 250.5, percentoff: null, active: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(AdminCouponResponse.parse(edited.json()).coupon).toMatchObject({ percentoff: null, amountoff: 250.5, status: 'off' });
    const list = AdminCouponsResponse.parse(
      (await t.request({ method: 'GET', url: '/p1/api/admin/coupons', cookie: admin.cookie })).json(),
    );
    expect(list.coupons.find((c) => c._id === made._id)).toMatchObject({ code: value, amountoff: 250.5 });
    expect(
      (await t.request({ method: 'DELETE', url: `/p1/api/admin/coupons/${made._id}`, cookie: admin.cookie })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'DELETE', url: `/p1/api/admin/coupons/${made._id}`, cookie: admin.cookie })).statusCode,
    ).toBe(404);
  });

  it('refuses bad coupons with the field at fault, and everyone but admins', async () => {
    const base = { startsAt: hours(-1), endsAt: hours(1) };
    const cases: [object, string][] = [
      [{ ...base, code: 'AB1', percentoff: 10 }, 'code'],
      [{ ...base, code: 'HAS SPACE', percentoff: 10 }, 'code'],
      [{ ...base, code: code(), percentoff: 10, amountoff: 50 }, 'percentoff'],
      [{ ...base, code: code() }, 'percentoff'],
      [{ ...base, code: code(), percentoff: 0 }, 'percentoff'],
      [{ ...base, code: code(), amountoff: -5 }, 'amountoff'],
      [{ ...base, code: code(), amountoff: 10.001 }, 'amountoff'],
      [{ ...base, code: code(), percentoff: 5, maxuses: 0 }, 'maxuses'],
      [{ ...base, code: code(), percentoff: 5, endsAt: base.startsAt }, 'endsAt'],
    ];
    for (const [body, path] of cases) {
      const res = await t.request({ method: 'POST', url: '/p1/api/admin/coupons', cookie: admin.cookie, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const shopper = await t.signUpAndIn();
    expect((await t.request({ method: 'GET', url: '/p1/api/admin/coupons' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/p1/api/admin/coupons', cookie: shopper.cookie })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: '/p1/api/admin/coupons', cookie: shopper.cookie, payload: {} })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'POST', url: '/c2/api/coupon', payload: { code: 'X' } })).statusCode).toBe(401);
  });
});

describe('checking a coupon against the cart', () => {
  it('takes the discount off the sale prices; cart, check, payment and order totals agree', async () => {
    const { user, stone } = await shopperWithCart(200_000);
    const saleRes = await t.request({
      method: 'POST',
      url: '/p1/api/admin/sales',
      cookie: admin.cookie,
      payload: { name: 'Twenty', percentoff: 20, productIds: [stone.id], startsAt: hours(-1), endsAt: hours(5) },
    });
    expect(saleRes.statusCode).toBe(201);
    const value = code();
    const made = await coupon({ code: value, percentoff: 12, minorder: 1500 });

    const cart = CartItemsResponse.parse((await t.request({ method: 'GET', url: '/c2/api/all', cookie: user.cookie })).json());
    const cartTotal = cart.data.reduce((n, l) => n + l.productprice * l.quantity, 0);
    expect(cartTotal).toBe(1600);

    const checked = await check(user.cookie, ` ${value.toLowerCase()} `);
    expect(checked.statusCode, checked.body).toBe(200);
    // 12% of ₹1,600 (the sale price, not the list price)
    expect(CouponCheckResponse.parse(checked.json())).toMatchObject({
      coupon: { code: value, discountamount: 192 },
      total: 1408,
      subtotal: 1600,
    });

    // Whatever the browser claims, the server works the amount out again.
    const held = await hold(user.cookie, value.toLowerCase());
    expect(held.statusCode, held.body).toBe(200);
    const body = RazorpayOrderResponse.parse(held.json());
    expect(body).toMatchObject({ totalamount: 1408, discountamount: 192, couponcode: value });
    expect(body.razorpayOrder.amount).toBe(140_800);
    expect((await couponRow(made._id)).uses).toBe(0);

    const { order, message } = await payAndPlace(user.cookie, body.razorpayOrder.id);
    expect(message).toBe('Payment successful! Order placed.');
    expect(order).toMatchObject({ totalamount: 1408, discountamount: 192, couponcode: value, paymentstatus: 'Paid' });
    expect(order.products[0]).toMatchObject({ productprice: 1600, listprice: 2000 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ totalPaise: 140_800, discountPaise: 19_200, couponCode: value, couponId: made._id });

    const list = AdminCouponsResponse.parse(
      (await t.request({ method: 'GET', url: '/p1/api/admin/coupons', cookie: admin.cookie })).json(),
    );
    expect(list.coupons.find((c) => c._id === made._id)).toMatchObject({ uses: 1, reserved: 0, revenue: 1408 });
  });

  it('answers an unknown, switched-off, not yet started and ended code alike (codes cannot be probed); says why a real one cannot be used', async () => {
    const { user } = await shopperWithCart(100_000);
    const off = await coupon({ code: code(), percentoff: 5, active: false });
    const soon = await coupon({ code: code(), percentoff: 5, startsAt: hours(1), endsAt: hours(2) });
    const past = await coupon({ code: code(), percentoff: 5, startsAt: hours(-3), endsAt: hours(-1) });
    const big = await coupon({ code: code(), amountoff: 50, minorder: 1000.01 });
    const cases: [string, number, string][] = [
      ['NOSUCHCODE', 404, 'This coupon code is not valid'],
      [off.code, 404, 'This coupon code is not valid'],
      [soon.code, 404, 'This coupon code is not valid'],
      [past.code, 404, 'This coupon code is not valid'],
      [big.code, 409, 'Spend at least ₹1,000.01 to use this coupon'],
    ];
    for (const [value, status, message] of cases) {
      const res = await check(user.cookie, value);
      expect(res.statusCode, value).toBe(status);
      expect(res.json()).toEqual({ success: false, message });
      // …and the checkout refuses it the same way, holding nothing.
      const held = await hold(user.cookie, value);
      expect(held.statusCode).toBe(status);
      expect(held.json().message).toBe(message);
    }
    const pending = await t.database.db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(pending).toHaveLength(0);
    expect((await check(user.cookie, '')).statusCode).toBe(400);
  });

  it('never takes the total below ₹1 and caps a fixed amount at the cart', async () => {
    const { user } = await shopperWithCart(30_000);
    const value = code();
    await coupon({ code: value, amountoff: 1000 });
    const res = CouponCheckResponse.parse((await check(user.cookie, value)).json());
    expect(res).toMatchObject({ coupon: { discountamount: 299 }, total: 1 });
    const held = RazorpayOrderResponse.parse((await hold(user.cookie, value)).json());
    expect(held.razorpayOrder.amount).toBe(100);
  });
});

describe('checking a coupon for a Buy Now checkout', () => {
  it('with items, takes the discount off those lines only, as the checkout of the same items does', async () => {
    const { user } = await shopperWithCart(200_000);
    const other = await createProduct(t.database.db, { pricePaise: 500_000, stock: 5 });
    expect((await s.add(user.cookie, other.id, 3)).statusCode).toBe(200);
    const cart = CartItemsResponse.parse((await t.request({ method: 'GET', url: '/c2/api/all', cookie: user.cookie })).json());
    const line = cart.data.find((l) => l._id === other.id || l.productId === other.id);
    if (!line) throw new Error('no line');
    const value = code();
    await coupon({ code: value, percentoff: 10, minorder: 12_000 });

    const whole = await check(user.cookie, value);
    expect(CouponCheckResponse.parse(whole.json())).toMatchObject({ subtotal: 17_000, total: 15_300 });

    // Two of the three ₹5,000 stones: ₹10,000 is below the ₹12,000 minimum, the whole cart is not.
    const items = [{ cartItemId: line.cartItemId, quantity: 2 }];
    const two = await t.request({ method: 'POST', url: '/c2/api/coupon', cookie: user.cookie, payload: { code: value, items } });
    expect(two.statusCode).toBe(409);
    expect(two.json().message).toBe('Spend at least ₹12,000 to use this coupon');

    // More than the cart has counts as what the cart has, as at checkout: 3 × ₹5,000 less 10%.
    const all = [{ cartItemId: line.cartItemId, quantity: 9 }];
    const checked = await t.request({
      method: 'POST',
      url: '/c2/api/coupon',
      cookie: user.cookie,
      payload: { code: value, items: all },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(CouponCheckResponse.parse(checked.json())).toMatchObject({
      coupon: { code: value, discountamount: 1500 },
      subtotal: 15_000,
      total: 13_500,
    });
    const held = await s.hold(user.cookie, { shippinginfo: SHIPPING, items: all, coupon: value });
    expect(held.statusCode, held.body).toBe(200);
    expect(RazorpayOrderResponse.parse(held.json())).toMatchObject({ totalamount: 13_500, discountamount: 1500 });

    // Another shopper's cart line is not in this cart.
    const stranger = await shopperWithCart(200_000);
    const theirs = await t.request({
      method: 'POST',
      url: '/c2/api/coupon',
      cookie: stranger.user.cookie,
      payload: { code: value, items },
    });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe('An item you chose is no longer in your cart');
    const malformed = await t.request({
      method: 'POST',
      url: '/c2/api/coupon',
      cookie: user.cookie,
      payload: { code: value, items: [{ cartItemId: 'nope', quantity: 1 }] },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('coupon limits', () => {
  it('works once per customer', async () => {
    const value = code('ONCE');
    await coupon({ code: value, percentoff: 10, peruser: 1 });
    const { user, stone } = await shopperWithCart(100_000);
    const first = RazorpayOrderResponse.parse((await hold(user.cookie, value)).json());
    await payAndPlace(user.cookie, first.razorpayOrder.id);
    expect((await s.add(user.cookie, stone.id, 1)).statusCode).toBe(200);
    const again = await check(user.cookie, value);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already used this coupon');
    expect((await hold(user.cookie, value)).statusCode).toBe(409);
    // without the coupon the shopper can still buy
    expect((await hold(user.cookie)).statusCode).toBe(200);
  });

  it('gives the last use to exactly one of 50 shoppers checking out at once', async () => {
    const value = code('LAST');
    const made = await coupon({ code: value, percentoff: 10, maxuses: 3 });
    await t.database.db.update(coupons).set({ uses: 2 }).where(eq(coupons.id, made._id));
    const stone = await createProduct(t.database.db, { pricePaise: 50_000, stock: 100 });
    const shoppers: TestUser[] = [];
    for (let i = 0; i < 50; i++) {
      const user = await t.signUpAndIn();
      expect((await s.add(user.cookie, stone.id, 1)).statusCode).toBe(200);
      shoppers.push(user);
    }
    const answers = await Promise.all(shoppers.map((u) => hold(u.cookie, value)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((c) => c === 200)).toHaveLength(1);
    expect(statuses.filter((c) => c === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe('This coupon has been used up');
    const winnerIndex = statuses.indexOf(200);
    const winner = shoppers[winnerIndex] as TestUser;
    const body = RazorpayOrderResponse.parse((answers[winnerIndex] as (typeof answers)[number]).json());
    expect(body.discountamount).toBe(50);
    const { order } = await payAndPlace(winner.cookie, body.razorpayOrder.id);
    expect(order).toMatchObject({ couponcode: value, totalamount: 450, paymentstatus: 'Paid' });
    expect((await couponRow(made._id)).uses).toBe(3);
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.couponId, made._id));
    expect(Number(n?.n)).toBe(1);
    // used up now for everyone
    expect((await check((shoppers[(winnerIndex + 1) % 50] as TestUser).cookie, value)).statusCode).toBe(409);
  });

  it('an expired checkout gives its use back; its late payment is refunded, never counted past the limit', async () => {
    const value = code('HOLD');
    const made = await coupon({ code: value, percentoff: 10, maxuses: 1 });
    const a = await shopperWithCart(100_000);
    const b = await shopperWithCart(100_000);
    const heldA = RazorpayOrderResponse.parse((await hold(a.user.cookie, value)).json());
    expect(
      AdminCouponsResponse.parse(
        (await t.request({ method: 'GET', url: '/p1/api/admin/coupons', cookie: admin.cookie })).json(),
      ).coupons.find((c) => c._id === made._id),
    ).toMatchObject({ uses: 0, reserved: 1 });
    // A's checkout holds the only use
    expect((await check(b.user.cookie, value)).statusCode).toBe(409);
    expect((await hold(b.user.cookie, value)).statusCode).toBe(409);

    // A's hold runs out: the use is free again even before the sweep has run…
    await t.database.db
      .update(checkouts)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(checkouts.providerOrderId, heldA.razorpayOrder.id));
    expect((await check(b.user.cookie, value)).statusCode).toBe(200);
    await sweepExpiredHolds(t.database.db);
    const heldB = RazorpayOrderResponse.parse((await hold(b.user.cookie, value)).json());
    expect(heldB.discountamount).toBe(100);

    // …so A paying late cannot have it: recorded, flagged and refunded.
    const late = await payAndPlace(a.user.cookie, heldA.razorpayOrder.id);
    expect(late.message).toBe(
      'Payment received, but the coupon was used up or withdrawn while you were paying. Your payment is being refunded.',
    );
    const [rowA] = await t.database.db.select().from(orders).where(eq(orders.id, late.order._id));
    expect(rowA).toMatchObject({ flag: 'coupon_unavailable', couponId: null, couponCode: value });
    expect(late.order.paymentstatus).toBe('Refunded');

    const paidB = await payAndPlace(b.user.cookie, heldB.razorpayOrder.id);
    expect(paidB.order).toMatchObject({ paymentstatus: 'Paid', couponcode: value, discountamount: 100 });
    expect((await couponRow(made._id)).uses).toBe(1);
  });

  it('a replaced checkout releases its reservation', async () => {
    const value = code('SWAP');
    const made = await coupon({ code: value, percentoff: 10, maxuses: 1 });
    const a = await shopperWithCart(100_000);
    const b = await shopperWithCart(100_000);
    expect((await hold(a.user.cookie, value)).statusCode).toBe(200);
    // the same shopper checking out again with it keeps being able to (their own reservation is replaced)
    expect((await check(a.user.cookie, value)).statusCode).toBe(200);
    // without the coupon this time: the use is free for others
    expect((await hold(a.user.cookie)).statusCode).toBe(200);
    expect((await hold(b.user.cookie, value)).statusCode).toBe(200);
    expect((await couponRow(made._id)).uses).toBe(0);
  });
});

describe('coupon codes cannot be guessed', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({}, { couponLimits: { perAccount: 3, perAddress: 5 } });
  });
  afterAll(() => small.close());
  const guess = (cookie: string, value: string, remoteAddress = '127.0.0.1') =>
    small.request({ method: 'POST', url: '/c2/api/coupon', cookie, payload: { code: value }, remoteAddress });
  /** A shopper with a stone in the cart, so an unknown code is a 404 rather than an empty cart's 409. */
  async function shopper() {
    const user = await small.signUpAndIn();
    const stone = await createProduct(small.database.db, { stock: 5 });
    expect((await shop(small).add(user.cookie, stone.id, 1)).statusCode).toBe(200);
    return user;
  }

  it('limits the codes tried per account, then per address: 429 with Retry-After, in the error shape', async () => {
    const first = await shopper();
    for (let i = 0; i < 3; i++) expect((await guess(first.cookie, code('GUESS'))).statusCode).toBe(404);
    const refused = await guess(first.cookie, code('GUESS'));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ success: false, message: 'Too many coupon codes tried. Please try again later' });
    // the account's limit is its own: from another address it is still refused
    expect((await guess(first.cookie, code('GUESS'), '10.9.8.7')).statusCode).toBe(429);
    // a second account behind the same address (which has tried 4, the refused one included): one more, then 429
    const second = await shopper();
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push((await guess(second.cookie, code('GUESS'))).statusCode);
    expect(answers).toEqual([404, 429]);
    // elsewhere the second account may still try its third
    expect((await guess(second.cookie, code('GUESS'), '10.1.2.3')).statusCode).toBe(404);
  });

  it('counts concurrent guesses before any is looked up: ten at once get three answers and seven 429s', async () => {
    const user = await shopper();
    const statuses = await Promise.all(
      // each from an address of its own, so only the account's limit binds
      Array.from({ length: 10 }, (_, i) => guess(user.cookie, code('GUESS'), `10.44.0.${i + 1}`).then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s === 404)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('a signed-out visitor gets 401 before anything is counted', async () => {
    const res = await small.request({ method: 'POST', url: '/c2/api/coupon', payload: { code: 'ANYCODE' } });
    expect(res.statusCode).toBe(401);
  });
});
