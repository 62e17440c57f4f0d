import crypto from 'node:crypto';
import pg from 'pg';
import { call, type ShopProcess, startShop, withDatabase } from '../bench/lib/server.js';
import { buildApp } from '../server/app.js';
import { parseConfig } from '../server/config.js';
import { openPostgres } from '../server/db/client.js';
import { migrate } from '../server/db/migrate.js';
import { reconcilePending } from '../server/features/payments/reconciler.js';
import { sweepExpiredHolds } from '../server/features/payments/sweep.js';
import { createSession } from '../server/http/session.js';
import { type FakeRazorpay, startFakeRazorpay } from '../server/test/fake-razorpay.js';

/**
 * Crash drill: shoppers check out concurrently against a shop on PostgreSQL; the shop is killed with
 * SIGKILL in the middle of the storm and started again; shoppers retry as a browser would; webhooks,
 * the reconciler and the hold sweep finish the rest. Then the money and stock invariants are checked:
 *
 *  - every captured payment has exactly one order (or was refunded), every order has its payment;
 *  - for every product, stock + sold + held = the stock it started with, and sold = the units of the
 *    orders whose stock was secured (no oversell, no lost sale);
 *  - after the sweep no hold outlives its expiry and no checkout stays pending past it.
 *
 * Runs in sandbox mode and in razorpay mode (against the local fake Razorpay, with its webhooks).
 *   npm run crash-drill              100 shoppers; waits for the restarted shop's own reconciler and sweep
 *   npm run crash-drill -- --short   20 shoppers; the reconciler and the sweep run once from this process
 *                                    (as a third shop instance would), the sweep with the clock moved past
 *                                    the holds' expiry
 * CRASH_DRILL_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres).
 * Prints the counts and `violations: N`; exits non-zero on any violation.
 */
const SHORT = process.argv.includes('--short');
const SHOPPERS = SHORT ? 20 : 100;
const PG_URL =
  process.env.CRASH_DRILL_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORTS = { sandbox: 3226, razorpay: 3227 };
const PRODUCTS = 6;
const STOCK = SHORT ? 6 : 20;
const SHIPPING = { fullname: 'Asha Verma', mobileno: '9876543210', address: '12 Mall Road', city: 'Ludhiana', pincode: '141001' };

type Mode = 'sandbox' | 'razorpay';
type Counts = Record<string, number>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function drill(mode: Mode): Promise<{ counts: Counts; violations: string[] }> {
  const counts: Counts = {};
  const bump = (k: string, n = 1) => {
    counts[k] = (counts[k] ?? 0) + n;
  };
  const dbName = `shop_drill_${mode}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(PG_URL, dbName);
  const database = await openPostgres(url, 4);
  let fake: FakeRazorpay | undefined;
  let shop: ShopProcess | undefined;
  try {
    await migrate(database);
    const q = (text: string, params?: unknown[]) => database.query<Record<string, unknown>>(text, params);

    // ---------------------------------------------------------------- a small catalogue, shoppers, sessions
    const [cat] = await q("insert into categories (name) values ('Gemstones') returning id");
    const [sub] = await q("insert into subcategories (name, category_id) values ('Ruby', $1) returning id", [cat?.id]);
    const productIds: string[] = [];
    for (let i = 1; i <= PRODUCTS; i++) {
      const [p] = await q(
        `insert into products (name, slug, price_paise, description, stock, category_id, subcategory_id)
         values ($1, $2, $3, 'A natural ruby.', $4, $5, $6) returning id`,
        [`Burmese Ruby ${i}`, `burmese-ruby-${i}`, 150_000 * i, STOCK, cat?.id, sub?.id],
      );
      productIds.push(p?.id as string);
    }
    const cookies: string[] = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const [u] = await q(
        "insert into users (fullname, mobileno, password_hash, role) values ($1, $2, 'not-a-real-hash', 'USER') returning id",
        [`Shopper ${i}`, `8${String(i).padStart(9, '0')}`],
      );
      cookies.push(`sid=${(await createSession(database.db, u?.id as string)).token}`);
    }

    const env: Record<string, string> = {
      DATABASE_URL: url,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      HOLD_MINUTES: '1',
      // every shopper of the drill comes from 127.0.0.1
      HOLD_MAX_UNITS_PER_ADDRESS: '100000',
      HOLD_MAX_RUPEES_PER_ADDRESS: '1000000000',
      CHECKOUT_LIMIT: '0',
      CHECKOUT_ADDRESS_LIMIT: '0',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    };
    if (mode === 'sandbox') env.PAYMENTS = 'sandbox'; // production without keys: asked for by name
    if (mode === 'razorpay') {
      fake = await startFakeRazorpay();
      Object.assign(env, fake.env);
    }
    const port = PORTS[mode];
    shop = await startShop({ port, env });
    const base = shop.url;

    // ---------------------------------------------------------------- the storm
    let down = false;
    /** A request as a browser makes it: on a dropped connection it waits for the shop and tries again. */
    const browser = async (method: string, path: string, cookie: string, body?: unknown) => {
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await call(base, method, path, { cookie, body });
          if (res.status >= 500) {
            bump('answers 5xx (retried)');
            throw new Error(`${res.status}`);
          }
          return res;
        } catch (err) {
          if (attempt > 200) throw err;
          bump('request attempts interrupted and retried');
          await sleep(down ? 300 : 100 + Math.random() * 200);
        }
      }
    };
    let started = 0;
    const killAt = Math.ceil(SHOPPERS / 3);
    let killed: Promise<void> | undefined;
    const crash = async () => {
      down = true;
      shop?.proc.kill('SIGKILL');
      await shop?.exited;
      bump('server killed (SIGKILL)');
      await sleep(500);
      shop = await startShop({ port, env, waitReady: true });
      down = false;
      bump('server restarted');
    };

    const shopper = async (i: number) => {
      const cookie = cookies[i] as string;
      await sleep(Math.random() * 400);
      const lines = 1 + (i % 2);
      for (let l = 0; l < lines; l++) {
        const productId = productIds[(i * 7 + l * 3) % PRODUCTS];
        const add = await browser('POST', '/c2/api/add', cookie, { productId, quantity: 1 + ((i + l) % 2) });
        if (add.status !== 200) bump(`cart add answered ${add.status}`);
      }
      started += 1;
      if (started === killAt) killed = crash();
      const order = await browser('POST', '/o1/api/razorpay-order', cookie, { shippinginfo: SHIPPING });
      if (order.status === 409) return bump('checkouts refused: out of stock');
      if (order.status !== 200) return bump(`checkout answered ${order.status}`);
      bump('checkouts started');
      const orderId = order.json.razorpayOrder.id as string;
      if (i % 10 === 9) return bump('shoppers who walked away before paying');
      const fails = i % 10 === 8;
      let paid: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } | undefined;
      if (mode === 'sandbox') {
        const res = await browser('POST', '/o1/api/sandbox/pay', cookie, {
          razorpay_order_id: orderId,
          outcome: fails ? 'failure' : 'success',
        });
        if (res.status === 409) return bump('payments already taken before a retry (left to the reconciler)');
        if (res.status === 402) return bump('payments failed');
        if (res.status !== 200) return bump(`sandbox pay answered ${res.status}`);
        paid = res.json;
      } else if (fake) {
        const result = fake.pay(orderId, { status: fails ? 'failed' : 'captured' });
        if (!fails) paid = result;
      }
      if (!paid) return bump('payments failed');
      bump('payments made');
      if (mode === 'razorpay' && fake && i % 3 !== 0) {
        // Razorpay tells the shop too, sometimes twice.
        const deliveries = i % 3 === 1 ? 2 : 1;
        const hook = fake.webhook('payment.captured', paid.razorpay_payment_id);
        for (let d = 0; d < deliveries; d++) {
          const res = await fetchRetry(() =>
            fetch(`${base}/o1/api/razorpay-webhook`, { method: 'POST', headers: hook.headers, body: hook.payload }),
          );
          bump(res.status === 200 ? 'webhooks delivered' : `webhook answered ${res.status}`);
        }
      }
      if (i % 10 === 7) return bump('shoppers who closed the browser after paying');
      const placed = await browser('POST', '/o1/api/verify-and-place', cookie, { ...paid, shippinginfo: SHIPPING });
      if (placed.status === 201 || placed.status === 200) bump('orders confirmed to the browser');
      else bump(`verify answered ${placed.status}`);
      if (i % 5 === 0) {
        // The browser sends it again (a double tap, a reload): the same order, never a second one.
        const again = await browser('POST', '/o1/api/verify-and-place', cookie, { ...paid, shippinginfo: SHIPPING });
        bump(
          again.status === 200 ? 'repeated verifies answered with the same order' : `repeated verify answered ${again.status}`,
        );
      }
    };
    const fetchRetry = async (f: () => Promise<Response>) => {
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await f();
          if (res.status < 500) return res;
        } catch (err) {
          if (attempt > 200) throw err;
        }
        bump('request attempts interrupted and retried');
        await sleep(200);
      }
    };

    const t0 = Date.now();
    await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(i)));
    await killed;
    bump('storm seconds', Math.round((Date.now() - t0) / 1000));

    // ---------------------------------------------------------------- let the shop finish its work
    const captured = async () => {
      if (mode === 'razorpay' && fake) {
        return [...fake.payments.values()].filter((p) => p.status === 'captured').map((p) => ({ id: p.id, orderId: p.order_id }));
      }
      return (await q("select id, order_id from sandbox_payments where status = 'captured'")).map((r) => ({
        id: r.id as string,
        orderId: r.order_id as string,
      }));
    };
    const unplaced = async () => {
      const payments = await captured();
      if (!payments.length) return 0;
      const rows = await q('select razorpay_payment_id as p from orders where razorpay_payment_id = any($1)', [
        payments.map((p) => p.id),
      ]);
      return payments.length - rows.length;
    };
    counts['captured payments without an order after the storm'] = await unplaced();
    if (SHORT) {
      // A third shop instance runs the reconciler and the sweep once, the sweep with the clock past every hold.
      const config = parseConfig({ ...env, PORT: '0', DATA_DIR: shop.dataDir, SEED_DEMO: 'false' });
      const third = await buildApp({ config, database, jobs: false });
      await third.ready();
      const summary = await reconcilePending(third);
      bump('placed by the reconciler', summary.placed);
      const [latest] = await q('select max(hold_expires_at) as t from checkouts');
      const later = new Date(new Date(String(latest?.t ?? new Date())).getTime() + 1000);
      bump('checkouts released by the sweep', await sweepExpiredHolds(database.db, later));
      await third.close();
      counts['sweep clock moved ahead (s)'] = Math.round((later.getTime() - Date.now()) / 1000);
    } else {
      // The restarted shop's own reconciler (every minute) and sweep (every 30 s, holds of 1 minute).
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        const [pending] = await q("select count(*)::int as n from checkouts where status = 'pending'");
        if ((await unplaced()) === 0 && Number(pending?.n) === 0) break;
        await sleep(2000);
      }
      bump(
        'seconds waited for the reconciler and the sweep',
        Math.round((Date.now() - t0) / 1000) - (counts['storm seconds'] ?? 0),
      );
    }

    // ---------------------------------------------------------------- invariants
    const violations: string[] = [];
    const payments = await captured();
    const orderRows = await q('select id, razorpay_payment_id, paymentstatus, flag, refund_status, refund_id from orders');
    const byPayment = new Map<string, Record<string, unknown>[]>();
    for (const o of orderRows)
      byPayment.set(String(o.razorpay_payment_id), [...(byPayment.get(String(o.razorpay_payment_id)) ?? []), o]);
    for (const p of payments) {
      const list = byPayment.get(p.id) ?? [];
      if (list.length !== 1) violations.push(`captured payment ${p.id} has ${list.length} orders`);
      else if (list[0]?.paymentstatus !== 'Paid')
        violations.push(`captured payment ${p.id} has an order marked ${list[0]?.paymentstatus}`);
    }
    const refunded =
      mode === 'razorpay' && fake
        ? [...fake.payments.values()].filter((p) => p.status === 'refunded').map((p) => p.id)
        : (await q("select id from sandbox_payments where status = 'refunded'")).map((r) => String(r.id));
    const known = new Set([...payments.map((p) => p.id), ...refunded]);
    for (const o of orderRows) {
      if (!known.has(String(o.razorpay_payment_id)) && o.paymentstatus !== 'Failed') {
        violations.push(`order ${o.id} has no captured or refunded payment (${o.razorpay_payment_id})`);
      }
      if (o.refund_status === 'pending') violations.push(`order ${o.id} still waits for its refund`);
    }
    counts['payments captured'] = payments.length;
    counts['payments refunded'] = refunded.length;
    counts.orders = orderRows.length;
    counts['orders flagged (stock gone, refunded)'] = orderRows.filter((o) => o.flag === 'stock_unavailable').length;

    const stock = await q(
      `select p.id, p.stock, p.sold,
              coalesce((select sum(h.quantity) from stock_holds h join checkouts c on c.id = h.checkout_id
                        where h.product_id = p.id and c.status = 'pending'), 0)::int as held,
              coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                        where i.product_id = p.id and o.paymentstatus in ('Paid', 'Refunded')
                          and (o.flag is null or o.flag = 'shipping_missing')), 0)::int as secured
       from products p order by p.name`,
    );
    for (const s of stock) {
      const total = Number(s.stock) + Number(s.sold) + Number(s.held);
      if (total !== STOCK)
        violations.push(`product ${s.id}: stock ${s.stock} + sold ${s.sold} + held ${s.held} = ${total}, not ${STOCK}`);
      if (Number(s.stock) < 0) violations.push(`product ${s.id}: stock below zero`);
      if (Number(s.sold) !== Number(s.secured))
        violations.push(`product ${s.id}: sold ${s.sold}, but orders secured ${s.secured}`);
    }
    counts['units sold'] = stock.reduce((n, s) => n + Number(s.sold), 0);
    counts['units on the shelf'] = stock.reduce((n, s) => n + Number(s.stock), 0);

    const [late] = await q(
      `select (select count(*) from stock_holds where expires_at < now() - interval '5 seconds')::int as holds,
              (select count(*) from checkouts where status = 'pending' and hold_expires_at < now() - interval '5 seconds')::int as checkouts,
              (select count(*) from stock_holds)::int as left`,
    );
    if (SHORT) {
      if (Number(late?.left) !== 0) violations.push(`${late?.left} holds left after the sweep past every expiry`);
    } else {
      if (Number(late?.holds)) violations.push(`${late?.holds} holds outlived their expiry`);
      if (Number(late?.checkouts)) violations.push(`${late?.checkouts} checkouts pending past their hold`);
    }
    const [dups] = await q('select count(*)::int as n from (select checkout_id from orders group by 1 having count(*) > 1) d');
    if (Number(dups?.n)) violations.push(`${dups?.n} checkouts with more than one order`);
    return { counts, violations };
  } finally {
    await shop?.stop().catch(() => {});
    await fake?.close();
    await database.close();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
}

async function main() {
  let total = 0;
  for (const mode of ['sandbox', 'razorpay'] as const) {
    const t = Date.now();
    const { counts, violations } = await drill(mode);
    console.log(
      `\ncrash drill, ${mode} mode: ${SHOPPERS} shoppers, ${PRODUCTS} products × ${STOCK} units (${((Date.now() - t) / 1000).toFixed(0)} s)`,
    );
    for (const [k, v] of Object.entries(counts)) console.log(`  ${k}: ${v}`);
    for (const v of violations) console.log(`  VIOLATION: ${v}`);
    console.log(`  violations: ${violations.length}`);
    total += violations.length;
  }
  console.log(`\nviolations: ${total}`);
  process.exit(total ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
