import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductBySlugResponse } from '../../contract/catalogue.js';
import { CartItemsResponse } from '../../contract/orders.js';
import { openPostgres } from '../db/client.js';
import { products } from '../db/schema.js';
import { patchProduct } from '../features/products/test-kit.js';
import { createProduct, SHIPPING, shop } from '../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../test/helpers.js';
import { cacheKey, PUBLIC_CACHE_CONTROL } from './answer-cache.js';

/**
 * The catalogue answer cache through HTTP: answers are kept and revalidated, never outlive a write (through
 * this server, another one, or straight into the database) or a sale boundary, and private answers are never
 * kept or shared.
 */

let now = new Date('2026-11-24T06:30:00.000Z');
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

const bySlug = (app: Pick<TestApp, 'request'>, slug: string, headers: Record<string, string> = {}) =>
  app.request({ method: 'GET', url: `/p1/api/slug/${slug}`, headers });
const priceOf = (res: { json(): unknown }) => ProductBySlugResponse.parse(res.json()).product.productprice;

describe('public catalogue answers', () => {
  it('are kept, sent with a strong ETag and a public Cache-Control, and answer If-None-Match with 304', async () => {
    const stone = await createProduct(t.database.db, { pricePaise: 300_000 });
    await t.app.catalogueSettled(); // the product was written straight into the database, not through the server
    const first = await bySlug(t, stone.slug);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const hits = t.app.answers.stats().hits;
    const again = await bySlug(t, stone.slug);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect(t.app.answers.stats().hits).toBe(hits + 1);

    const revalidated = await bySlug(t, stone.slug, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    const other = await bySlug(t, stone.slug, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('sends the kept answer compressed when the client takes br or gzip, the same JSON once decoded', async () => {
    const listing = await t.request({ method: 'GET', url: '/p1/api/filter/products-all' });
    expect(listing.statusCode).toBe(200);
    const br = await t.request({ method: 'GET', url: '/p1/api/filter/products-all', headers: { 'accept-encoding': 'br, gzip' } });
    const gz = await t.request({ method: 'GET', url: '/p1/api/filter/products-all', headers: { 'accept-encoding': 'gzip' } });
    if (Buffer.byteLength(listing.body) >= 1024) {
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(listing.body);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(listing.body);
      expect(br.headers.etag).not.toBe(listing.headers.etag);
      const revalidated = await t.request({
        method: 'GET',
        url: '/p1/api/filter/products-all',
        headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    } else {
      expect(br.body).toBe(listing.body);
    }
  });

  it('keys a request by its path and its query sorted', () => {
    expect(cacheKey('/p1/api/best/all?limit=4&subcategory=ruby')).toBe(cacheKey('/p1/api/best/all?subcategory=ruby&limit=4'));
    expect(cacheKey('/p1/api/best/all?limit=4')).not.toBe(cacheKey('/p1/api/best/all?limit=5'));
    expect(cacheKey('/p1/api/latest/all?')).toBe('/p1/api/latest/all');
  });

  it('shows a price change made through HTTP in the very next answer', async () => {
    const stone = await createProduct(t.database.db, { pricePaise: 410_000 });
    expect(priceOf(await bySlug(t, stone.slug))).toBe(4100);
    expect(priceOf(await bySlug(t, stone.slug))).toBe(4100);
    const res = await patchProduct(t, admin.cookie, stone.id, { productprice: 4200 });
    expect(res.statusCode, res.body).toBe(200);
    expect(priceOf(await bySlug(t, stone.slug))).toBe(4200);
  });

  it('shows a change written straight into the database, and stock taken by a checkout, in the next answer', async () => {
    const stone = await createProduct(t.database.db, { pricePaise: 120_000, stock: 3 });
    const stock = async () => ProductBySlugResponse.parse((await bySlug(t, stone.slug)).json()).product.stockquantity;
    expect(await stock()).toBe(3);
    await t.database.db.update(products).set({ stock: 2 }).where(eq(products.id, stone.id));
    // Not through the server: heard within the notify latency (at once on the embedded database).
    if (onPostgres) await expect.poll(stock, { timeout: 5_000 }).toBe(2);
    expect(await stock()).toBe(2);
    const shopper = await t.signUpAndIn();
    const s = shop(t);
    expect((await s.add(shopper.cookie, stone.id, 1)).statusCode).toBe(200);
    expect(await stock()).toBe(2);
    await s.payAndPlace(shopper.cookie);
    expect(await stock()).toBe(1);
  });

  it('keeps every answer not showing the held products through a flood of checkouts, and shows the new stock', async () => {
    const held = await createProduct(t.database.db, { pricePaise: 90_000, stock: 50 });
    for (let i = 0; i < 30; i++) await createProduct(t.database.db, { pricePaise: 100_000 + i });
    const other = await createProduct(t.database.db, { pricePaise: 200_000, stock: 7 });
    await t.app.catalogueSettled(); // the new products' own notices are heard before anything is kept
    const page1 = () => t.request({ method: 'GET', url: '/p1/api/filter/all?page=1' });
    const page2 = () => t.request({ method: 'GET', url: '/p1/api/filter/all?page=2' });
    const stockOn = async (res: { body: string }) => {
      const products = (JSON.parse(res.body) as { products: { _id: string; stockquantity: number }[] }).products;
      return products.find((p) => p._id === held.id)?.stockquantity;
    };
    expect(await stockOn(await page1())).toBeUndefined(); // the 30 newest, not the held stone
    expect(await stockOn(await page2())).toBe(50);
    await bySlug(t, other.slug);
    await bySlug(t, held.slug);

    const shopper = await t.signUpAndIn();
    const s = shop(t);
    expect((await s.add(shopper.cookie, held.id, 2)).statusCode).toBe(200);
    const line = CartItemsResponse.parse((await t.request({ method: 'GET', url: '/c2/api/all', cookie: shopper.cookie })).json())
      .data[0]?._id as string;
    for (let i = 0; i < 12; i++) {
      // one unit, then two: each checkout replaces the one before, taking and giving back stock
      const res = await s.hold(shopper.cookie, { shippinginfo: SHIPPING, items: [{ cartItemId: line, quantity: 1 + (i % 2) }] });
      expect(res.statusCode, res.body).toBe(200);
    }
    const heldStock = async () => ProductBySlugResponse.parse((await bySlug(t, held.slug)).json()).product.stockquantity;
    await expect.poll(heldStock, { timeout: 5_000 }).toBe(48);
    await expect.poll(async () => stockOn(await page2()), { timeout: 5_000 }).toBe(48);

    const before = t.app.answers.stats();
    expect((await page1()).statusCode).toBe(200);
    expect(priceOf(await bySlug(t, other.slug))).toBe(2000);
    const after = t.app.answers.stats();
    expect(after.hits - before.hits).toBe(2);
    expect(after.misses).toBe(before.misses);
  });

  it('lets no answer outlive the next sale start or end, without any write at the boundary', async () => {
    const stone = await createProduct(t.database.db, { pricePaise: 200_000 });
    const at = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();
    const created = await t.request({
      method: 'POST',
      url: '/p1/api/admin/sales',
      cookie: admin.cookie,
      payload: { name: 'Diwali', percentoff: 25, productIds: [stone.id], startsAt: at(10), endsAt: at(70) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const sale = async () => ProductBySlugResponse.parse((await bySlug(t, stone.slug)).json()).product.saleprice;
    const start = now;
    try {
      expect(await sale()).toBeNull();
      expect(await sale()).toBeNull();
      now = new Date(start.getTime() + 10 * 60_000);
      expect(await sale()).toBe(1500);
      expect(await sale()).toBe(1500);
      now = new Date(start.getTime() + 70 * 60_000 - 1);
      expect(await sale()).toBe(1500);
      now = new Date(start.getTime() + 70 * 60_000);
      expect(await sale()).toBeNull();
    } finally {
      now = start;
    }
  });
});

describe('private answers', () => {
  it('are sent private, no-store, never kept, and never served to another shopper', async () => {
    const stone = await createProduct(t.database.db, { pricePaise: 150_000 });
    const other = await createProduct(t.database.db, { pricePaise: 160_000 });
    const asha = await t.signUpAndIn();
    const ravi = await t.signUpAndIn();
    const s = shop(t);
    expect((await s.add(asha.cookie, stone.id, 1)).statusCode).toBe(200);
    expect((await s.add(ravi.cookie, other.id, 1)).statusCode).toBe(200);
    const before = t.app.answers.stats();
    for (let round = 0; round < 2; round++) {
      const mine = await t.request({ method: 'GET', url: '/c2/api/all', cookie: asha.cookie });
      const theirs = await t.request({ method: 'GET', url: '/c2/api/all', cookie: ravi.cookie });
      for (const res of [mine, theirs]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers.etag).toBeUndefined();
      }
      expect(CartItemsResponse.parse(mine.json()).data.map((i) => i.productId)).toEqual([stone.id]);
      expect(CartItemsResponse.parse(theirs.json()).data.map((i) => i.productId)).toEqual([other.id]);
      // A visitor without a cart: an empty one, not kept by anyone either.
      const anonymous = await t.request({ method: 'GET', url: '/c2/api/all' });
      expect(anonymous.statusCode).toBe(200);
      expect(CartItemsResponse.parse(anonymous.json()).data).toEqual([]);
      expect(anonymous.headers['cache-control']).toBe('private, no-store');
    }
    for (const url of ['/o1/api/my-orders', '/u1/api/addresses', '/u1/api/checkuser']) {
      const res = await t.request({ method: 'GET', url, cookie: asha.cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-store/);
      expect(res.headers['cache-control'], url).not.toMatch(/public/);
    }
    const who = async (u: TestUser) => (await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: u.cookie })).body;
    expect(await who(asha)).toContain(asha.mobileno);
    expect(await who(ravi)).toContain(ravi.mobileno);
    const admins = await t.request({ method: 'GET', url: '/p1/api/admin/all', cookie: admin.cookie });
    expect(admins.headers['cache-control']).toBe('private, no-store');
    const after = t.app.answers.stats();
    expect(after.hits).toBe(before.hits);
    expect(after.entries).toBe(before.entries);
  });
});

describe.runIf(onPostgres)('two servers on one PostgreSQL database', () => {
  it('shows a price change made through one in the other’s very next answer', async () => {
    const url = (t.database as { url?: string }).url as string;
    const secondDb = await openPostgres(url, 5);
    const second = await createTestApp({}, { database: secondDb, clock: () => now });
    try {
      const stone = await createProduct(t.database.db, { pricePaise: 500_000 });
      for (let round = 1; round <= 5; round++) {
        const price = 5000 + round * 10;
        expect(priceOf(await bySlug(second, stone.slug))).toBe(price - 10);
        expect(priceOf(await bySlug(second, stone.slug))).toBe(price - 10);
        const res = await patchProduct(t, admin.cookie, stone.id, { productprice: price });
        expect(res.statusCode, res.body).toBe(200);
        expect(priceOf(await bySlug(second, stone.slug))).toBe(price);
      }
      const tag = crypto.randomBytes(3).toString('hex');
      const listing = async () => (await second.request({ method: 'GET', url: '/c1/api/all' })).body;
      expect(await listing()).not.toContain(tag);
      const made = await t.request({
        method: 'POST',
        url: '/c1/api/create',
        cookie: admin.cookie,
        payload: { categoryname: `Opal ${tag}` },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(await listing()).toContain(tag);
    } finally {
      await second.app.close();
      await secondDb.close();
    }
  });

  it('drops everything when its listening connection is lost, and listens again', async () => {
    const stone = await createProduct(t.database.db, { pricePaise: 700_000 });
    await t.app.catalogueSettled();
    expect(priceOf(await bySlug(t, stone.slug))).toBe(7000);
    expect(t.app.answers.stats().entries).toBeGreaterThan(0);
    const pids = await t.database.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    );
    expect(pids.length).toBeGreaterThan(0);
    const resets = t.app.answers.stats().resets;
    for (const { pid } of pids) await t.database.query('select pg_terminate_backend($1)', [pid]);
    // Written while the listening connection is down (or coming back): its notification may be lost.
    await t.database.db.update(products).set({ pricePaise: 710_000 }).where(eq(products.id, stone.id));
    // Dropped everything when the connection was lost, and again once listening again.
    await expect.poll(() => t.app.answers.stats().resets >= resets + 2 && t.app.answers.live, { timeout: 20_000 }).toBe(true);
    expect(priceOf(await bySlug(t, stone.slug))).toBe(7100);
    // Listening again: the next change is heard.
    await t.database.db.update(products).set({ pricePaise: 720_000 }).where(eq(products.id, stone.id));
    await t.app.catalogueSettled();
    expect(priceOf(await bySlug(t, stone.slug))).toBe(7200);
  });
});
