// @postgres: change notices travel by LISTEN/NOTIFY on PostgreSQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/fixtures.js';
import { freshDatabase } from '../test/helpers.js';
import type { Database } from './client.js';

/**
 * The change notices the servers' kept answers rely on (migrations 0070–0073 and 0200, server/http/catalogue-feed.ts):
 * a write announces its table on the channel only when it inserted, updated or deleted a row; one that changed only
 * products' stock names the products instead. Notices arrive in
 * commit order, so once a later write's notice is heard, an earlier one's would have been heard before it.
 */

const CHANNEL = 'catalogue_changed';
let database: Database;
let heard: string[] = [];
let stop: () => Promise<void>;

beforeAll(async () => {
  database = await freshDatabase();
  stop = await database.listen(
    CHANNEL,
    (payload) => heard.push(payload),
    () => {},
  );
});
afterAll(async () => {
  await stop();
  await database.close();
});

/** Runs `statement`, then a write that surely changes a row (a marker), and gives what was heard up to the marker. */
async function noticesOf(statement: string): Promise<string[]> {
  heard = [];
  await database.query(statement);
  await database.query(`select pg_notify('${CHANNEL}', 'marker')`);
  await expect.poll(() => heard.includes('marker'), { timeout: 10_000 }).toBe(true);
  return heard.slice(0, heard.indexOf('marker'));
}

describe('change notices', () => {
  it('are sent for a statement that changes rows, and not for one that changes none', async () => {
    const stone = await createProduct(database.db);
    // The product's own notices are heard first (PostgreSQL delivers them on the listening connection, possibly
    // after the insert has returned; PGlite before it returns).
    await noticesOf('select 1');
    const none = '00000000-0000-0000-0000-000000000000';
    expect(await noticesOf(`update products set stock = stock + 1 where id = '${none}'`)).toEqual([]);
    expect(await noticesOf(`delete from sales where id = '${none}'`)).toEqual([]);
    expect(await noticesOf(`update orders set updated_at = now() where id = '${none}'`)).toEqual([]);
    expect(await noticesOf(`delete from sessions where expires_at < now() - interval '100 years'`)).toEqual([]);
    expect(await noticesOf(`insert into categories (name) select 'Never' where false`)).toEqual([]);

    expect(await noticesOf(`update products set sold = sold + 1 where id = '${stone.id}'`)).toEqual(['products']);
    expect(await noticesOf(`insert into categories (name) values ('Opal ${stone.id.slice(0, 8)}')`)).toEqual(['categories']);
    expect(await noticesOf(`delete from categories where name = 'Opal ${stone.id.slice(0, 8)}'`)).toEqual(['categories']);
  });

  it('name the products when only their stock changed, and the table for any other change', async () => {
    const a = await createProduct(database.db);
    const b = await createProduct(database.db);
    await noticesOf('select 1');
    expect(await noticesOf(`update products set stock = stock - 1 where id = '${a.id}'`)).toEqual([`product_stock:${a.id}`]);
    const both = await noticesOf(`update products set stock = stock + 1 where id in ('${a.id}', '${b.id}')`);
    expect(both).toHaveLength(1);
    expect(both[0]?.startsWith('product_stock:')).toBe(true);
    expect(both[0]?.slice('product_stock:'.length).split(',').sort()).toEqual([a.id, b.id].sort());
    // the same stock written again changes nothing
    expect(await noticesOf(`update products set stock = stock where id = '${a.id}'`)).toEqual([]);
    // stock and anything else, or units sold, is a change of the product
    expect(await noticesOf(`update products set stock = stock + 1, name = name || ' ' where id = '${a.id}'`)).toEqual([
      'products',
    ]);
    expect(await noticesOf(`update products set stock = stock - 1, sold = sold + 1 where id = '${b.id}'`)).toEqual(['products']);
  });
});
