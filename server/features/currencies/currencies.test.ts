// @postgres: the rates are exact numerics, refunds sum what was sent in the currency, and checkouts lock rows
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminCurrenciesResponse,
  CurrenciesResponse,
  convertPaise,
  minorToPaise,
  rateText,
} from '../../../contract/currencies.js';
import { OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { currencies, refunds, sandboxPayments } from '../../db/schema.js';
import type { FakeRazorpay } from '../../test/fake-razorpay.js';
import { createProduct, NEW_YORK, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { type RazorpayShop, razorpayShopForTests } from '../../test/razorpay-shop.js';
import { refreshFxRates } from './service.js';

const KUWAIT = {
  country: 'KW',
  fullname: 'Fahad Ali',
  mobileno: '+965 2222 3333',
  address: 'Block 3, Street 10',
  city: 'Kuwait City',
  pincode: '13001',
};

describe('the conversion rule', () => {
  it('charges rounded up to a unit the currency takes, refunds rounded down, and reads rates exactly', () => {
    // ₹24,000 at 0.011812 US$ per rupee = 283.488 → 283.49
    expect(convertPaise(2_400_000, '0.011812', 'USD', 'up')).toBe(28_349);
    expect(convertPaise(2_400_000, '0.011812', 'USD', 'down')).toBe(28_348);
    // yen have no smaller unit: 42,439.2 → 42,440
    expect(convertPaise(2_400_000, '1.7683', 'JPY', 'up')).toBe(42_440);
    // three-decimal dinars end in 0: 87.696 → 87.700
    expect(convertPaise(2_400_000, '0.003654', 'KWD', 'up')).toBe(87_700);
    expect(convertPaise(2_400_000, '0.003654', 'KWD', 'down')).toBe(87_690);
    // exact products stay exact (no float drift): ₹24,000 × 0.0118 = US$283.20
    expect(convertPaise(2_400_000, '0.0118000000', 'USD', 'up')).toBe(28_320);
    expect(minorToPaise(28_320, '0.0118', 'USD')).toBe(2_400_000);
    expect(rateText(0.0118)).toBe('0.0118');
    expect(rateText(1e-7)).toBe('0.0000001');
    expect(rateText(0)).toBeNull();
    expect(rateText(1e-12)).toBeNull();
    expect(rateText(-1)).toBeNull();
  });
});

describe('currencies', () => {
  let t: TestApp;
  let s: ReturnType<typeof shop>;
  let admin: TestUser;
  const put = (cookie: string | undefined, payload: object) =>
    t.request({ method: 'PUT', url: '/a1/api/admin/currencies', cookie, payload });

  beforeAll(async () => {
    t = await createTestApp();
    s = shop(t);
    admin = await t.signUpAndIn('ADMIN');
  });
  afterAll(() => t.close());

  it('lists INR first with rate 1; the merchant replaces the foreign ones, and only an admin may', async () => {
    const first = CurrenciesResponse.parse((await t.request({ method: 'GET', url: '/a1/api/currencies' })).json());
    expect(first.base).toBe('INR');
    expect(first.currencies[0]).toMatchObject({ code: 'INR', rate: 1, decimals: 2, symbol: '₹' });

    expect((await put(undefined, { currencies: [] })).statusCode).toBe(401);
    const shopper = await t.signUpAndIn();
    expect((await put(shopper.cookie, { currencies: [] })).statusCode).toBe(403);

    const res = await put(admin.cookie, {
      currencies: [
        { code: 'usd', rate: 0.011812 },
        { code: 'KWD', rate: 0.003654 },
        { code: 'JPY', rate: 1.7683 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = AdminCurrenciesResponse.parse(res.json());
    expect(saved.currencies.map((c) => c.code)).toEqual(['INR', 'JPY', 'KWD', 'USD']);
    expect(saved.currencies.find((c) => c.code === 'KWD')).toMatchObject({ rate: 0.003654, decimals: 3 });
    expect(saved.currencies.find((c) => c.code === 'JPY')).toMatchObject({ decimals: 0 });
    expect(saved.currencies.find((c) => c.code === 'USD')).toMatchObject({ decimals: 2, symbol: 'US$' });
    expect(saved.refresh).toMatchObject({ enabled: false, lastError: null });
  });

  it('refuses an unknown code, a rate not above 0 or a currency twice, and changes nothing', async () => {
    const before = await t.database.db.select().from(currencies);
    for (const bad of [
      [{ code: 'XXX', rate: 1 }],
      [{ code: 'INR', rate: 1 }],
      [{ code: 'USD', rate: 0 }],
      [{ code: 'USD', rate: -0.01 }],
      [
        { code: 'USD', rate: 0.0118 },
        { code: 'USD', rate: 0.012 },
      ],
    ]) {
      const res = await put(admin.cookie, { currencies: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.database.db.select().from(currencies)).toEqual(before);
  });

  async function cartOf(pricePaise: number) {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 5, pricePaise });
    expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
    return user;
  }

  it('charges an address abroad in its chosen currency, rounded up, and the order keeps the currency and rate', async () => {
    const user = await cartOf(2_000_000); // ₹20,000 + ₹4,000 insured international shipping
    const held = await s.hold(user.cookie, { shippinginfo: NEW_YORK, currency: 'usd' });
    expect(held.statusCode, held.body).toBe(200);
    const body = RazorpayOrderResponse.parse(held.json());
    expect(body.totalamount).toBe(24_000);
    expect(body.razorpayOrder).toMatchObject({ amount: 28_349, currency: 'USD' });
    expect(body).toMatchObject({ currency: 'USD', currencyamount: 283.49, fxrate: 0.011812 });

    const paid = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, body.razorpayOrder.id)).json());
    if (!paid.success) throw new Error('payment failed');
    const [payment] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paid.razorpay_payment_id));
    expect(payment).toMatchObject({ amountPaise: 28_349, currency: 'USD' });
    const placed = await t.request({
      method: 'POST',
      url: '/o1/api/verify-and-place',
      cookie: user.cookie,
      payload: { ...paid, shippinginfo: NEW_YORK },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderResponse.parse(placed.json()).order;
    expect(order).toMatchObject({
      paymentstatus: 'Paid',
      totalamount: 24_000,
      currency: 'USD',
      currencyamount: 283.49,
      fxrate: 0.011812,
    });

    // A rupee refund goes back in dollars at the order's rate, rounded down; the rest goes back exactly.
    const refund = (amount: number) =>
      t.request({
        method: 'POST',
        url: `/o1/api/admin/refund/${order._id}`,
        cookie: admin.cookie,
        payload: { amount, reason: 'goodwill' },
      });
    const part = await refund(10_000.55);
    expect(part.statusCode, part.body).toBe(201);
    const rest = await refund(13_999.45);
    expect(rest.statusCode, rest.body).toBe(201);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    const sent = rows.map((r) => [r.amountPaise, r.currency, r.currencyAmount]).sort((a, b) => Number(a[0]) - Number(b[0]));
    // 10,000.55 × 0.011812 = 118.1265 → 118.12; what is left of 283.49 is 165.37
    expect(sent).toEqual([
      [1_000_055, 'USD', 11_812],
      [1_399_945, 'USD', 16_537],
    ]);
    const view = await t.request({ method: 'GET', url: `/o1/api/admin/orders/${order._id}`, cookie: admin.cookie });
    const shown = (view.json() as { order: { refunds: { currency: string; currencyamount: number }[] } }).order.refunds;
    expect(shown.map((r) => [r.currency, r.currencyamount]).sort()).toEqual([
      ['USD', 118.12],
      ['USD', 165.37],
    ]);
  });

  it('takes three-decimal currencies with the last digit 0', async () => {
    const user = await cartOf(2_000_000);
    const held = await s.hold(user.cookie, { shippinginfo: KUWAIT, currency: 'KWD' });
    expect(held.statusCode, held.body).toBe(200);
    expect(RazorpayOrderResponse.parse(held.json()).razorpayOrder).toMatchObject({ amount: 87_700, currency: 'KWD' });
  });

  it('refuses a currency for an Indian address, one not enabled, and a rate older than 7 days', async () => {
    const user = await cartOf(300_000);
    const indian = await s.hold(user.cookie, { shippinginfo: SHIPPING, currency: 'USD' });
    expect(indian.statusCode).toBe(400);
    expect(indian.json().message).toMatch(/rupees/);
    const notEnabled = await s.hold(user.cookie, { shippinginfo: NEW_YORK, currency: 'EUR' });
    expect(notEnabled.statusCode).toBe(400);
    expect(notEnabled.json().message).toMatch(/EUR/);
    await t.database.db
      .update(currencies)
      .set({ updatedAt: new Date(Date.now() - 8 * 24 * 60 * 60_000) })
      .where(eq(currencies.code, 'JPY'));
    const stale = await s.hold(user.cookie, { shippinginfo: NEW_YORK, currency: 'JPY' });
    expect(stale.statusCode).toBe(409);
    // rupees still work for the same buyer
    const inRupees = await s.hold(user.cookie, { shippinginfo: NEW_YORK });
    expect(inRupees.statusCode, inRupees.body).toBe(200);
    expect(RazorpayOrderResponse.parse(inRupees.json()).razorpayOrder.currency).toBe('INR');
  });
});

describe('in Razorpay mode', () => {
  const shopWithRazorpay = razorpayShopForTests();
  let fake: FakeRazorpay;
  let t: TestApp;
  let s: RazorpayShop['s'];
  let admin: TestUser;
  beforeAll(async () => {
    ({ fake, t, s, admin } = shopWithRazorpay);
    const res = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/currencies',
      cookie: admin.cookie,
      payload: {
        currencies: [
          { code: 'KWD', rate: 0.003654 },
          { code: 'USD', rate: 0.011812 },
          { code: 'JPY', rate: 1.7683 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it('charges dollars in cents and yen in whole yen, and places each order in its currency', async () => {
    for (const [currency, amount, major] of [
      ['USD', 28_349, 283.49],
      ['JPY', 42_440, 42_440],
    ] as const) {
      const user = await t.signUpAndIn();
      const p = await createProduct(t.database.db, { stock: 5, pricePaise: 2_000_000 });
      expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
      const held = await s.hold(user.cookie, { shippinginfo: NEW_YORK, currency });
      expect(held.statusCode, held.body).toBe(200);
      const { razorpayOrder } = RazorpayOrderResponse.parse(held.json());
      expect(razorpayOrder).toMatchObject({ amount, currency });
      expect(fake.orders.get(razorpayOrder.id)).toMatchObject({ amount, currency });
      const placed = await t.request({
        method: 'POST',
        url: '/o1/api/verify-and-place',
        cookie: user.cookie,
        payload: { ...fake.pay(razorpayOrder.id), shippinginfo: NEW_YORK },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(OrderResponse.parse(placed.json()).order).toMatchObject({ paymentstatus: 'Paid', currency, currencyamount: major });
    }
  });

  it('creates the Razorpay order in the currency, checks the payment against it, and refunds in it', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 5, pricePaise: 2_000_000 });
    expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
    const held = await s.hold(user.cookie, { shippinginfo: KUWAIT, currency: 'KWD' });
    expect(held.statusCode, held.body).toBe(200);
    const { razorpayOrder } = RazorpayOrderResponse.parse(held.json());
    expect(fake.orders.get(razorpayOrder.id)).toMatchObject({ amount: 87_700, currency: 'KWD' });

    // A payment of the right number in rupees' terms but not the order's amount is never accepted.
    const short = fake.pay(razorpayOrder.id, { amount: 87_690, status: 'authorized' });
    const refused = await t.request({
      method: 'POST',
      url: '/o1/api/verify-and-place',
      cookie: user.cookie,
      payload: { ...short, shippinginfo: KUWAIT },
    });
    expect(OrderResponse.parse(refused.json()).order).toMatchObject({ paymentstatus: 'Failed' });
    expect(fake.count('POST', /\/capture$/)).toBe(0);

    const user2 = await t.signUpAndIn();
    expect((await s.add(user2.cookie, p.id, 1)).statusCode).toBe(200);
    const held2 = RazorpayOrderResponse.parse((await s.hold(user2.cookie, { shippinginfo: KUWAIT, currency: 'KWD' })).json());
    const paid = fake.pay(held2.razorpayOrder.id, { status: 'authorized' });
    const placed = await t.request({
      method: 'POST',
      url: '/o1/api/verify-and-place',
      cookie: user2.cookie,
      payload: { ...paid, shippinginfo: KUWAIT },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderResponse.parse(placed.json()).order;
    expect(order).toMatchObject({ paymentstatus: 'Paid', currency: 'KWD', currencyamount: 87.7 });
    const capture = fake.requests.find((r) => r.path === `/v1/payments/${paid.razorpay_payment_id}/capture`);
    expect(capture?.body).toEqual({ amount: 87_700, currency: 'KWD' });

    const refund = await t.request({
      method: 'POST',
      url: `/o1/api/admin/refund/${order._id}`,
      cookie: admin.cookie,
      payload: { amount: 1000, reason: 'a scratch on the setting' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const sent = fake.requests.filter((r) => r.path === `/v1/payments/${paid.razorpay_payment_id}/refund`);
    // ₹1,000 × 0.003654 = 3.654 KWD, rounded down to a unit Razorpay takes: 3.650
    expect(sent.map((r) => (r.body as { amount?: number }).amount)).toEqual([3_650]);
  });
});

describe('the daily refresh from FX_RATES_URL', () => {
  let answer: { status: number; body: string };
  let server: http.Server;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    answer = { status: 200, body: '{}' };
    server = http.createServer((_req, res) => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ FX_RATES_URL: `http://127.0.0.1:${port}/inr.json` });
    admin = await t.signUpAndIn('ADMIN');
    const res = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/currencies',
      cookie: admin.cookie,
      payload: {
        currencies: [
          { code: 'USD', rate: 0.0118 },
          { code: 'EUR', rate: 0.0109 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });
  const adminView = async () =>
    AdminCurrenciesResponse.parse(
      (await t.request({ method: 'GET', url: '/a1/api/admin/currencies', cookie: admin.cookie })).json(),
    );

  it('updates the enabled currencies it names and enables none', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ base: 'INR', date: '2026-11-28', rates: { USD: 0.0119, EUR: 0.011, GBP: 0.0094 } }),
    };
    expect(await refreshFxRates(t.app)).toBe(2);
    const view = await adminView();
    expect(view.currencies.map((c) => [c.code, c.rate])).toEqual([
      ['INR', 1],
      ['EUR', 0.011],
      ['USD', 0.0119],
    ]);
    expect(view.refresh).toMatchObject({ enabled: true, lastError: null });
    expect(view.refresh.lastSuccessAt).not.toBeNull();
  });

  it('keeps the old rates when the source fails or answers nonsense, and says why', async () => {
    answer = { status: 503, body: '{}' };
    expect(await refreshFxRates(t.app)).toBe(0);
    let view = await adminView();
    expect(view.refresh.lastError).toMatch(/503/);
    expect(view.currencies.find((c) => c.code === 'USD')?.rate).toBe(0.0119);

    answer = { status: 200, body: JSON.stringify({ base: 'INR', rates: { USD: 0 } }) };
    expect(await refreshFxRates(t.app)).toBe(0);
    view = await adminView();
    expect(view.refresh.lastError).toMatch(/USD/);
    expect(view.currencies.find((c) => c.code === 'USD')?.rate).toBe(0.0119);
  });
});
