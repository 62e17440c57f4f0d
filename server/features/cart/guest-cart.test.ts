import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartChangeResponse, CartCountResponse, CartItemsResponse } from '../../../contract/orders.js';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, sessionCookie, type TestApp, uniqueMobile } from '../../test/helpers.js';
import { createUser } from '../auth/service.js';

/** A visitor's cart kept by its own cookie, and moved into the account's cart at sign-in. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The `gcart=…` pair a response set, for a Cookie header. */
function guestCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'gcart');
  if (!c) throw new Error(`no guest cart cookie: ${res.statusCode} ${res.body}`);
  return `gcart=${c.value}`;
}

const add = (cookie: string | undefined, payload: object) => t.request({ method: 'POST', url: '/c2/api/add', payload, cookie });
const lines = async (cookie: string) => {
  const res = await t.request({ method: 'GET', url: '/c2/api/all', cookie });
  expect(res.statusCode).toBe(200);
  return CartItemsResponse.parse(res.json()).data;
};
const count = async (cookie: string) =>
  CartCountResponse.parse((await t.request({ method: 'GET', url: '/c2/api/count', cookie })).json()).data.count;

async function account() {
  const mobileno = uniqueMobile();
  const password = 'correct horse battery';
  await createUser(t.database.db, { fullname: 'Guest Turned Buyer', mobileno, password, role: 'USER' });
  return { mobileno, password };
}
const signIn = (who: { mobileno: string; password: string }, cookie?: string) =>
  t.request({ method: 'POST', url: '/u1/api/signin', payload: who, cookie });

/** A guest with `quantity` of the product in their cart: their cookie. */
async function guestWith(productId: string, quantity: number) {
  const res = await add(undefined, { productId, quantity });
  expect(res.statusCode).toBe(200);
  return guestCookie(res);
}

describe('a guest cart', () => {
  it('is not made by a visitor’s first add that is refused: no row, no cookie that keeps one', async () => {
    const guestCarts = async () =>
      Number(
        ((await t.database.db.execute(sql`select count(*) as n from guest_carts`)) as unknown as { rows: { n: number }[] })
          .rows[0]?.n,
      );
    const before = await guestCarts();
    const soldOut = await createProduct(t.database.db, { stock: 1 });
    for (const payload of [
      { productId: crypto.randomUUID(), quantity: 1 },
      { productId: soldOut.id, quantity: 2 },
    ]) {
      const res = await add(undefined, payload);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(
        res.cookies.filter((c) => c.name === 'gcart').every((c) => c.value === '' || (c.expires as Date) <= new Date()),
      ).toBe(true);
    }
    expect(await guestCarts()).toBe(before);
  });

  it('keeps a visitor’s lines under an HttpOnly cookie of 30 days, with the signed-in cart’s rules', async () => {
    const p = await createProduct(t.database.db, { stock: 3, sizes: ['6', '7'] });
    const res = await add(undefined, { productId: p.id, quantity: 2, productsize: '7' });
    expect(res.statusCode).toBe(200);
    expect(CartChangeResponse.parse(res.json()).data).toMatchObject([{ productId: p.id, quantity: 2, productsize: '7' }]);
    const set = res.cookies.find((c) => c.name === 'gcart');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const expires = set?.expires;
    expect(expires).toBeInstanceOf(Date);
    const days = ((expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const cookie = guestCookie(res);
    // The same product, size and colour add to the line; past the stock is refused as for a user.
    expect((await add(cookie, { productId: p.id, quantity: 1, productsize: '7' })).statusCode).toBe(200);
    const over = await add(cookie, { productId: p.id, quantity: 1, productsize: '7' });
    expect(over.statusCode).toBe(409);
    expect(await count(cookie)).toBe(1);
    const [line] = await lines(cookie);
    expect(line?.quantity).toBe(3);
    const upd = await t.request({
      method: 'PATCH',
      url: '/c2/api/update-quantity',
      payload: { cartItemId: line?.cartItemId, quantity: 1 },
      cookie,
    });
    expect(upd.statusCode).toBe(200);
    expect((await lines(cookie))[0]?.quantity).toBe(1);
  });

  it('is useless to anyone else: another guest, a forged or a guessed cookie see nothing and change nothing', async () => {
    const p = await createProduct(t.database.db, { stock: 5 });
    const mine = await guestWith(p.id, 2);
    const [line] = await lines(mine);
    const other = await guestWith(p.id, 1);
    for (const cookie of [
      other,
      `gcart=${crypto.randomBytes(32).toString('base64url')}`,
      'gcart=x',
      `gcart=${'a'.repeat(500)}`,
    ]) {
      const theirs = await lines(cookie);
      expect(theirs.map((l) => l.cartItemId)).not.toContain(line?.cartItemId);
      const upd = await t.request({
        method: 'PATCH',
        url: '/c2/api/update-quantity',
        payload: { cartItemId: line?.cartItemId, quantity: 5 },
        cookie,
      });
      expect(upd.statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `/c2/api/remove/${line?.cartItemId}`, cookie })).statusCode).toBe(404);
      await t.request({ method: 'DELETE', url: '/c2/api/clear', cookie });
    }
    // A signed-in user cannot reach a guest's line either.
    const user = await signIn(await account());
    const userCookie = sessionCookie(user);
    expect(
      (await t.request({ method: 'DELETE', url: `/c2/api/remove/${line?.cartItemId}`, cookie: userCookie })).statusCode,
    ).toBe(404);
    expect((await lines(mine))[0]).toMatchObject({ cartItemId: line?.cartItemId, quantity: 2 });
    // A forged cookie is not taken as a cart: adding with it gets a new cookie of the server's own.
    const forged = `gcart=${crypto.randomBytes(32).toString('base64url')}`;
    const res = await add(forged, { productId: p.id, quantity: 1 });
    expect(res.statusCode).toBe(200);
    expect(guestCookie(res)).not.toBe(forged);
  });
});

describe('signing in with a guest cart', () => {
  it('adds the guest’s lines to the account’s cart, caps them at the stock, ends the guest cart', async () => {
    const ruby = await createProduct(t.database.db, { stock: 4, sizes: ['6', '7'] });
    const pearl = await createProduct(t.database.db, { stock: 2 });
    const who = await account();
    // The account already holds 3 rubies of size 6.
    const first = sessionCookie(await signIn(who));
    expect((await add(first, { productId: ruby.id, quantity: 3, productsize: '6' })).statusCode).toBe(200);
    const guest = await guestWith(ruby.id, 3); // size 6 by default: 3 + 3 is over the stock of 4
    expect((await add(guest, { productId: ruby.id, quantity: 1, productsize: '7' })).statusCode).toBe(200);
    expect((await add(guest, { productId: pearl.id, quantity: 2 })).statusCode).toBe(200);

    const res = await signIn(who, guest);
    expect(res.statusCode).toBe(200);
    // The guest cookie is cleared and the guest cart is gone.
    expect(res.cookies.find((c) => c.name === 'gcart')?.value).toBe('');
    expect(await lines(guest)).toEqual([]);
    const merged = await lines(sessionCookie(res));
    const qty = (productId: string, size: string) =>
      merged.find((l) => l.productId === productId && l.productsize === size)?.quantity;
    expect(qty(ruby.id, '6')).toBe(4);
    expect(qty(ruby.id, '7')).toBe(1);
    expect(qty(pearl.id, '')).toBe(2);
    expect(merged).toHaveLength(3);
    // Signing in again with the old cookie adds nothing more.
    const again = await lines(sessionCookie(await signIn(who, guest)));
    expect(again.map((l) => l.quantity).sort()).toEqual([1, 2, 4]);
  });

  it('never lowers the account’s own line, and leaves sold-out and switched-off products behind', async () => {
    const scarce = await createProduct(t.database.db, { stock: 2 });
    const gone = await createProduct(t.database.db, { stock: 1 });
    const who = await account();
    const mine = sessionCookie(await signIn(who));
    expect((await add(mine, { productId: scarce.id, quantity: 2 })).statusCode).toBe(200);
    const guest = await guestWith(scarce.id, 2);
    expect((await add(guest, { productId: gone.id, quantity: 1 })).statusCode).toBe(200);
    await t.database.db.execute((await import('drizzle-orm')).sql`update products set stock = 1 where id = ${scarce.id}; `);
    await t.database.db.execute((await import('drizzle-orm')).sql`update products set is_active = false where id = ${gone.id}`);
    const merged = await lines(sessionCookie(await signIn(who, guest)));
    expect(merged.map((l) => [l.productId, l.quantity])).toEqual([[scarce.id, 2]]);
  });

  it('moves a guest cart once when the same cookie signs in twice at once, and never past the stock', async () => {
    const p = await createProduct(t.database.db, { stock: 5 });
    const who = await account();
    const guest = await guestWith(p.id, 3);
    const results = await Promise.all([signIn(who, guest), signIn(who, guest), signIn(who, guest)]);
    for (const r of results) expect(r.statusCode).toBe(200);
    const merged = await lines(sessionCookie(results[0] as LightMyRequestResponse));
    expect(merged.map((l) => l.quantity)).toEqual([3]);
  });

  it('caps at the stock when two guest carts join one account at once', async () => {
    const p = await createProduct(t.database.db, { stock: 4 });
    const who = await account();
    const guests = await Promise.all([guestWith(p.id, 3), guestWith(p.id, 3)]);
    const results = await Promise.all(guests.map((g) => signIn(who, g)));
    for (const r of results) expect(r.statusCode).toBe(200);
    const merged = await lines(sessionCookie(results[0] as LightMyRequestResponse));
    expect(merged.map((l) => l.quantity)).toEqual([4]);
  });

  it('a wrong password moves nothing and keeps the guest cart', async () => {
    const p = await createProduct(t.database.db, { stock: 5 });
    const who = await account();
    const guest = await guestWith(p.id, 2);
    const wrong = await signIn({ ...who, password: 'not the password' }, guest);
    expect(wrong.statusCode).toBe(401);
    expect((await lines(guest)).map((l) => l.quantity)).toEqual([2]);
  });
});

describe('signing up with a guest cart', () => {
  it('signs the new shopper in at once and their guest cart becomes the account’s', async () => {
    const p = await createProduct(t.database.db, { stock: 5 });
    const guest = await guestWith(p.id, 2);
    const up = await t.request({
      method: 'POST',
      url: '/u1/api/signup',
      payload: { fullname: 'New Shopper', mobileno: uniqueMobile(), password: 'correct horse battery' },
      cookie: guest,
    });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({
      success: true,
      message: 'You have successfully signed up!',
      user: { fullname: 'New Shopper' },
    });
    expect(up.cookies.find((c) => c.name === 'gcart')?.value).toBe('');
    const me = sessionCookie(up);
    expect((await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: me })).statusCode).toBe(200);
    expect((await lines(me)).map((l) => [l.productId, l.quantity])).toEqual([[p.id, 2]]);
    expect(await count(guest)).toBe(0);
  });
});
