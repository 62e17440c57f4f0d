import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { migrate } from '../../../db/migrate.js';
import { databaseBefore } from '../../../test/migration-db.js';

/**
 * Orders written before the lifecycle existed (free-text flag and refund status on the order) keep their
 * meaning after migration 0020: what was paid, whether stock left the shelf, their refunds and a timeline.
 */
describe('migration 0020 on existing orders', () => {
  let database: Database;
  let close = async () => {};

  beforeAll(async () => {
    const q = (s: string) => database.db.execute(sql.raw(s));
    ({ database, close } = await databaseBefore('0020'));
    // The schema as it was before 0020 (every earlier migration, whichever block it belongs to).
    await q(
      `insert into users (id, fullname, mobileno, password_hash) values ('00000000-0000-4000-8000-000000000001', 'Asha', '9876500001', 'x')`,
    );
    const orders: [string, string, string, string | null, string, string | null][] = [
      // id suffix, paymentstatus, deliverystatus, flag, refund_status, refund_id
      ['1', 'Paid', 'pending', null, 'none', null],
      ['2', 'Paid', 'delivered', null, 'none', null],
      ['3', 'Refunded', 'pending', 'stock_unavailable', 'processed', 'rfnd_Old000000001'],
      ['4', 'Paid', 'pending', 'stock_unavailable', 'pending', null],
      ['5', 'Pending', 'pending', 'amount_mismatch', 'processed', 'rfnd_Old000000002'],
    ];
    for (const [n, pay, del, flag, rs, rid] of orders) {
      const id = `00000000-0000-4000-8000-00000000010${n}`;
      await q(`insert into checkouts (id, user_id, provider, provider_order_id, amount_paise, status, lines, hold_expires_at)
               values ('00000000-0000-4000-8000-00000000020${n}', '00000000-0000-4000-8000-000000000001', 'sandbox', 'order_old${n}', 250000, 'placed', '[]', now())`);
      await q(`insert into orders (id, user_id, checkout_id, razorpay_order_id, razorpay_payment_id, total_paise, paymentstatus, deliverystatus, flag, refund_status, refund_id, shippinginfo)
               values ('${id}', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000020${n}', 'order_old${n}', 'pay_old${n}', 250000,
                       '${pay}', '${del}', ${flag ? `'${flag}'` : 'null'}, '${rs}', ${rid ? `'${rid}'` : 'null'}, '{}')`);
      await q(`insert into order_items (order_id, productname, unit_price_paise, quantity) values ('${id}', 'Ruby', 125000, 2)`);
    }
    await migrate(database);
  });
  afterAll(async () => {
    await close();
  });

  const rows = async <T>(s: string) => (await database.query<T>(s)) as T[];

  it('keeps what was paid, whether stock left the shelf, and when a delivered order was delivered', async () => {
    const got = await rows<{ id: string; paid_paise: string; stock_taken: boolean; delivered: boolean }>(
      `select right(id::text, 1) as id, paid_paise::text, stock_taken, delivered_at is not null as delivered from orders order by id`,
    );
    expect(got).toEqual([
      { id: '1', paid_paise: '250000', stock_taken: true, delivered: false },
      { id: '2', paid_paise: '250000', stock_taken: true, delivered: true },
      { id: '3', paid_paise: '250000', stock_taken: false, delivered: false },
      { id: '4', paid_paise: '250000', stock_taken: false, delivered: false },
      { id: '5', paid_paise: '250000', stock_taken: false, delivered: false },
    ]);
  });

  it('turns each earlier refund into a refunds row with its status, provider id and idempotency key', async () => {
    const got = await rows<{ id: string; status: string; provider_refund_id: string | null; key: string; amount: string }>(
      `select right(order_id::text, 1) as id, status, provider_refund_id, idempotency_key = 'refund-' || order_id::text as key,
              amount_paise::text as amount from refunds order by order_id`,
    );
    expect(got).toEqual([
      { id: '3', status: 'processed', provider_refund_id: 'rfnd_Old000000001', key: true, amount: '250000' },
      { id: '4', status: 'pending', provider_refund_id: null, key: true, amount: '250000' },
      { id: '5', status: 'processed', provider_refund_id: 'rfnd_Old000000002', key: true, amount: '250000' },
    ]);
  });

  it('writes a timeline for each order and closes the states', async () => {
    const got = await rows<{ id: string; types: string }>(
      `select right(order_id::text, 1) as id, string_agg(type, ',' order by at, type) as types from order_events group by order_id order by order_id`,
    );
    expect(got.map((g) => [g.id, g.types.split(',').sort().join(',')])).toEqual([
      ['1', 'paid,placed'],
      ['2', 'paid,placed,status'],
      ['3', 'flagged,paid,placed,refund_processed,refund_requested'],
      ['4', 'flagged,paid,placed,refund_requested'],
      ['5', 'flagged,placed,refund_processed,refund_requested'],
    ]);
    await expect(database.query(`update orders set flag = 'whatever' where right(id::text, 1) = '1'`)).rejects.toThrow();
    await expect(database.query(`update orders set refund_status = 'maybe' where right(id::text, 1) = '1'`)).rejects.toThrow();
    await expect(database.query(`update order_items set restocked = 3 where quantity = 2`)).rejects.toThrow();
  });
});
