import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { AdminCouponResponse, AdminSaleResponse } from '../../../contract/promotions.js';
import { checkouts, coupons, orderEvents, orders } from '../../db/schema.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { createProduct, productRow, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';
import { PRICE_CHANGED_NOTE, TOO_OLD_NOTE } from '../payments/price-check.js';
import { sweepExpiredHolds } from '../payments/sweep.js';

/**
 * A payment that comes after its checkout ran out is placed only at what the shop would charge now: a sale
 * that ended, or a coupon switched off or past its end, is not honoured; and a checkout older than
 * LATE_PAYMENT_MAX_MINUTES is never placed. Either way the payment is recorded, flagged and refunded.
 */
const engine = onPostgres ? 'PostgreSQL' : 'PGlite';
const iso = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * 60_000).toISOString();
const SAPPHIRE = 3_00_000_00; // ₹3,00,000

function helpers(t: TestApp, admin: () => TestUser) {
  const s = shop(t);
  return {
    s,
    async halfPriceSale(productId: string) {
      const res = await t.request({
        method: 'POST',
        url: '/p1/api/admin/sales',
        cookie: admin().cookie,
        payload: { name: 'Half price', percentoff: 50, productIds: [productId], startsAt: iso(-60), endsAt: iso(60 * 24) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return AdminSaleResponse.parse(res.json()).sale;
    },
    async endSale(id: string) {
      const res = await t.request({
        method: 'PATCH',
        url: `/p1/api/admin/sales/${id}`,
        cookie: admin().cookie,
        payload: { endsAt: iso(-1) },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    async coupon(percentoff: number) {
      const code = `LATE${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
      const res = await t.request({
        method: 'POST',
        url: '/p1/api/admin/coupons',
        cookie: admin().cookie,
        payload: { code, percentoff, startsAt: iso(-60), endsAt: iso(60 * 48) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return AdminCouponResponse.parse(res.json()).coupon;
    },
    async switchOff(couponId: string) {
      const res = await t.request({
        method: 'PATCH',
        url: `/p1/api/admin/coupons/${couponId}`,
        cookie: admin().cookie,
        payload: { active: false },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    /** The coupon's end passes (as time would). */
    pastEnd: (couponId: string) =>
      t.database.db
        .update(coupons)
        .set({ startsAt: new Date(Date.now() - 3 * 3_600_000), endsAt: new Date(Date.now() - 60_000) })
        .where(eq(coupons.id, couponId)),
    async shopperWith(pricePaise: number) {
      const user = await t.signUpAndIn();
      const p = await createProduct(t.database.db, { stock: 3, pricePaise, name: 'Ceylon Sapphire' });
      expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
      return { user, p };
    },
    async hold(user: TestUser, coupon?: string) {
      const res = await s.hold(user.cookie, { shippinginfo: SHIPPING, ...(coupon ? { coupon } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      return RazorpayOrderResponse.parse(res.json()).razorpayOrder;
    },
    /** The hold runs out before the payment is placed. */
    expire: () => sweepExpiredHolds(t.database.db, new Date(Date.now() + 16 * 60_000)),
    async orderOf(providerOrderId: string) {
      const [row] = await t.database.db.select().from(orders).where(eq(orders.razorpayOrderId, providerOrderId));
      return row as typeof orders.$inferSelect;
    },
    async notes(orderId: string) {
      const rows = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      return rows.map((e) => e.note);
    },
  };
}

describe(`a late payment in sandbox mode (${engine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signUpAndIn('ADMIN');
    h = helpers(t, () => admin);
  });
  afterAll(() => t.close());

  async function payInSandbox(user: TestUser, orderId: string) {
    const paid = SandboxPayResponse.parse((await h.s.sandboxPay(user.cookie, orderId)).json());
    if (!paid.success) throw new Error('sandbox payment failed');
    return paid;
  }

  it('is not placed at the sale price after the merchant ended the sale: recorded, flagged and refunded', async () => {
    const { user, p } = await h.shopperWith(SAPPHIRE);
    const sale = await h.halfPriceSale(p.id);
    const order = await h.hold(user);
    expect(order.amount).toBe(SAPPHIRE / 2);
    const paid = await payInSandbox(user, order.id);
    await h.expire();
    await h.endSale(sale._id);

    const res = await h.s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/prices changed.*refunded/);
    expect(OrderResponse.parse(res.json()).order.paymentstatus).toBe('Refunded');
    const row = await h.orderOf(order.id);
    expect(row).toMatchObject({ flag: 'stock_unavailable', paymentstatus: 'Refunded', refundStatus: 'processed' });
    expect(await h.notes(row.id)).toContain(PRICE_CHANGED_NOTE);
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 0 });
  });

  it('is still placed at the sale price after its hold ran out while the sale still runs', async () => {
    const { user, p } = await h.shopperWith(SAPPHIRE);
    await h.halfPriceSale(p.id);
    const order = await h.hold(user);
    const paid = await payInSandbox(user, order.id);
    await h.expire();
    const res = await h.s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    expect(OrderResponse.parse(res.json()).order).toMatchObject({ paymentstatus: 'Paid', totalamount: SAPPHIRE / 200 });
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 2, sold: 1 });
  });

  it('is not placed with a coupon the merchant switched off after the hold ran out', async () => {
    const { user, p } = await h.shopperWith(10_000_00);
    const c = await h.coupon(90);
    const order = await h.hold(user, c.code);
    expect(order.amount).toBe(1_000_00);
    const paid = await payInSandbox(user, order.id);
    await h.expire();
    await h.switchOff(c._id);

    const res = await h.s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    expect(OrderResponse.parse(res.json()).order.paymentstatus).toBe('Refunded');
    expect(await h.orderOf(order.id)).toMatchObject({ flag: 'coupon_unavailable', paymentstatus: 'Refunded', couponId: null });
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 0 });
    const [after] = await t.database.db.select().from(coupons).where(eq(coupons.id, c._id));
    expect(after?.uses).toBe(0);
  });

  it('is not placed with a coupon whose end passed after the hold ran out', async () => {
    const { user, p } = await h.shopperWith(10_000_00);
    const c = await h.coupon(90);
    const order = await h.hold(user, c.code);
    const paid = await payInSandbox(user, order.id);
    await h.expire();
    await h.pastEnd(c._id);

    const res = await h.s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    expect(await h.orderOf(order.id)).toMatchObject({ flag: 'coupon_unavailable', paymentstatus: 'Refunded' });
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 0 });
  });

  it('is not placed at an ended sale price when the checkout is still pending past its hold (not yet swept)', async () => {
    const { user, p } = await h.shopperWith(SAPPHIRE);
    const sale = await h.halfPriceSale(p.id);
    const order = await h.hold(user);
    const paid = await payInSandbox(user, order.id);
    await t.database.db
      .update(checkouts)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(checkouts.providerOrderId, order.id));
    await h.endSale(sale._id);
    const res = await h.s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    expect(await h.orderOf(order.id)).toMatchObject({ flag: 'stock_unavailable', paymentstatus: 'Refunded' });
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 0 }); // its held unit went back
  });

  it('is never placed when its checkout started longer ago than the bound, even with prices unchanged', async () => {
    const { user, p } = await h.shopperWith(75_000_00);
    const order = await h.hold(user);
    const paid = await payInSandbox(user, order.id);
    await t.database.db
      .update(checkouts)
      .set({ createdAt: new Date(Date.now() - (180 + 1) * 60_000) })
      .where(eq(checkouts.providerOrderId, order.id));

    const res = await h.s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    expect(OrderResponse.parse(res.json()).order.paymentstatus).toBe('Refunded');
    const row = await h.orderOf(order.id);
    expect(row).toMatchObject({ flag: 'stock_unavailable', paymentstatus: 'Refunded' });
    expect(await h.notes(row.id)).toContain(TOO_OLD_NOTE);
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 0 });
  });
});

describe(`a late payment in Razorpay mode (${engine})`, () => {
  let fake: FakeRazorpay;
  let t: TestApp;
  let admin: TestUser;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp(fake.env);
    admin = await t.signUpAndIn('ADMIN');
    h = helpers(t, () => admin);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const webhook = (w: { payload: string; headers: Record<string, string> }) =>
    t.request({ method: 'POST', url: '/o1/api/razorpay-webhook', payload: w.payload, headers: w.headers });

  it('verify: an ended sale is not honoured; the payment is refunded at Razorpay', async () => {
    const { user, p } = await h.shopperWith(SAPPHIRE);
    const sale = await h.halfPriceSale(p.id);
    const order = await h.hold(user);
    const paid = fake.pay(order.id);
    await h.expire();
    await h.endSale(sale._id);
    const res = await h.s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/prices changed/);
    expect(await h.orderOf(order.id)).toMatchObject({ flag: 'stock_unavailable', refundStatus: 'processed' });
    expect(fake.count('POST', new RegExp(`/v1/payments/${paid.razorpay_payment_id}/refund$`))).toBe(1);
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 0 });
  });

  it('webhook: an ended sale is not honoured', async () => {
    const { user, p } = await h.shopperWith(SAPPHIRE);
    const sale = await h.halfPriceSale(p.id);
    const order = await h.hold(user);
    const paid = fake.pay(order.id);
    await h.expire();
    await h.endSale(sale._id);
    expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).statusCode).toBe(200);
    expect(await h.orderOf(order.id)).toMatchObject({ flag: 'stock_unavailable', refundStatus: 'processed' });
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 0 });
  });

  it('webhook and verify: a coupon switched off is not honoured', async () => {
    const { user, p } = await h.shopperWith(10_000_00);
    const c = await h.coupon(90);
    const order = await h.hold(user, c.code);
    const paid = fake.pay(order.id);
    await h.expire();
    await h.switchOff(c._id);
    expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).statusCode).toBe(200);
    expect(await h.orderOf(order.id)).toMatchObject({ flag: 'coupon_unavailable', refundStatus: 'processed' });
    const again = await h.s.verify(user.cookie, paid);
    expect(again.statusCode).toBe(200);
    expect(OrderResponse.parse(again.json()).order.paymentstatus).toBe('Refunded');
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 0 });
  });

  it('verify: a checkout older than the bound is never placed', async () => {
    const { user, p } = await h.shopperWith(75_000_00);
    const order = await h.hold(user);
    const paid = fake.pay(order.id);
    await t.database.db
      .update(checkouts)
      .set({ createdAt: new Date(Date.now() - (180 + 1) * 60_000) })
      .where(eq(checkouts.providerOrderId, order.id));
    const res = await h.s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    expect(await h.orderOf(order.id)).toMatchObject({ flag: 'stock_unavailable', refundStatus: 'processed' });
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 0 });
  });
});
