import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_WINDOW_MS } from '../../contract/lifecycle.js';
import { AdminOrdersResponse } from '../../contract/orders.js';
import { openPostgres } from '../db/client.js';
import { orders, products, sessions, users } from '../db/schema.js';
import { createProduct, shop } from '../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../test/helpers.js';

/**
 * What each server keeps besides the catalogue answers, through HTTP: the back-office order lists and the
 * signed-in users. Neither outlives a write to what it was read from, through this server, another one, or
 * straight into the database.
 */

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, shopper] = await Promise.all([t.signUpAndIn('ADMIN'), t.signUpAndIn()]);
  productId = (await createProduct(t.database.db, { stock: 50, pricePaise: 20_000 })).id;
  // The product was written straight into the database: its notice may still be on its way (PostgreSQL), and would
  // drop what the first test keeps.
  await t.app.catalogueSettled();
}, 120_000);
afterAll(() => t.close());

const list = async (app: Pick<TestApp, 'request'> = t, cookie = admin.cookie, query = '?limit=50') => {
  const res = await app.request({ method: 'GET', url: `/o1/api/admin/orders${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return AdminOrdersResponse.parse(res.json());
};

async function buy(cookie: string) {
  const s = shop(t);
  expect((await s.add(cookie, productId, 1)).statusCode).toBe(200);
  return (await s.payAndPlace(cookie))._id;
}

describe('back-office order lists', () => {
  it('are kept, and show an order placed, changed in the database or whose product changed at the next ask', async () => {
    const before = await list();
    const hits = t.app.orderLists.stats().hits;
    expect(await list()).toEqual(before);
    expect(t.app.orderLists.stats().hits).toBe(hits + 1);

    const id = await buy(shopper.cookie);
    const after = await list();
    expect(after.pagination.totalOrders).toBe(before.pagination.totalOrders + 1);
    expect(after.orders[0]?._id).toBe(id);

    await t.database.db.update(orders).set({ deliverystatus: 'shipped' }).where(eq(orders.id, id));
    await t.app.catalogueSettled();
    expect((await list()).orders[0]?.deliverystatus).toBe('shipped');

    await t.database.db.update(products).set({ name: 'Renamed Ruby' }).where(eq(products.id, productId));
    await t.app.catalogueSettled();
    expect((await list()).orders[0]?.products[0]?.productId?.productname).toBe('Renamed Ruby');
  });

  it('show an order no longer returnable once its return window closes, without any write', async () => {
    const id = await buy(shopper.cookie);
    await t.database.db
      .update(orders)
      .set({ deliverystatus: 'delivered', deliveredAt: new Date(Date.now() - RETURN_WINDOW_MS + 1500) })
      .where(eq(orders.id, id));
    await t.app.catalogueSettled();
    const returnable = async () => (await list()).orders.find((o) => o._id === id)?.returnable;
    expect(await returnable()).toBe(true);
    await expect.poll(returnable, { timeout: 10_000 }).toBe(false);
  });
});

describe('signed-in users', () => {
  const checkuser = (cookie: string, app: Pick<TestApp, 'request'> = t) =>
    app.request({ method: 'GET', url: '/u1/api/checkuser', cookie });

  it('are kept, and a sign-out, a deleted session or a changed role counts at the next request', async () => {
    const user = await t.signUpAndIn();
    expect((await checkuser(user.cookie)).statusCode).toBe(200);
    const hits = t.app.signedIn.stats().hits;
    expect((await checkuser(user.cookie)).statusCode).toBe(200);
    expect(t.app.signedIn.stats().hits).toBe(hits + 1);
    expect((await t.request({ method: 'POST', url: '/u1/api/signout', cookie: user.cookie })).statusCode).toBe(200);
    expect((await checkuser(user.cookie)).statusCode).toBe(401);

    const other = await t.signUpAndIn();
    expect((await checkuser(other.cookie)).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, other.id));
    await t.app.catalogueSettled();
    expect((await checkuser(other.cookie)).statusCode).toBe(401);

    const second = await t.signUpAndIn('ADMIN');
    await list(t, second.cookie);
    await t.database.db.update(users).set({ role: 'USER' }).where(eq(users.id, second.id));
    await t.app.catalogueSettled();
    expect((await t.request({ method: 'GET', url: '/o1/api/admin/orders', cookie: second.cookie })).statusCode).toBe(403);
  });
});

describe.runIf(onPostgres)('two servers on one PostgreSQL database', () => {
  it('a sign-out, a new role and a new order through one are in the other’s very next answer', async () => {
    const url = (t.database as { url?: string }).url as string;
    const secondDb = await openPostgres(url, 5);
    const second = await createTestApp({}, { database: secondDb });
    try {
      const user = await t.signUpAndIn();
      expect((await checkuser(user.cookie, second)).statusCode).toBe(200);
      expect((await checkuser(user.cookie, second)).statusCode).toBe(200);
      expect((await t.request({ method: 'POST', url: '/u1/api/signout', cookie: user.cookie })).statusCode).toBe(200);
      expect((await checkuser(user.cookie, second)).statusCode).toBe(401);

      const boss = await t.signUpAndIn('ADMIN');
      const before = await list(second, boss.cookie);
      expect(await list(second, boss.cookie)).toEqual(before);
      const id = await buy(shopper.cookie);
      expect((await list(second, boss.cookie)).orders[0]?._id).toBe(id);

      const demoted = await t.request({
        method: 'PUT',
        url: `/u1/api/edituser/${boss.id}`,
        cookie: admin.cookie,
        payload: { fullname: boss.fullname, mobileno: boss.mobileno, role: 'USER' },
      });
      expect(demoted.statusCode, demoted.body).toBe(200);
      expect((await second.request({ method: 'GET', url: '/o1/api/admin/orders', cookie: boss.cookie })).statusCode).not.toBe(
        200,
      );
    } finally {
      await second.app.close();
      await secondDb.close();
    }
  });

  function checkuser(cookie: string, app: Pick<TestApp, 'request'>) {
    return app.request({ method: 'GET', url: '/u1/api/checkuser', cookie });
  }
});

describe('writes answered once every server has heard them', () => {
  it('are the ones that change what a server keeps: a sign-out waits, a sign-in or sign-up does not', async () => {
    const settled = t.app.catalogueSettled;
    let waits = 0;
    t.app.catalogueSettled = () => {
      waits++;
      return settled();
    };
    try {
      const user = await t.signUpAndIn();
      expect(waits).toBe(0);
      const signup = await t.request({
        method: 'POST',
        url: '/u1/api/signup',
        payload: { fullname: 'Meera Kapoor', mobileno: '9812345670', password: 'a long enough password' },
      });
      expect(signup.statusCode, signup.body).toBeLessThan(300);
      expect(waits).toBe(0);
      const out = await t.request({ method: 'POST', url: '/u1/api/signout', cookie: user.cookie });
      expect(out.statusCode).toBe(200);
      expect(waits).toBe(1);
    } finally {
      t.app.catalogueSettled = settled;
    }
  });
});
