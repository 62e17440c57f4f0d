import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { listMigrations, migrate } from '../../db/migrate.js';
import { databaseBefore } from '../../test/migration-db.js';

const TAG = '0141_loose_stone_gst';

/**
 * Loose stones (HSN 7103) moved from 3% to 0.25% on 1 October 2019. Migration 0141 moves a shop still carrying the
 * earlier default (written by the database: migration 0030 or the demo seed) and keeps every rate the admin saved on
 * the Tax screen (stamped with the server's clock, in whole milliseconds).
 */
describe('migration 0141 on an existing shop’s tax rates', () => {
  let database: Database;
  let close = async () => {};
  const id = (n: number) => `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`;

  beforeAll(async () => {
    const q = (s: string) => database.db.execute(sql.raw(s));
    ({ database, close } = await databaseBefore(TAG));
    expect(listMigrations().map((m) => m.tag)).toContain(TAG);
    const rows: [number, string, string, number, string][] = [
      // category, name, HSN, rate (bp), updated_at: the database's own now(), or a save's whole-millisecond time
      [1, 'Gemstones', '7103', 300, 'now()'],
      [2, 'Corals', '7103', 300, `'2025-06-01 10:00:00.123+00'`],
      [3, 'Jewellery', '7113', 300, 'now()'],
      [4, 'Pearls', '7101', 300, 'now()'],
      [5, 'Opals', '7103', 150, 'now()'],
    ];
    for (const [n, name, hsn, bp, at] of rows) {
      await q(`insert into categories (id, name) values ('${id(n)}', '${name}')`);
      await q(`insert into category_tax (category_id, hsn, gst_rate_bp, updated_at) values ('${id(n)}', '${hsn}', ${bp}, ${at})`);
    }
    // the database's own clock could land on a whole millisecond: make the untouched rows' time certainly not one
    await q(
      `update category_tax set updated_at = date_trunc('milliseconds', updated_at) + interval '0.000417 seconds' where category_id in ('${id(1)}', '${id(3)}', '${id(4)}', '${id(5)}')`,
    );
    await migrate(database);
  });
  afterAll(async () => {
    await close();
  });

  it('moves the untouched 7103 default to 0.25%, keeps the admin’s saved 3% and every other rate', async () => {
    const got = (await database.db.execute(
      sql.raw(
        'select c.name, t.hsn, t.gst_rate_bp, t.chosen_by_admin from category_tax t join categories c on c.id = t.category_id order by c.name',
      ),
    )) as unknown as { rows: { name: string; hsn: string; gst_rate_bp: number; chosen_by_admin: boolean }[] };
    expect(got.rows.map((r) => [r.name, r.hsn, Number(r.gst_rate_bp), r.chosen_by_admin])).toEqual([
      ['Corals', '7103', 300, true],
      ['Gemstones', '7103', 25, false],
      ['Jewellery', '7113', 300, false],
      ['Opals', '7103', 150, false],
      ['Pearls', '7101', 300, false],
    ]);
  });
});
