// @postgres: query plans through trigram indexes
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrdersQuery, AdminOrdersResponse } from '../../../contract/orders.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { adminOrderQueries } from './service.js';

/**
 * With 20,000 orders, the admin order search (part of an order id, Razorpay order id or payment id) must
 * reach orders through indexes, not by reading the whole orders table. Runs on PGlite and PostgreSQL.
 */

const ORDERS = 20_000;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  const q = (text: string) => t.database.query(text);
  await q(
    `insert into checkouts (provider, provider_order_id, amount_paise, lines, hold_expires_at, status)
     select 'sandbox', 'order_Plan' || lpad(g::text, 10, '0'), 100000, '[]'::jsonb, now(), 'placed'
     from generate_series(1, ${ORDERS}) g`,
  );
  await q(
    `insert into orders (checkout_id, razorpay_order_id, razorpay_payment_id, total_paise, paymentstatus,
                         deliverystatus, shippinginfo, created_at)
     select c.id, c.provider_order_id, 'pay_Plan' || substr(c.provider_order_id, 11), 100000, 'Paid',
            (array['pending','confirmed','shipped','delivered','returned'])[1 + (substr(c.provider_order_id, 11)::int % 5)],
            '{"fullname":"A","mobileno":"9876543210","address":"1 Road","city":"Ludhiana","pincode":"141001"}'::jsonb,
            now() - substr(c.provider_order_id, 11)::int * interval '1 minute'
     from checkouts c`,
  );
  await q('analyze orders');
  // 20,000 rows through every index and trigger: minutes on a busy machine, so this setup has its own bound.
}, 600_000);
afterAll(() => t.close());

async function plan(query: Record<string, string>) {
  const queries = adminOrderQueries(t.database.db, AdminOrdersQuery.parse(query));
  const texts: string[] = [];
  for (const statement of [queries.page, queries.count]) {
    const { sql, params } = statement.toSQL();
    const rows = await t.database.query<Record<string, string>>(`explain analyze ${sql}`, params);
    texts.push(rows.map((r) => Object.values(r)[0]).join('\n'));
  }
  return texts.join('\n');
}

describe(`admin order search on ${ORDERS} orders`, () => {
  /** [what, search term, expected number of orders] */
  const cases: [string, string, number][] = [
    ['a whole Razorpay order id', 'order_Plan0000012345', 1],
    ['a whole payment id', 'pay_Plan0000012345', 1],
    ['part of an id, any case', 'plan000001234', 10],
  ];
  for (const [what, search, expected] of cases) {
    it(`finds ${what} through the trigram indexes`, async () => {
      const text = await plan({ search });
      const time = [...text.matchAll(/Execution Time: ([\d.]+) ms/g)].map((m) => m[1]).join(' + ');
      console.log(`[plan] admin orders search=${search}: ${time} ms`);
      expect(text, text).not.toMatch(/Seq Scan on orders/);
      expect(text).toMatch(/Bitmap Index Scan on orders_\w+_trgm_idx/);

      const res = await t.request({
        method: 'GET',
        url: `/o1/api/admin/orders?search=${search}&limit=100`,
        cookie: admin.cookie,
      });
      expect(res.statusCode).toBe(200);
      const body = AdminOrdersResponse.parse(res.json());
      expect(body.pagination.totalOrders).toBe(expected);
      expect(body.orders).toHaveLength(expected);
      expect(
        body.orders.every((o) => `${o.razorpay_order_id} ${o.razorpay_payment_id}`.toLowerCase().includes(search.toLowerCase())),
      ).toBe(true);
    });
  }

  it('finds an order by its whole id through the primary key', async () => {
    const [row] = await t.database.query<{ id: string }>('select id from orders order by created_at desc offset 777 limit 1');
    const id = String(row?.id);
    const text = await plan({ search: id });
    expect(text, text).not.toMatch(/Seq Scan on orders/);
    expect(text).toMatch(/orders_pkey/);
    const res = await t.request({ method: 'GET', url: `/o1/api/admin/orders?search=${id.toUpperCase()}`, cookie: admin.cookie });
    const body = AdminOrdersResponse.parse(res.json());
    expect(body.orders.map((o) => o._id)).toEqual([id]);

    // Part of an id still matches as a substring.
    const part = id.slice(4, 16);
    const some = AdminOrdersResponse.parse(
      (await t.request({ method: 'GET', url: `/o1/api/admin/orders?search=${part}&limit=100`, cookie: admin.cookie })).json(),
    );
    expect(some.orders.map((o) => o._id)).toContain(id);
    expect(some.orders.every((o) => o._id.includes(part))).toBe(true);
  });
});
