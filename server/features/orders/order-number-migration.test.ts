import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { databaseBefore } from '../../test/migration-db.js';

/**
 * Orders placed before order numbers existed get theirs from migration 0140, in the order they were placed,
 * with the shop's invoice prefix; the next order placed carries on the series.
 */
describe('migration 0140 numbers the orders already placed', () => {
  let database: Database;
  let close = async () => {};
  const q = (s: string) => database.db.execute(sql.raw(s));

  async function addOrder(n: number, createdAt: string) {
    const id = `00000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`;
    const checkout = `00000000-0000-4000-8000-${String(200 + n).padStart(12, '0')}`;
    await q(`insert into checkouts (id, provider, provider_order_id, amount_paise, status, lines, hold_expires_at)
             values ('${checkout}', 'sandbox', 'order_old${n}', 250000, 'placed', '[]', now())`);
    await q(`insert into orders (id, checkout_id, razorpay_order_id, razorpay_payment_id, total_paise, paymentstatus, shippinginfo, created_at)
             values ('${id}', '${checkout}', 'order_old${n}', 'pay_old${n}', 250000, 'Paid', '{}', '${createdAt}')`);
    return id;
  }

  beforeAll(async () => {
    ({ database, close } = await databaseBefore('0140'));
    await q(`update shop_settings set invoiceprefix = 'LG'`);
    // Ids in another order than the times they were placed.
    await addOrder(3, '2025-01-01T10:00:00Z');
    await addOrder(1, '2025-02-01T10:00:00Z');
    await addOrder(2, '2025-01-15T10:00:00Z');
    await migrate(database);
  });
  afterAll(async () => {
    await close();
  });

  it('numbers them in the order they were placed, and the next order carries on', async () => {
    const before = await database.query<{ n: string; number: string }>(
      'select right(id::text, 1) as n, number from orders order by created_at',
    );
    expect(before).toEqual([
      { n: '3', number: 'LG-000001' },
      { n: '2', number: 'LG-000002' },
      { n: '1', number: 'LG-000003' },
    ]);
    await addOrder(4, '2025-03-01T10:00:00Z');
    const [next] = await database.query<{ number: string }>(
      `select number from orders where id = '00000000-0000-4000-8000-000000000104'`,
    );
    expect(next?.number).toBe('LG-000004');
    // A number is never given twice.
    await expect(q(`update orders set number = 'LG-000001' where right(id::text, 1) = '4'`)).rejects.toThrow();
  });
});
