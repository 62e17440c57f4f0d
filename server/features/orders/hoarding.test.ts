import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { checkouts } from '../../db/schema.js';
import { createProduct, productRow, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp } from '../../test/helpers.js';
import { sweepExpiredHolds } from '../payments/sweep.js';

// The shop's default caps (config.ts): 30 units and ₹25 lakh per account, 60 units and ₹40 lakh per
// client address, 3 lapsed holds within 120 minutes before a cool-down.
let t: TestApp;
let s: ReturnType<typeof shop>;
beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test shops from its own client address, so address caps of one test never touch another. */
const newAddress = () => `203.0.113.${++addressCounter}`;

const holdFrom = (cookie: string, remoteAddress: string) =>
  t.request({ method: 'POST', url: '/o1/api/razorpay-order', cookie, remoteAddress, payload: { shippinginfo: SHIPPING } });

describe('stock hoarding', () => {
  it('still sells a ₹20 lakh necklace to a real shopper: held, paid and placed', async () => {
    const user = await t.signUpAndIn();
    const necklace = await createProduct(t.database.db, { stock: 1, pricePaise: 20_00_000_00, name: 'Polki Diamond Necklace' });
    expect((await s.add(user.cookie, necklace.id)).statusCode).toBe(200);
    const held = await holdFrom(user.cookie, newAddress());
    expect(held.statusCode).toBe(200);
    const orderId = RazorpayOrderResponse.parse(held.json()).razorpayOrder.id;
    const paid = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, orderId)).json());
    if (!paid.success) throw new Error('sandbox payment failed');
    const placed = await s.verify(user.cookie, paid);
    expect(placed.statusCode).toBe(201);
    expect(OrderResponse.parse(placed.json()).order).toMatchObject({ paymentstatus: 'Paid', totalamount: 20_00_000 });
  });

  it('caps a cart line at the stock there is (adding or changing the quantity)', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 4 });
    const tooMany = await s.add(user.cookie, p.id, 1000);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ success: false, message: expect.stringMatching(/Only 4 of/) });
    expect((await s.add(user.cookie, p.id, 4)).statusCode).toBe(200);
    expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(409);
    const lines = (await t.request({ method: 'GET', url: '/c2/api/all', cookie: user.cookie })).json().data;
    const change = await t.request({
      method: 'PATCH',
      url: '/c2/api/update-quantity',
      cookie: user.cookie,
      payload: { cartItemId: lines[0].cartItemId, quantity: 5 },
    });
    expect(change.statusCode).toBe(409);
  });

  it('refuses to hold more units or more value than one account may, holding nothing', async () => {
    const user = await t.signUpAndIn();
    const beads = await createProduct(t.database.db, { stock: 500, pricePaise: 10_000, name: 'Coral bead' });
    expect((await s.add(user.cookie, beads.id, 31)).statusCode).toBe(200);
    const units = await holdFrom(user.cookie, newAddress());
    expect(units.statusCode).toBe(409);
    expect(units.json()).toMatchObject({ success: false, message: expect.stringMatching(/At most 30 items/) });
    expect((await productRow(t.database.db, beads.id)).stock).toBe(500);

    const other = await t.signUpAndIn();
    const emerald = await createProduct(t.database.db, { stock: 3, pricePaise: 13_00_000_00, name: 'Colombian Emerald' });
    expect((await s.add(other.cookie, emerald.id, 2)).statusCode).toBe(200); // ₹26 lakh
    const value = await holdFrom(other.cookie, newAddress());
    expect(value.statusCode).toBe(409);
    expect(value.json().message).toMatch(/above ₹25,00,000/);
    expect((await productRow(t.database.db, emerald.id)).stock).toBe(3);
  });

  it('caps what all accounts behind one client address hold unpaid at once, in units and in value', async () => {
    const address = newAddress();
    const p = await createProduct(t.database.db, { stock: 1000, pricePaise: 10_000, name: 'Pearl strand' });
    const users = await Promise.all(Array.from({ length: 4 }, () => t.signUpAndIn()));
    for (const u of users) expect((await s.add(u.cookie, p.id, 20)).statusCode).toBe(200);
    const codes: number[] = [];
    for (const u of users) codes.push((await holdFrom(u.cookie, address)).statusCode);
    expect(codes).toEqual([200, 200, 200, 409]); // 60 units held from the address; the 4th would make 80
    const refused = await holdFrom(users[3]?.cookie as string, address);
    expect(refused.json().message).toMatch(/waiting for payment from your network/);
    // the same shopper from another address is not held back by that one
    expect((await holdFrom(users[3]?.cookie as string, newAddress())).statusCode).toBe(200);
    expect((await productRow(t.database.db, p.id)).stock).toBe(1000 - 80);

    // value: ₹15 lakh each, ₹40 lakh per address → the third is refused
    const ring = await createProduct(t.database.db, { stock: 10, pricePaise: 15_00_000_00, name: 'Sapphire ring' });
    const valueAddress = newAddress();
    const buyers = await Promise.all(Array.from({ length: 3 }, () => t.signUpAndIn()));
    for (const u of buyers) expect((await s.add(u.cookie, ring.id)).statusCode).toBe(200);
    const valueCodes: number[] = [];
    for (const u of buyers) valueCodes.push((await holdFrom(u.cookie, valueAddress)).statusCode);
    expect(valueCodes).toEqual([200, 200, 409]);
  });

  it(`lets no more than the address cap through when many accounts start checkouts at once (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const address = newAddress();
    const p = await createProduct(t.database.db, { stock: 1000, pricePaise: 10_000, name: 'Garnet' });
    const users = await Promise.all(Array.from({ length: 8 }, () => t.signUpAndIn()));
    for (const u of users) expect((await s.add(u.cookie, p.id, 15)).statusCode).toBe(200);
    const codes = (await Promise.all(users.map((u) => holdFrom(u.cookie, address)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(4); // 4 × 15 = 60 units
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    expect((await productRow(t.database.db, p.id)).stock).toBe(1000 - 60);
  });

  it('does not renew a hold by starting the checkout again: the new hold keeps the old expiry', async () => {
    const user = await t.signUpAndIn();
    const address = newAddress();
    const p = await createProduct(t.database.db, { stock: 10 });
    await s.add(user.cookie, p.id, 1);
    const first = RazorpayOrderResponse.parse((await holdFrom(user.cookie, address)).json());
    // make the first hold older: 5 minutes left
    const fiveLeft = new Date(Date.now() + 5 * 60_000);
    await t.database.db
      .update(checkouts)
      .set({ holdExpiresAt: fiveLeft })
      .where(eq(checkouts.providerOrderId, first.razorpayOrder.id));
    await s.add(user.cookie, p.id, 1); // the cart changed: a new checkout
    const second = RazorpayOrderResponse.parse((await holdFrom(user.cookie, address)).json());
    expect(second.razorpayOrder.id).not.toBe(first.razorpayOrder.id);
    expect(new Date(second.holdExpiresAt).getTime()).toBe(fiveLeft.getTime());
    expect((await productRow(t.database.db, p.id)).stock).toBe(8);
  });

  it('makes an account wait after its holds ran out unpaid three times (429 with Retry-After), other accounts unaffected', async () => {
    const user = await t.signUpAndIn();
    const address = newAddress();
    const p = await createProduct(t.database.db, { stock: 10, name: 'Yellow Sapphire' });
    await s.add(user.cookie, p.id, 2);
    let sweepAt = Date.now();
    for (let i = 0; i < 3; i++) {
      expect((await holdFrom(user.cookie, address)).statusCode).toBe(200);
      sweepAt += 60_000;
      // the hold runs out: the sweep at a moment past its expiry
      await t.database.db
        .update(checkouts)
        .set({ holdExpiresAt: new Date(sweepAt - 1000) })
        .where(eq(checkouts.userId, user.id));
      expect(await sweepExpiredHolds(t.database.db, new Date(sweepAt))).toBeGreaterThanOrEqual(1);
      expect((await productRow(t.database.db, p.id)).stock).toBe(10);
    }
    const refused = await holdFrom(user.cookie, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, message: expect.stringMatching(/ran out without payment/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60 * 60);
    expect((await productRow(t.database.db, p.id)).stock).toBe(10);

    const other = await t.signUpAndIn();
    await s.add(other.cookie, p.id, 1);
    expect((await holdFrom(other.cookie, address)).statusCode).toBe(200);
  });

  it('counts starting again at the very end of a hold as a hold that ran out', async () => {
    const user = await t.signUpAndIn();
    const address = newAddress();
    const p = await createProduct(t.database.db, { stock: 10 });
    await s.add(user.cookie, p.id, 1);
    for (let i = 0; i < 3; i++) {
      const held = await holdFrom(user.cookie, address);
      expect(held.statusCode).toBe(200);
      const id = RazorpayOrderResponse.parse(held.json()).razorpayOrder.id;
      // one minute left: a new checkout now would otherwise be a fresh 15 minutes
      await t.database.db
        .update(checkouts)
        .set({ holdExpiresAt: new Date(Date.now() + 60_000) })
        .where(eq(checkouts.providerOrderId, id));
    }
    const refused = await holdFrom(user.cookie, address);
    expect(refused.statusCode).toBe(429);
    // the refusal changed nothing: the last checkout still holds its unit
    const pending = await t.database.db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(pending.filter((c) => c.status === 'pending')).toHaveLength(1);
    expect(pending.filter((c) => c.holdLapsedAt !== null)).toHaveLength(2);
    expect((await productRow(t.database.db, p.id)).stock).toBe(9);
  });
});
