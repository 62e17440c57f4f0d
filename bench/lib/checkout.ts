import type pg from 'pg';
import { openPostgres } from '../../server/db/client.js';
import { createSession } from '../../server/http/session.js';
import { call } from './server.js';

/**
 * The path that takes money, as shoppers walk it: a unit into the cart, `POST /o1/api/razorpay-order` (the stock
 * is held), the sandbox payment, `POST /o1/api/verify-and-place` (the order is placed and the held unit sold).
 * Case (a): every shopper on a product of their own, checking out again and again for `seconds`; case (b): every
 * shopper once, all on one product with `scarce` units left. Afterwards the money and stock invariants are read
 * from the database. A shopper walks the path over HTTP (`httpShopper`) or, for the limit, through the shop's own
 * services with no HTTP in between (`serviceShopper` in bench/lib/checkout-pg.ts).
 */

export const STEPS = ['cart add', 'razorpay-order', 'sandbox pay', 'verify-and-place'] as const;
export type Step = (typeof STEPS)[number];

export type CheckoutCase = {
  name: string;
  shoppers: number;
  seconds: number;
  orders: number;
  /** Checkouts refused because the stock had gone (409 at razorpay-order). */
  refused: number;
  /** Answers that were neither a success nor an expected refusal. */
  failures: string[];
  latencies: Record<Step, number[]>;
  /** Each invariant with whether it held and its figures. */
  checks: [string, boolean, string][];
};

/** The shipping address every bench shopper checks out with, as the checkout form sends it. */
export const SHIPPING = {
  fullname: 'Asha Verma',
  mobileno: '9876543210',
  address: '12 Mall Road',
  city: 'Ludhiana',
  pincode: '141001',
};

/** Settings a checkout storm from one address needs: 50 shoppers on 127.0.0.1 are not one abuser. */
export const CHECKOUT_ENV: Record<string, string> = {
  HOLD_MAX_UNITS_PER_ADDRESS: '1000000',
  HOLD_MAX_RUPEES_PER_ADDRESS: '1000000000',
  CHECKOUT_LIMIT: '0',
  CHECKOUT_ADDRESS_LIMIT: '0',
};

export const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/**
 * `count` shopper accounts (mobile numbers 7 + `tag` + a number, apart from the seeded order history's 8xxxxxxxxx),
 * their ids in order.
 */
export async function shopperIds(databaseUrl: string, count: number, tag: string): Promise<string[]> {
  const database = await openPostgres(databaseUrl, 2);
  try {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const rows = await database.query<{ id: string }>(
        `insert into users (fullname, mobileno, password_hash, role) values ($1, $2, 'not-a-real-hash', 'USER') returning id`,
        [`Bench shopper ${tag} ${i}`, `7${tag}${String(i).padStart(8, '0')}`.slice(0, 10)],
      );
      ids.push(rows[0]?.id as string);
    }
    return ids;
  } finally {
    await database.close();
  }
}

/** `count` shoppers with a session each (see `shopperIds`): their session cookies. */
export async function shopperCookies(databaseUrl: string, count: number, tag: string): Promise<string[]> {
  const ids = await shopperIds(databaseUrl, count, tag);
  const database = await openPostgres(databaseUrl, 2);
  try {
    const cookies: string[] = [];
    for (const id of ids) cookies.push(`sid=${(await createSession(database.db, id)).token}`);
    return cookies;
  } finally {
    await database.close();
  }
}

/**
 * One shopper's way through one checkout of one unit of `productId`: true when an order was placed. Each step's
 * time goes into `c.latencies`, a refusal for stock into `c.refused`, anything else unexpected into `c.failures`.
 */
export type Shopper = (productId: string, c: CheckoutCase) => Promise<boolean>;

/** Runs one step and adds its time to the case's latencies, whatever its outcome. */
export async function timed<T>(c: CheckoutCase, step: Step, run: () => Promise<T>): Promise<T> {
  const t = performance.now();
  try {
    return await run();
  } finally {
    c.latencies[step].push(performance.now() - t);
  }
}

/** A shopper of the shop on `base`, signed in with `cookie`, walking the path over HTTP as the browser does. */
export const httpShopper =
  (base: string, cookie: string): Shopper =>
  async (productId, c) => {
    const request = (step: Step, method: string, path: string, body: unknown) =>
      timed(c, step, () => call(base, method, path, { cookie, body }));
    const add = await request('cart add', 'POST', '/c2/api/add', { productId, quantity: 1 });
    if (add.status === 409) {
      c.refused++;
      return false;
    }
    if (add.status !== 200) {
      c.failures.push(`cart add ${add.status}: ${add.text.slice(0, 120)}`);
      return false;
    }
    const order = await request('razorpay-order', 'POST', '/o1/api/razorpay-order', { shippinginfo: SHIPPING });
    if (order.status === 409) {
      c.refused++;
      // the unit stays in the cart otherwise; the next try starts clean
      await call(base, 'DELETE', '/c2/api/clear', { cookie }).catch(() => undefined);
      return false;
    }
    if (order.status !== 200) {
      c.failures.push(`razorpay-order ${order.status}: ${order.text.slice(0, 120)}`);
      return false;
    }
    const orderId = order.json.razorpayOrder.id as string;
    const paid = await request('sandbox pay', 'POST', '/o1/api/sandbox/pay', { razorpay_order_id: orderId, outcome: 'success' });
    if (paid.status !== 200) {
      c.failures.push(`sandbox pay ${paid.status}: ${paid.text.slice(0, 120)}`);
      return false;
    }
    const placed = await request('verify-and-place', 'POST', '/o1/api/verify-and-place', {
      razorpay_order_id: paid.json.razorpay_order_id,
      razorpay_payment_id: paid.json.razorpay_payment_id,
      razorpay_signature: paid.json.razorpay_signature,
      shippinginfo: SHIPPING,
    });
    if (placed.status !== 201) {
      c.failures.push(`verify-and-place ${placed.status}: ${placed.text.slice(0, 120)}`);
      return false;
    }
    c.orders++;
    return true;
  };

/**
 * Runs one case. `productIds` holds one product per shopper (case a) or one product for all (case b); their
 * stock is set to `stock` first. `seconds` 0: every shopper checks out once.
 */
export async function checkoutCase(opts: {
  name: string;
  client: pg.Client;
  shoppers: Shopper[];
  productIds: string[];
  stock: number;
  seconds: number;
  /** Case (b): the units that must be sold, no more, no fewer. */
  expectSold?: number;
}): Promise<CheckoutCase> {
  const { client, shoppers, productIds } = opts;
  await client.query('update products set stock = $2, is_active = true where id = any($1::uuid[])', [productIds, opts.stock]);
  const before = new Map(
    (await client.query('select id, stock, sold from products where id = any($1::uuid[])', [productIds])).rows.map((r) => [
      r.id as string,
      { stock: Number(r.stock), sold: Number(r.sold) },
    ]),
  );
  const startedAt = new Date();
  const c: CheckoutCase = {
    name: opts.name,
    shoppers: shoppers.length,
    seconds: 0,
    orders: 0,
    refused: 0,
    failures: [],
    latencies: { 'cart add': [], 'razorpay-order': [], 'sandbox pay': [], 'verify-and-place': [] },
    checks: [],
  };
  const t0 = performance.now();
  const until = t0 + opts.seconds * 1000;
  await Promise.all(
    shoppers.map(async (shopper, i) => {
      const productId = productIds[i % productIds.length] as string;
      do {
        if (!(await shopper(productId, c)) && opts.seconds > 0 && c.failures.length > 20) return;
      } while (performance.now() < until);
    }),
  );
  c.seconds = (performance.now() - t0) / 1000;

  // ------------------------------------------------------------ invariants, read straight from the database
  const after = (await client.query('select id, stock, sold from products where id = any($1::uuid[])', [productIds])).rows;
  const taken = after.reduce((n, r) => n + ((before.get(r.id)?.stock ?? 0) - Number(r.stock)), 0);
  const soldDelta = after.reduce((n, r) => n + (Number(r.sold) - (before.get(r.id)?.sold ?? 0)), 0);
  const [lines] = (
    await client.query(
      `select coalesce(sum(i.quantity), 0)::int as units, count(distinct o.id)::int as orders
       from order_items i join orders o on o.id = i.order_id
       where i.product_id = any($1::uuid[]) and o.created_at >= $2`,
      [productIds, startedAt],
    )
  ).rows;
  const units = Number(lines?.units);
  c.checks.push([
    'units sold = stock taken',
    units === taken && soldDelta === taken,
    `${units} units in orders, stock down ${taken}, sold up ${soldDelta}`,
  ]);
  const [holds] = (
    await client.query('select count(*)::int as n from stock_holds where product_id = any($1::uuid[])', [productIds])
  ).rows;
  c.checks.push(['no hold left', Number(holds?.n) === 0, `${holds?.n} holds`]);
  const [pay] = (
    await client.query(
      `select (select count(*) from sandbox_payments p where p.status = 'captured' and p.created_at >= $1)::int as captured,
              (select count(*) from orders o where o.created_at >= $1)::int as orders,
              (select count(*) from (select razorpay_payment_id from orders where created_at >= $1
                                     group by 1 having count(*) > 1) d)::int as doubled`,
      [startedAt],
    )
  ).rows;
  c.checks.push([
    'one order per payment',
    Number(pay?.captured) === Number(pay?.orders) && Number(pay?.doubled) === 0 && Number(pay?.orders) === c.orders,
    `${pay?.captured} payments captured, ${pay?.orders} orders, ${pay?.doubled} payments with more than one`,
  ]);
  if (opts.expectSold !== undefined) {
    c.checks.push([`sold exactly ${opts.expectSold}`, taken === opts.expectSold, `${taken} sold, ${c.refused} refused`]);
  }
  return c;
}

/**
 * Rounds of one case taken as one: their orders, refusals, failures, seconds and latencies added up, and each
 * invariant holding only when it held after every round (the figures of the rounds where it broke).
 */
export function mergeRounds(name: string, rounds: CheckoutCase[]): CheckoutCase {
  const checks = new Map<string, { ok: boolean; figures: string[] }>();
  for (const [k, r] of rounds.entries()) {
    for (const [check, ok, figures] of r.checks) {
      const seen = checks.get(check) ?? { ok: true, figures: [] };
      checks.set(check, seen);
      seen.ok &&= ok;
      if (!ok) seen.figures.push(`round ${k + 1}: ${figures}`);
    }
  }
  return {
    name,
    shoppers: rounds[0]?.shoppers ?? 0,
    seconds: rounds.reduce((n, r) => n + r.seconds, 0),
    orders: rounds.reduce((n, r) => n + r.orders, 0),
    refused: rounds.reduce((n, r) => n + r.refused, 0),
    failures: rounds.flatMap((r) => r.failures),
    latencies: Object.fromEntries(STEPS.map((step) => [step, rounds.flatMap((r) => r.latencies[step])])) as Record<
      Step,
      number[]
    >,
    checks: [...checks].map(([check, { ok, figures }]) => [
      check,
      ok,
      ok ? `held after all ${rounds.length} rounds` : figures.join('; '),
    ]),
  };
}
