import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { databaseBefore } from '../../test/migration-db.js';

/**
 * Refunds made before migration 0384 went to the order's own payment, or to a credit order's latest online payment:
 * the migration names that payment on each of them, and none on money paid back outside the shop.
 */
describe('migration 0384 on existing refunds', () => {
  let database: Database;
  let close = async () => {};
  const id = (n: string) => `00000000-0000-4000-8000-${n.padStart(12, '0')}`;

  beforeAll(async () => {
    const q = (s: string) => database.db.execute(sql.raw(s));
    ({ database, close } = await databaseBefore('0384'));
    await q(`insert into users (id, fullname, mobileno, password_hash) values ('${id('1')}', 'Asha', '9876500001', 'x')`);
    // Order 101 paid at checkout; order 102 a credit order paid online twice and once by NEFT.
    for (const [n, payment] of [
      ['101', 'pay_Checkout01'],
      ['102', ''],
    ] as const) {
      await q(`insert into checkouts (id, user_id, provider, provider_order_id, amount_paise, status, lines, hold_expires_at)
               values ('${id(`2${n}`)}', '${id('1')}', 'razorpay', 'order_${n}', 300000, 'placed', '[]', now())`);
      await q(`insert into orders (id, user_id, checkout_id, razorpay_order_id, razorpay_payment_id, total_paise, paymentstatus, deliverystatus, shippinginfo)
               values ('${id(n)}', '${id('1')}', '${id(`2${n}`)}', 'order_${n}', '${payment}', 300000, 'Paid', 'pending', '{}')`);
    }
    await q(`insert into order_payments (order_id, user_id, amount_paise, method, reference, received_on, created_at) values
             ('${id('102')}', '${id('1')}', 100000, 'razorpay', 'pay_Older', '2026-11-01', now() - interval '2 days'),
             ('${id('102')}', '${id('1')}', 100000, 'razorpay', 'pay_Newer', '2026-11-02', now() - interval '1 day'),
             ('${id('102')}', '${id('1')}', 100000, 'neft', 'UTR-1', '2026-11-03', now())`);
    await q(`insert into refunds (id, order_id, amount_paise, idempotency_key, actor, status) values
             ('${id('301')}', '${id('101')}', 5000, 'k1', 'admin', 'processed'),
             ('${id('302')}', '${id('102')}', 5000, 'k2', 'admin', 'processed')`);
    await q(`insert into refunds (id, order_id, amount_paise, idempotency_key, actor, status, method, reference) values
             ('${id('303')}', '${id('102')}', 5000, 'k3', 'admin', 'processed', 'neft', 'UTR-B')`);
    await migrate(database);
  });
  afterAll(async () => {
    await close();
  });

  it('names the payment each refund went back to', async () => {
    const res = (await database.db.execute(sql.raw('select id, payment_id from refunds order by id'))) as unknown as {
      rows: { id: string; payment_id: string | null }[];
    };
    expect(res.rows).toEqual([
      { id: id('301'), payment_id: 'pay_Checkout01' },
      { id: id('302'), payment_id: 'pay_Newer' },
      { id: id('303'), payment_id: null },
    ]);
  });
});
