import crypto from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ShopProcess, startShop, withDatabase } from '../../../bench/lib/server.js';
import { gstinCheckChar } from '../../../contract/gst-rules.js';
import { type Database, execRows, openPostgres } from '../../db/client.js';
import { categories, invoices, products, shopSettings, subcategories, users } from '../../db/schema.js';
import { financialYear } from '../../domain/tax.js';
import { SHIPPING } from '../../test/fixtures.js';
import { createTestApp, freePorts, type TestApp } from '../../test/helpers.js';

/**
 * 100 orders paid at the same moment get invoice numbers 1…100 of the financial year: consecutive,
 * unique, no gap. With TEST_DATABASE_URL (npm run test:pg) through two shop processes on one PostgreSQL
 * database, the verify calls alternating between them; on the embedded database through one server.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const PORTS = await freePorts(2);
const SHOPPERS = 100;
const PASSWORD = 'invoice-numbers-pass';
const SELLER_GSTIN = `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}`;
/** All shoppers come from one address here: lift the per-address limits on sign-ups, held stock and connections. */
const LIMITS = {
  SIGNUP_LIMIT: '0',
  HOLD_MAX_UNITS_PER_ADDRESS: '1000000',
  HOLD_MAX_RUPEES_PER_ADDRESS: '1000000000',
  MAX_CONNECTIONS_PER_ADDRESS: '0',
};

let bases: string[] = [];
let database: Database;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (PG_URL) {
    const dbName = `shop_inv_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const env = { NODE_ENV: 'test', DATABASE_URL: withDatabase(PG_URL, dbName), ...LIMITS };
    const shops: ShopProcess[] = await Promise.all(PORTS.map((port) => startShop({ port, env })));
    bases = shops.map((s) => s.url);
    database = await openPostgres(withDatabase(PG_URL, dbName), 4);
    cleanup = async () => {
      await Promise.all(shops.map((s) => s.stop()));
      await database.close();
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end();
    };
  } else {
    const t: TestApp = await createTestApp(LIMITS);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    bases = [`http://127.0.0.1:${address.port}`];
    database = t.database;
    cleanup = () => t.close();
  }
}, 180_000);
afterAll(() => cleanup?.());

/** Runs fn over items, at most `width` at a time. */
async function pool<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T, i);
      }
    }),
  );
  return out;
}

/** The shop's one product, made once. */
let productId: string | null = null;
async function product() {
  if (productId) return productId;
  const db = database.db;
  const [cat] = await db.insert(categories).values({ name: 'Gemstones' }).returning();
  const [sub] = await db
    .insert(subcategories)
    .values({ name: 'Ruby', categoryId: (cat as { id: string }).id })
    .returning();
  const [row] = await db
    .insert(products)
    .values({
      name: 'Burmese Ruby',
      slug: 'burmese-ruby',
      pricePaise: 250_000,
      description: 'A natural ruby.',
      stock: SHOPPERS * 4,
      categoryId: (cat as { id: string }).id,
      subcategoryId: (sub as { id: string }).id,
    })
    .returning();
  productId = (row as { id: string }).id;
  return productId;
}

/**
 * `count` shoppers (numbered from `from`) each hold, pay and then verify at the same moment, alternating between
 * the servers; returns the verify answers.
 */
async function payAllAtOnce(count: number, from: number) {
  const db = database.db;
  const productId = await product();
  // One shopper signs up through HTTP; the others share that password hash (hashing 100 passwords is not the point).
  const base0 = bases[0] as string;
  const mobiles = Array.from({ length: count }, (_, i) => `6${String(100_000_000 + (from + i) * 7919).slice(-9)}`);
  const up = await call(base0, 'POST', '/u1/api/signup', {
    body: { fullname: `Shopper ${from}`, mobileno: mobiles[0], password: PASSWORD },
  });
  expect(up.status, up.text).toBe(201);
  const [first] = await db
    .select()
    .from(users)
    .where(eq(users.mobileno, mobiles[0] as string));
  await db.insert(users).values(
    mobiles.slice(1).map((mobileno, i) => ({
      fullname: `Shopper ${from + i + 1}`,
      mobileno,
      passwordHash: (first as { passwordHash: string }).passwordHash,
    })),
  );

  const paid = await pool(mobiles, 8, async (mobileno, i) => {
    const base = bases[i % bases.length] as string;
    const signin = await call(base, 'POST', '/u1/api/signin', { body: { mobileno, password: PASSWORD } });
    expect(signin.status, signin.text).toBe(200);
    const cookie = signin.cookie as string;
    expect((await call(base, 'POST', '/c2/api/add', { cookie, body: { productId, quantity: 1 } })).status).toBe(200);
    const held = await call(base, 'POST', '/o1/api/razorpay-order', { cookie, body: { shippinginfo: SHIPPING } });
    expect(held.status, held.text).toBe(200);
    const pay = await call(base, 'POST', '/o1/api/sandbox/pay', {
      cookie,
      body: { razorpay_order_id: held.json.razorpayOrder.id, outcome: 'success' },
    });
    expect(pay.status, pay.text).toBe(200);
    return { cookie, body: { ...pay.json, shippinginfo: SHIPPING } };
  });

  // Every verify call at the same moment, alternating between the servers. A verify answered 503 found no
  // database connection free within the shop's wait (a busy machine) and did nothing: it is sent again, as
  // the answer asks; placing a paid order twice places it once.
  const verify = async (base: string, p: (typeof paid)[number]) => {
    for (let tries = 1; ; tries++) {
      const r = await call(base, 'POST', '/o1/api/verify-and-place', p);
      if (r.status !== 503 || tries === 5) return r;
    }
  };
  const placed = await Promise.all(paid.map((p, i) => verify(bases[(i + 1) % bases.length] as string, p)));
  // 201 placed; 200 "already placed" when a verify sent again after a 503 finds its order placed meanwhile.
  for (const r of placed) expect([200, 201], r.text).toContain(r.status);
  return placed;
}

const counterOf = async (series: string, fy: string) =>
  (
    await execRows<{ last_number: number }>(
      database.db,
      sql`select last_number from document_counters where series = ${series} and fy = ${fy}`,
    )
  ).rows;

describe(`${SHOPPERS} orders paid at once${PG_URL ? ' on two servers (PostgreSQL)' : ' (embedded database)'}`, () => {
  it('get invoice numbers 1…N of the year: consecutive, unique, no gap', async () => {
    const db = database.db;
    await db.update(shopSettings).set({ gstin: SELLER_GSTIN });
    const placed = await payAllAtOnce(SHOPPERS, 0);

    const fy = financialYear(new Date());
    const rows = await db.select().from(invoices).orderBy(asc(invoices.seq));
    expect(rows).toHaveLength(SHOPPERS);
    expect(rows.map((r) => r.kind)).toEqual(Array(SHOPPERS).fill('tax-invoice'));
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: SHOPPERS }, (_, i) => i + 1));
    expect(rows.map((r) => r.number)).toEqual(
      Array.from({ length: SHOPPERS }, (_, i) => `RG/${fy}/${String(i + 1).padStart(6, '0')}`),
    );
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(SHOPPERS);
    // every order answer names its own invoice
    const answered = placed.map((r) => r.json.order.invoice.number as string).sort();
    expect(answered).toEqual(rows.map((r) => r.number).sort());
    expect(await counterOf('INV', fy)).toEqual([{ last_number: SHOPPERS }]);
  }, 600_000);

  it('without a GSTIN the shop issues bills of supply at once: BS/<yy-yy>/1…N, their own series, no tax', async () => {
    const db = database.db;
    await db.update(shopSettings).set({ gstin: '' });
    const count = SHOPPERS / 2;
    const placed = await payAllAtOnce(count, SHOPPERS);

    const fy = financialYear(new Date());
    const rows = await db.select().from(invoices).where(eq(invoices.kind, 'bill-of-supply')).orderBy(asc(invoices.seq));
    expect(rows.map((r) => r.number)).toEqual(
      Array.from({ length: count }, (_, i) => `BS/${fy}/${String(i + 1).padStart(6, '0')}`),
    );
    for (const r of rows) {
      expect([r.cgstPaise, r.sgstPaise, r.igstPaise]).toEqual([0, 0, 0]);
      expect(r.taxablePaise).toBe(r.totalPaise);
    }
    const answered = placed.map((r) => r.json.order.invoice.number as string).sort();
    expect(answered).toEqual(rows.map((r) => r.number).sort());
    // the tax invoices' series is untouched
    expect(await counterOf('INV', fy)).toEqual([{ last_number: SHOPPERS }]);
    expect(await counterOf('BS', fy)).toEqual([{ last_number: count }]);
  }, 600_000);
});
