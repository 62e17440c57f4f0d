import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../db/client.js';
import { listMigrations, migrate } from '../../db/migrate.js';
import { withDatabase } from '../../test/global-setup.js';

/**
 * Orders placed before order numbers existed get theirs from migration 0140, in the order they were placed,
 * with the shop's invoice prefix; the next order placed carries on the series.
 */
describe('migration 0140 numbers the orders already placed', () => {
  let database: Database;
  let dropDb = async () => {};
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
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const name = `shop_mig_${crypto.randomBytes(5).toString('hex')}`;
      const admin = await openPostgres(url, 1);
      await admin.query(`create database ${name}`);
      database = await openPostgres(withDatabase(url, name), 2);
      dropDb = async () => {
        await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await admin.close();
      };
    } else {
      database = await openPglite({ memory: true });
    }
    await q('create table if not exists app_migrations (tag text primary key, applied_at timestamptz not null default now())');
    for (const m of listMigrations()) {
      if (m.tag >= '0140') continue;
      for (const s of m.statements) await q(s);
      await q(`insert into app_migrations (tag) values ('${m.tag}')`);
    }
    await q(`update shop_settings set invoiceprefix = 'LG'`);
    // Ids in another order than the times they were placed.
    await addOrder(3, '2025-01-01T10:00:00Z');
    await addOrder(1, '2025-02-01T10:00:00Z');
    await addOrder(2, '2025-01-15T10:00:00Z');
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await dropDb();
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
