// @postgres: two Pay now clicks serialise on the buyer's row while Razorpay is still making the first one's order
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrderResponse, RazorpayOrderResponse } from '../../../contract/orders.js';
import { checkouts } from '../../db/schema.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { approvedDealer } from '../wholesale/test-kit.js';

/** Paying what is due on a credit order: a double click makes one Razorpay order, and both clicks get it. */
let fake: FakeRazorpay;
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp(fake.env);
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('Pay now on a due order', () => {
  it('gives a second click the order Razorpay is still making for the first, instead of replacing it', async () => {
    const dealer = await approvedDealer(t, admin, 30, 1_000_000);
    const stone = await createProduct(t.database.db, { stock: 5, pricePaise: 5_000_000 });
    expect((await shop(t).add(dealer.cookie, stone.id, 1)).statusCode).toBe(200);
    const placed = await t.request({
      method: 'POST',
      url: '/o1/api/credit-order',
      cookie: dealer.cookie,
      payload: { shippinginfo: SHIPPING },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = OrderResponse.parse(placed.json()).order._id;
    const payNow = () => t.request({ method: 'POST', url: `/o1/api/pay-due/${orderId}`, cookie: dealer.cookie, payload: {} });
    const open = () => t.database.db.select().from(checkouts).where(eq(checkouts.paysOrderId, orderId));
    const made = fake.count('POST', /^\/v1\/orders$/);

    // Razorpay answers nothing until released: the first click waits for its order
    const release = fake.pause();
    let first: ReturnType<typeof payNow>;
    let second: ReturnType<typeof payNow>;
    try {
      first = payNow();
      await vi.waitFor(async () => expect(await open()).toHaveLength(1), { timeout: 30_000, interval: 20 });
      const updatedAt = (await open())[0]?.updatedAt ?? new Date(0);
      second = payNow();
      // the second click has found the first one's payment (and touched it) and waits for its order
      await vi.waitFor(async () => expect((await open())[0]?.updatedAt.getTime()).toBeGreaterThan(updatedAt.getTime()), {
        timeout: 30_000,
        interval: 20,
      });
    } finally {
      release();
    }
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((r) => RazorpayOrderResponse.parse(r.json()).razorpayOrder.id);
    expect(b).toBe(a);
    expect(fake.count('POST', /^\/v1\/orders$/) - made).toBe(1);
    expect(await open()).toMatchObject([{ status: 'pending', providerOrderId: a }]);
  });
});
