import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ShopProcess, startShop, withDatabase } from '../../bench/lib/server.js';
import { listMigrations } from '../db/migrate.js';
import { freePorts } from './helpers.js';

/**
 * Two shop processes on one database, as production runs N of them behind a proxy.
 *
 * With TEST_DATABASE_URL (npm run test:pg) both processes run on one fresh PostgreSQL database, started
 * at the same moment so their migrations would race, once with Redis for the rate-limit counters
 * (REDIS_URL, default redis://127.0.0.1:6379) and once with the database's own counters.
 * Without it (the embedded-database run of npm test) the embedded database's rule is what is checked:
 * a second process on the same DATA_DIR is refused and the first goes on serving.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TWO_INSTANCES_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Whether a Redis server answers PING at `url` within two seconds. */
function redisAnswers(url: string) {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname || '127.0.0.1');
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}
// The Redis half needs a Redis server (bash .ci/run starts one); without one it is skipped, saying so.
const REDIS_UP = PG_URL ? await redisAnswers(REDIS_URL) : false;
if (PG_URL && !REDIS_UP) {
  console.log(
    `two-instances: SKIPPED the Redis half: no Redis server answers at ${REDIS_URL} (start one, or set TWO_INSTANCES_REDIS_URL; bash .ci/run starts it)`,
  );
}
const [r1, r2, d1, d2, e1, e2] = (await freePorts(6)) as [number, number, number, number, number, number];
const PORTS = { redis: [r1, r2], database: [d1, d2], embedded: [e1, e2] } as const;
const ADMIN = { mobileno: '9000000001', password: 'two-instances-admin' };
const SHIPPING = {
  fullname: 'Meera Kapoor',
  mobileno: '9876543210',
  address: '4 Ferozepur Road',
  city: 'Ludhiana',
  pincode: '141001',
};

if (!PG_URL) {
  describe('two shop processes on one embedded database', () => {
    it('refuses the second process on the same DATA_DIR and keeps the first serving', async () => {
      console.log('two-instances: embedded database (set TEST_DATABASE_URL, as npm run test:pg does, for the PostgreSQL runs)');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-two-'));
      const env = { DATA_DIR: dataDir, NODE_ENV: 'test', ...adminEnv() };
      const a = await startShop({ port: PORTS.embedded[0], env });
      try {
        const b = await startShop({ port: PORTS.embedded[1], env, waitReady: false });
        const code = await Promise.race([b.exited, new Promise((r) => setTimeout(() => r('still running'), 60_000))]);
        if (code === 'still running') await b.stop('SIGKILL');
        expect(code).toBe(1);
        expect(b.output()).toMatch(/in use by another process/);
        const health = await call(a.url, 'GET', '/healthz');
        expect(health.status).toBe(200);
        const signin = await call(a.url, 'POST', '/u1/api/signin', { body: ADMIN });
        expect(signin.status).toBe(200);
      } finally {
        await a.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 180_000);
  });
} else {
  describe.each([
    ...(REDIS_UP ? [{ counters: 'redis' as const, ports: PORTS.redis }] : []),
    { counters: 'database' as const, ports: PORTS.database },
  ])('two shop processes on one PostgreSQL database, rate-limit counters in $counters', ({ counters, ports }) => {
    const dbName = `shop_two_${counters}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    let a: ShopProcess;
    let b: ShopProcess;
    // A made-up client address per run (sent as X-Forwarded-For, TRUST_PROXY on), so counters of
    // other runs sharing this Redis never count against this one.
    const address = `203.0.113.${crypto.randomInt(1, 254)}`;
    const fwd = { 'x-forwarded-for': address };
    let db: pg.Client;

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: withDatabase(PG_URL, dbName),
        TRUST_PROXY: 'true',
        ...(counters === 'redis' ? { REDIS_URL } : {}),
        ...adminEnv(),
      };
      // Started in the same tick: without the migration lock they would both create the tables.
      [a, b] = await Promise.all([startShop({ port: ports[0], env }), startShop({ port: ports[1], env })]);
      db = new pg.Client({ connectionString: withDatabase(PG_URL, dbName) });
      await db.connect();
    }, 180_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await db?.end();
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end();
    });

    it('migrates once, under the lock, however the two start', async () => {
      const tags = listMigrations().map((m) => m.tag);
      const rows = await db.query('select tag from app_migrations order by tag');
      expect(rows.rows.map((r) => r.tag)).toEqual([...tags].sort());
      const applied = [a, b].filter((s) => /Applied migrations/.test(s.output()));
      expect(applied).toHaveLength(1);
      const admins = await db.query("select count(*)::int as n from users where role = 'ADMIN'");
      expect(admins.rows[0].n).toBe(1);
    });

    it('honours on B a session made on A, and signing out on A ends it on B', async () => {
      const mobileno = uniqueMobile();
      const up = await call(a.url, 'POST', '/u1/api/signup', {
        body: { fullname: 'Asha Verma', mobileno, password: 'two-instances-pass' },
        headers: fwd,
      });
      expect(up.status).toBe(201);
      const signin = await call(b.url, 'POST', '/u1/api/signin', {
        body: { mobileno, password: 'two-instances-pass' },
        headers: fwd,
      });
      expect(signin.status).toBe(200);
      const cookie = signin.cookie as string;
      expect(cookie).toBeTruthy();
      for (const s of [a, b, a, b]) {
        const me = await call(s.url, 'GET', '/u1/api/checkuser', { cookie });
        expect(me.status).toBe(200);
        expect(me.json.user.mobileno).toBe(mobileno);
      }
      const out = await call(a.url, 'POST', '/u1/api/signout', { cookie });
      expect(out.status).toBe(200);
      for (const s of [b, a]) expect((await call(s.url, 'GET', '/u1/api/checkuser', { cookie })).status).toBe(401);
    });

    it('counts sign-in failures on A and B together (5 per number)', async () => {
      const mobileno = uniqueMobile();
      const password = 'rate-limit-pass-1';
      expect(
        (await call(b.url, 'POST', '/u1/api/signup', { body: { fullname: 'Ravi', mobileno, password }, headers: fwd })).status,
      ).toBe(201);
      const statuses: number[] = [];
      for (const s of [a, b, a, b, a]) {
        statuses.push(
          (await call(s.url, 'POST', '/u1/api/signin', { body: { mobileno, password: 'wrong-password' }, headers: fwd })).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      // Three failures were on A and two on B: only shared counters reach five.
      for (const s of [a, b]) {
        const locked = await call(s.url, 'POST', '/u1/api/signin', { body: { mobileno, password }, headers: fwd });
        expect(locked.status).toBe(429);
        expect(locked.json).toMatchObject({ success: false, message: expect.any(String) });
      }
      if (counters === 'database') {
        const row = await db.query('select count from rate_limits where key = $1', [`signin:number:${mobileno}`]);
        expect(row.rows[0].count).toBe(5);
      }
    });

    it('sees on A the stock a checkout on B holds, and on both the order paid through A and placed through B', async () => {
      const [cat] = (await db.query("insert into categories (name) values ('Gemstones') returning id")).rows;
      const [sub] = (await db.query("insert into subcategories (name, category_id) values ('Ruby', $1) returning id", [cat.id]))
        .rows;
      const [product] = (
        await db.query(
          `insert into products (name, slug, price_paise, description, stock, category_id, subcategory_id)
           values ('Burmese Ruby', 'burmese-ruby', 250000, 'A natural ruby.', 5, $1, $2) returning id`,
          [cat.id, sub.id],
        )
      ).rows;
      const mobileno = uniqueMobile();
      const password = 'two-instances-shopper';
      expect(
        (await call(a.url, 'POST', '/u1/api/signup', { body: { fullname: 'Meera', mobileno, password }, headers: fwd })).status,
      ).toBe(201);
      const cookie = (await call(b.url, 'POST', '/u1/api/signin', { body: { mobileno, password }, headers: fwd }))
        .cookie as string;

      expect((await call(a.url, 'POST', '/c2/api/add', { cookie, body: { productId: product.id, quantity: 2 } })).status).toBe(
        200,
      );
      const cart = await call(b.url, 'GET', '/c2/api/all', { cookie });
      expect(cart.json.data).toHaveLength(1);

      const checkout = await call(b.url, 'POST', '/o1/api/razorpay-order', { cookie, body: { shippinginfo: SHIPPING } });
      expect(checkout.status, checkout.text).toBe(200);
      const orderId = checkout.json.razorpayOrder.id as string;
      const held = await call(a.url, 'GET', '/p1/api/slug/burmese-ruby');
      expect(held.json.product.stockquantity).toBe(3);

      const paid = await call(a.url, 'POST', '/o1/api/sandbox/pay', {
        cookie,
        body: { razorpay_order_id: orderId, outcome: 'success' },
      });
      expect(paid.status, paid.text).toBe(200);
      const { razorpay_payment_id, razorpay_signature } = paid.json;
      const body = { razorpay_order_id: orderId, razorpay_payment_id, razorpay_signature, shippinginfo: SHIPPING };
      const placed = await call(b.url, 'POST', '/o1/api/verify-and-place', { cookie, body });
      expect(placed.status, placed.text).toBe(201);
      const again = await call(a.url, 'POST', '/o1/api/verify-and-place', { cookie, body });
      expect(again.status).toBe(200);
      expect(again.json.order._id).toBe(placed.json.order._id);

      const mine = await call(a.url, 'GET', '/o1/api/my-orders', { cookie });
      expect(mine.json.orders.map((o: { _id: string }) => o._id)).toEqual([placed.json.order._id]);
      const adminCookie = (await call(a.url, 'POST', '/u1/api/signin', { body: ADMIN, headers: fwd })).cookie as string;
      const listed = await call(b.url, 'GET', `/o1/api/admin/orders?search=${orderId}`, { cookie: adminCookie });
      expect(listed.status, listed.text).toBe(200);
      expect(listed.json.orders.map((o: { _id: string }) => o._id)).toContain(placed.json.order._id);
      const after = await call(b.url, 'GET', '/p1/api/slug/burmese-ruby');
      expect(after.json.product.stockquantity).toBe(3);
      const [row] = (await db.query('select stock, sold from products where id = $1', [product.id])).rows;
      expect(row).toEqual({ stock: 3, sold: 2 });
    });
  });
}

function adminEnv() {
  return { ADMIN_MOBILE: ADMIN.mobileno, ADMIN_PASSWORD: ADMIN.password };
}

/** Random, so counters a Redis keeps from earlier runs (15 minutes) never meet this run's numbers. */
function uniqueMobile() {
  return `8${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`;
}
