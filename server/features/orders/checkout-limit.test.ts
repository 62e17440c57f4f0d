// @postgres: concurrent checkout attempts counted before any is made
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../../db/schema.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

/** Checkouts started per account and per client address are limited, so a loop of them cannot bury real ones. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_LIMIT: '3', CHECKOUT_ADDRESS_LIMIT: '5' });
});
afterAll(() => t.close());

const start = (cookie: string, remoteAddress = '127.0.0.1') =>
  t.request({ method: 'POST', url: '/o1/api/razorpay-order', cookie, payload: { shippinginfo: SHIPPING }, remoteAddress });

/** A shopper with one stone in the cart. */
async function shopper() {
  const user = await t.signUpAndIn();
  const stone = await createProduct(t.database.db, { stock: 50 });
  expect((await shop(t).add(user.cookie, stone.id, 1)).statusCode).toBe(200);
  return user;
}

describe('checkouts started', () => {
  it('are limited per account, then per address: 429 with Retry-After, before any checkout is made', async () => {
    const first = await shopper();
    for (let i = 0; i < 3; i++) expect((await start(first.cookie)).statusCode).toBe(200);
    const made = (await t.database.db.select().from(checkouts).where(eq(checkouts.userId, first.id))).length;
    const refused = await start(first.cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Too many checkouts started. Please wait a few minutes and try again.',
    });
    expect((await t.database.db.select().from(checkouts).where(eq(checkouts.userId, first.id))).length).toBe(made);
    // the account's own limit holds from anywhere
    expect((await start(first.cookie, '10.5.5.5')).statusCode).toBe(429);
    // the address has started 4 (the refused one included): another account behind it gets the fifth, then 429
    const second = await shopper();
    expect((await start(second.cookie)).statusCode).toBe(200);
    expect((await start(second.cookie)).statusCode).toBe(429);
    expect((await start(second.cookie, '10.6.6.6')).statusCode).toBe(200);
  });

  it('counts concurrent attempts before any is made: ten at once from ten addresses start three', async () => {
    const user = await shopper();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => start(user.cookie, `10.77.0.${i + 1}`).then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 200)).toBe(true);
  });
});
