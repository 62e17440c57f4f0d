import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  cartItems,
  categories,
  checkouts,
  orderItems,
  orders,
  products,
  sessions,
  subcategories,
  users,
} from '../../db/schema.js';
import { createUser } from '../../features/auth/service.js';
import { createSession } from '../../http/session.js';
import type { Pool, Table } from './requests.js';

/** Tables a refused request may still change: failed sign-ins are counted, by design. */
// A wrong password-reset or sign-in code is refused and uses up one of the code's tries (password_resets,
// signin_codes; an expired code is voided).
const MAY_CHANGE_ON_REFUSAL = new Set(['rate_limits', 'app_migrations', 'password_resets', 'signin_codes']);

/** Row count and checksum of every table, in one statement. */
export async function snapshotter(database: Database) {
  const tables = (
    await database.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  )
    .map((r) => r.name)
    .filter((t) => !MAY_CHANGE_ON_REFUSAL.has(t));
  const sql = tables
    .map(
      (t) =>
        `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as h from "${t}" x`,
    )
    .join(' union all ');
  return {
    tables,
    /**
     * Where the write-ahead log stands. Any change to any table moves it, so an unmoved position proves
     * nothing changed without reading every table (on a shared server other databases move it too, and
     * then the full checksum decides).
     */
    async position(): Promise<string> {
      const rows = await database.query<{ l: string }>('select pg_current_wal_insert_lsn()::text as l');
      return String(rows[0]?.l);
    },
    async take(): Promise<Map<string, string>> {
      const rows = await database.query<{ t: string; n: number; h: string }>(sql);
      return new Map(rows.map((r) => [r.t, `${Number(r.n)}:${r.h}`]));
    },
  };
}

export function diff(a: Map<string, string>, b: Map<string, string>) {
  const changed: string[] = [];
  for (const [t, v] of a) if (b.get(t) !== v) changed.push(`${t} (${v.split(':')[0]} → ${b.get(t)?.split(':')[0]} rows)`);
  return changed;
}

const PASSWORDS = { user: 'fuzz-shopper-password', admin: 'fuzz-admin-password' };

/** The fuzz's own shopper and administrator, their sessions, and a stale session token. */
export async function identities(database: Database, prefix = '70') {
  const db = database.db;
  const made = {
    user: await createUser(db, {
      fullname: 'Fuzz Shopper',
      mobileno: `${prefix}00000001`,
      password: PASSWORDS.user,
      role: 'USER',
    }),
    admin: await createUser(db, {
      fullname: 'Fuzz Admin',
      mobileno: `${prefix}00000002`,
      password: PASSWORDS.admin,
      role: 'ADMIN',
    }),
  };
  const people = {
    user: { id: made.user.id, mobileno: made.user.mobileno, password: PASSWORDS.user, hash: made.user.passwordHash, token: '' },
    admin: {
      id: made.admin.id,
      mobileno: made.admin.mobileno,
      password: PASSWORDS.admin,
      hash: made.admin.passwordHash,
      token: '',
    },
  };
  const stale = await createSession(db, made.user.id);
  await db.delete(sessions).where(eq(sessions.id, crypto.createHash('sha256').update(stale.token).digest('hex')));

  const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
  let n = 0;

  /** Makes sure both people exist with their roles and a live session; the fuzz's own successes may have undone them. */
  async function ensure() {
    let changed = false;
    for (const who of ['user', 'admin'] as const) {
      const p = people[who];
      const role = who === 'admin' ? 'ADMIN' : 'USER';
      const rows = p.token
        ? await database.query<{ role: string }>(
            'select u.role from sessions s join users u on u.id = s.user_id where s.id = $1 and s.expires_at > now()',
            [hash(p.token)],
          )
        : [];
      if (rows[0]?.role === role) continue;
      changed = true;
      const [row] = await db.select().from(users).where(eq(users.id, p.id));
      if (!row) {
        n += 1;
        const mobileno = `${prefix}${who === 'admin' ? '2' : '1'}${String(n).padStart(7, '0')}`;
        const [fresh] = await db
          .insert(users)
          .values({ fullname: `Fuzz ${who} ${n}`, mobileno, passwordHash: p.hash, role })
          .returning();
        p.id = (fresh as { id: string }).id;
        p.mobileno = mobileno;
      } else {
        await db.update(users).set({ role, passwordHash: p.hash }).where(eq(users.id, p.id));
        p.mobileno = row.mobileno;
      }
      p.token = (await createSession(db, p.id)).token;
    }
    return changed;
  }
  await ensure();
  return { people, staleToken: stale.token, ensure };
}

/** A small catalogue, a cart line, a checkout and a paid order, so generated ids can hit real rows. */
export async function seedFixtures(database: Database, userId: string) {
  const db = database.db;
  const tag = crypto.randomBytes(3).toString('hex');
  const [cat] = await db
    .insert(categories)
    .values({ name: `Gemstones ${tag}` })
    .returning();
  const catId = (cat as { id: string }).id;
  const [sub] = await db
    .insert(subcategories)
    .values({ name: `Ruby ${tag}`, categoryId: catId })
    .returning();
  const subId = (sub as { id: string }).id;
  const made = await db
    .insert(products)
    .values(
      [1, 2, 3].map((i) => ({
        name: `Burmese Ruby ${tag} ${i}`,
        slug: `burmese-ruby-${tag}-${i}`,
        pricePaise: 150000 * i,
        description: 'A natural ruby.',
        stock: i === 3 ? 0 : 5,
        isActive: i !== 2,
        categoryId: catId,
        subcategoryId: subId,
      })),
    )
    .returning();
  const product = made[0] as { id: string; name: string };
  // A cart line, so a well-formed checkout can hold stock and a sandbox payment can follow.
  await db
    .insert(cartItems)
    .values({ userId, productId: product.id, productname: product.name, quantity: 1 })
    .onConflictDoNothing();
  const ref = `order_Fz${tag}${crypto.randomBytes(4).toString('hex')}`.slice(0, 20);
  const [checkout] = await db
    .insert(checkouts)
    .values({
      userId,
      provider: 'sandbox',
      providerOrderId: ref,
      amountPaise: 150000,
      status: 'placed',
      lines: [
        { productId: product.id, productname: product.name, pricePaise: 150000, image: '', quantity: 1, size: '', colour: '' },
      ],
      shippinginfo: {
        fullname: 'Fuzz Shopper',
        mobileno: '7000000001',
        address: '1 Mall Road',
        city: 'Ludhiana',
        pincode: '141001',
      },
      holdExpiresAt: new Date(Date.now() + 15 * 60_000),
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      checkoutId: (checkout as { id: string }).id,
      razorpayOrderId: ref,
      razorpayPaymentId: `pay_Fz${tag}`,
      totalPaise: 150000,
      paymentstatus: 'Paid',
      shippinginfo: {
        fullname: 'Fuzz Shopper',
        mobileno: '7000000001',
        address: '1 Mall Road',
        city: 'Ludhiana',
        pincode: '141001',
      },
    })
    .returning();
  await db.insert(orderItems).values({
    orderId: (order as { id: string }).id,
    productId: product.id,
    productname: product.name,
    unitPricePaise: 150000,
    quantity: 1,
  });
}

/** What the generated requests can aim at, read from the database as it is now. */
export async function readPool(database: Database, people: Pool['people']): Promise<Pool> {
  const ids = {} as Record<Table, string[]>;
  for (const t of ['users', 'categories', 'subcategories', 'products', 'cart_items', 'checkouts', 'orders'] as Table[]) {
    ids[t] = (await database.query<{ id: string }>(`select id::text as id from ${t} order by created_at desc limit 40`)).map(
      (r) => r.id,
    );
  }
  const col = async (sql: string) =>
    (await database.query<{ v: string | null }>(sql)).map((r) => r.v).filter(Boolean) as string[];
  const words = await col(
    `select lower(replace(name, ' ', '-')) as v from categories
     union all select lower(replace(name, ' ', '-')) from subcategories
     union all select split_part(lower(name), ' ', 1) from products limit 60`,
  );
  const pairs = (
    await database.query<{ c: string; s: string }>(
      'select category_id::text as c, id::text as s from subcategories order by created_at desc limit 40',
    )
  ).map((r) => [r.c, r.s] as [string, string]);
  return {
    ids,
    pairs,
    paid: [],
    slugs: await col('select slug as v from products order by created_at desc limit 40'),
    orderRefs: await col('select provider_order_id as v from checkouts order by created_at desc limit 40'),
    paymentRefs: await col('select razorpay_payment_id as v from orders order by created_at desc limit 40'),
    words,
    people,
  };
}
