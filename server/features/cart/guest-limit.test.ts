import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { GUEST_CARTS_TOO_MANY } from './guest.js';

/** Every guest cart is a row kept 30 days: those made from one client address are limited (GUEST_CART_LIMIT an hour). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GUEST_CART_LIMIT: '2' });
});
afterAll(() => t.close());

const add = (productId: string, remoteAddress: string, cookie?: string) =>
  t.request({ method: 'POST', url: '/c2/api/add', payload: { productId, quantity: 1 }, remoteAddress, cookie });
const guestCarts = async () =>
  Number(((await t.database.db.execute(sql`select count(*) as n from guest_carts`)) as { rows: { n: number }[] }).rows[0]?.n);

describe('guest carts made from one address', () => {
  it('are limited: past the limit 429 with Retry-After and no cart made; a cart already made still takes adds', async () => {
    const stone = await createProduct(t.database.db, { stock: 50 });
    const first = await add(stone.id, '10.9.9.9');
    expect(first.statusCode, first.body).toBe(200);
    const cookie = `gcart=${first.cookies.find((c) => c.name === 'gcart')?.value}`;
    expect((await add(stone.id, '10.9.9.9')).statusCode).toBe(200);
    const before = await guestCarts();

    const refused = await add(stone.id, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ success: false, message: GUEST_CARTS_TOO_MANY });
    expect(refused.cookies.find((c) => c.name === 'gcart' && c.value)).toBeUndefined();
    expect(await guestCarts()).toBe(before);

    // the visitor whose cart exists keeps shopping, and another address makes its own
    expect((await add(stone.id, '10.9.9.9', cookie)).statusCode).toBe(200);
    expect((await add(stone.id, '10.8.8.8')).statusCode).toBe(200);
  });
});
