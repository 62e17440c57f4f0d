import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RazorpayOrderResponse } from '../../../contract/orders.js';
import { type Database, openPglite, openPostgres } from '../../db/client.js';
import { checkouts, orders, products } from '../../db/schema.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { withDatabase } from '../../test/global-setup.js';
import { createTestApp, freePort, migratedDataDir, onPostgres, uniqueMobile } from '../../test/helpers.js';
import { createUser } from '../auth/service.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;

let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay();
});
afterAll(() => fake.close());

/** What the server processes printed, shown when the test fails. */
let serverOutput = '';

/** The shop's real entry point in its own process, as production runs it. */
function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
    serverOutput += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
    serverOutput += d;
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 90_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited: ${output}`));
      try {
        const res = await fetch(`${BASE}/healthz`);
        if (res.ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        return reject(new Error(`server did not start: ${output}`));
      }
      setTimeout(poll, 250);
    };
    void poll();
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

async function call(method: string, url: string, cookie: string, body?: unknown) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('a server killed between the hold and the payment', () => {
  it('places the payment exactly once after a real process is SIGKILLed and restarted', async () => {
    const dataDir = await migratedDataDir('shop-restart-');
    let database: Database;
    let dbEnv: Record<string, string>;
    let dropDatabase = async () => {};
    if (onPostgres) {
      const url = process.env.TEST_DATABASE_URL as string;
      const name = `shop_r_${crypto.randomBytes(6).toString('hex')}`;
      const admin = await openPostgres(url, 1);
      await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
      database = await openPostgres(withDatabase(url, name), 2);
      dbEnv = { DATABASE_URL: withDatabase(url, name) };
      dropDatabase = async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.close();
      };
    } else {
      database = await openPglite({ dataDir });
      dbEnv = {};
    }
    const product = await createProduct(database.db, { stock: 2, pricePaise: 300_000 });
    const mobileno = uniqueMobile();
    await createUser(database.db, { fullname: 'Ravi Kumar', mobileno, password: 'correct horse battery' });
    if (!onPostgres) await database.close(); // the embedded database belongs to one process at a time

    const env = {
      ...fake.env,
      ...dbEnv,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ADMIN_MOBILE: '9000000001',
      ADMIN_PASSWORD: 'restart-admin-password',
    };
    let child = await startServer(env);
    try {
      const signin = await fetch(`${BASE}/u1/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobileno, password: 'correct horse battery' }),
      });
      const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0] as string;
      expect(cookie).toMatch(/^sid=/);
      expect((await call('POST', '/c2/api/add', cookie, { productId: product.id, quantity: 2 })).status).toBe(200);
      const held = await call('POST', '/o1/api/razorpay-order', cookie, { shippinginfo: SHIPPING });
      expect(held.status).toBe(200);
      const orderId = RazorpayOrderResponse.parse(held.body).razorpayOrder.id;

      child.kill('SIGKILL');
      await exited(child);
      const paid = fake.pay(orderId); // the shopper pays while the shop is down

      child = await startServer(env);
      const placed = await call('POST', '/o1/api/verify-and-place', cookie, { ...paid, shippinginfo: SHIPPING });
      // 201, unless the restarted server's reconciler placed it a moment earlier (then 200, same order)
      expect([200, 201]).toContain(placed.status);
      const again = await call('POST', '/o1/api/verify-and-place', cookie, { ...paid, shippinginfo: SHIPPING });
      expect(again.status).toBe(200);
      expect((again.body.order as { _id: string })._id).toBe((placed.body.order as { _id: string })._id);
      const mine = await call('GET', '/o1/api/my-orders', cookie);
      expect(mine.body.orders).toHaveLength(1);

      child.kill('SIGTERM');
      await exited(child);
      if (!onPostgres) database = await openPglite({ dataDir });
      const rows = await database.db.select().from(orders).where(eq(orders.razorpayOrderId, orderId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ paymentstatus: 'Paid', flag: null });
      const [p] = await database.db.select().from(products).where(eq(products.id, product.id));
      expect(p).toMatchObject({ stock: 0, sold: 2 });
    } catch (err) {
      if (err instanceof Error) err.message += `\nserver output:\n${serverOutput}`;
      throw err;
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
      await database.close().catch(() => {});
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('places the payment through a second app on the same database after the first one stopped mid-checkout', async () => {
    const first = await createTestApp(fake.env);
    const user = await first.signUpAndIn();
    const p = await createProduct(first.database.db, { stock: 1 });
    await shop(first).add(user.cookie, p.id);
    const held = RazorpayOrderResponse.parse((await shop(first).hold(user.cookie)).json()).razorpayOrder;
    await first.app.close(); // the database stays, the server is gone
    fs.rmSync(first.dataDir, { recursive: true, force: true });

    const paid = fake.pay(held.id);
    const second = await createTestApp(fake.env, { database: first.database });
    try {
      const res = await shop(second).verify(user.cookie, paid);
      expect(res.statusCode).toBe(201);
      expect((await shop(second).verify(user.cookie, paid)).statusCode).toBe(200);
      const [c] = await second.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, held.id));
      expect(c?.status).toBe('placed');
    } finally {
      await second.close();
    }
  });
});
