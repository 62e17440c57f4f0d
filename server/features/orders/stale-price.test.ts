import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { checkouts, orderEvents, orders, products, shippingRates } from '../../db/schema.js';
import { createProduct, NEW_YORK, productRow, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';
import { PRICE_CHANGED_NOTE } from '../payments/price-check.js';
import { sweepExpiredHolds } from '../payments/sweep.js';

let t: TestApp;
let s: ReturnType<typeof shop>;
beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
});
afterAll(() => t.close());

type Paid = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
async function holdAndPay(user: TestUser) {
  const held = await s.hold(user.cookie);
  expect(held.statusCode).toBe(200);
  const orderId = RazorpayOrderResponse.parse(held.json()).razorpayOrder.id;
  const paid = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, orderId)).json());
  if (!paid.success) throw new Error('sandbox payment failed');
  return { orderId, paid: paid as Paid };
}
const setPrice = (id: string, pricePaise: number) =>
  t.database.db.update(products).set({ pricePaise }).where(eq(products.id, id));

describe(`a payment for a checkout that is no longer pending (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is not placed at the old price after its hold ran out and the price rose: recorded, flagged and refunded', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 3, pricePaise: 1_00_000_00, name: 'Ceylon Sapphire' });
    await s.add(user.cookie, p.id, 1);
    const { orderId, paid } = await holdAndPay(user);
    await sweepExpiredHolds(t.database.db, new Date(Date.now() + 16 * 60_000));
    await setPrice(p.id, 1_50_000_00);

    const res = await s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/prices changed.*refunded/);
    expect(OrderResponse.parse(res.json()).order.paymentstatus).toBe('Refunded');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.razorpayOrderId, orderId));
    expect(row).toMatchObject({ flag: 'stock_unavailable', refundStatus: 'processed', paymentstatus: 'Refunded' });
    const notes = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row?.id as string));
    expect(notes.map((e) => e.note)).toContain(PRICE_CHANGED_NOTE);
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 0 }); // nothing sold
  });

  it('is not placed at the old price when its checkout was replaced by a newer one before the price rose', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 5, pricePaise: 40_000_00, name: 'Emerald ring' });
    const box = await createProduct(t.database.db, { stock: 50, pricePaise: 500_00, name: 'Gift box' });
    await s.add(user.cookie, p.id, 1);
    const first = await holdAndPay(user);
    await s.add(user.cookie, box.id, 1); // the cart changed: a new checkout replaces the first
    expect((await s.hold(user.cookie)).statusCode).toBe(200);
    const [old] = await t.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, first.orderId));
    expect(old?.status).toBe('expired');
    await setPrice(p.id, 55_000_00);

    const res = await s.verify(user.cookie, first.paid);
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.razorpayOrderId, first.orderId));
    expect(row).toMatchObject({ flag: 'stock_unavailable', paymentstatus: 'Refunded' });
    expect(res.json().message).toMatch(/prices changed/);
    // the newer checkout still holds its unit; nothing more was taken or sold
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 4, sold: 0 });
  });

  it('is still placed after its hold ran out when the price and the stock still hold', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 2, pricePaise: 75_000_00 });
    await s.add(user.cookie, p.id, 1);
    const { paid } = await holdAndPay(user);
    await sweepExpiredHolds(t.database.db, new Date(Date.now() + 16 * 60_000));
    const res = await s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    expect(OrderResponse.parse(res.json()).order).toMatchObject({ paymentstatus: 'Paid', totalamount: 75_000 });
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 1, sold: 1 });
  });
});

describe('a late payment and the shipping it was charged', () => {
  const setInternational = (pricePaise: number) =>
    t.database.db.update(shippingRates).set({ pricePaise }).where(eq(shippingRates.name, 'Insured international'));

  async function lateAbroad() {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 3, pricePaise: 30_000_00 });
    await s.add(user.cookie, p.id, 1);
    const held = await s.hold(user.cookie, { shippinginfo: NEW_YORK });
    expect(held.statusCode, held.body).toBe(200);
    expect(RazorpayOrderResponse.parse(held.json()).shippingamount).toBe(4000);
    const orderId = RazorpayOrderResponse.parse(held.json()).razorpayOrder.id;
    const paid = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, orderId)).json());
    if (!paid.success) throw new Error('sandbox payment failed');
    await sweepExpiredHolds(t.database.db, new Date(Date.now() + 16 * 60_000));
    const verify = () =>
      t.request({
        method: 'POST',
        url: '/o1/api/verify-and-place',
        cookie: user.cookie,
        payload: { ...paid, shippinginfo: NEW_YORK },
      });
    return { p, orderId, verify };
  }

  it('is not placed at the old shipping once the merchant raised that rate: recorded, flagged and refunded', async () => {
    const { p, orderId, verify } = await lateAbroad();
    await setInternational(6_000_00);
    try {
      const res = await verify();
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toMatch(/prices changed.*refunded/);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.razorpayOrderId, orderId));
      expect(row).toMatchObject({ flag: 'stock_unavailable', paymentstatus: 'Refunded' });
      expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 0 });
    } finally {
      await setInternational(4_000_00);
    }
  });

  it('is placed when the shipping it paid is still what the shop charges', async () => {
    const { p, verify } = await lateAbroad();
    const res = await verify();
    expect(res.statusCode, res.body).toBe(201);
    expect(OrderResponse.parse(res.json()).order).toMatchObject({
      paymentstatus: 'Paid',
      totalamount: 34_000,
      shippingamount: 4000,
    });
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 2, sold: 1 });
  });
});
