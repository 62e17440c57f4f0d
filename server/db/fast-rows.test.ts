// @postgres: row decoding follows each driver's types
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectPricedProducts } from '../features/products/rows.js';
import { createProduct } from '../test/fixtures.js';
import { freshDatabase } from '../test/helpers.js';
import type { Database } from './client.js';
import { withFastRows } from './fast-rows.js';
import { products, sales } from './schema.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  const db = database.db;
  // Every kind of column a listing reads: text, arrays, numbers kept as numeric, booleans, dates, and the sale's
  // computed columns, both with a running sale and without one, with weights present and absent.
  const onSale = await createProduct(db, {
    name: 'Burmese Ruby',
    sizes: ['6', '7'],
    colours: ['Red'],
    weightcarrat: 5.25,
    weightratti: 5.78,
    video: '/uploads/abc/video.mp4',
  });
  await createProduct(db, { name: 'Ceylon Blue Sapphire', stock: 0, isActive: false });
  await db.insert(sales).values({
    name: 'Winter ruby week',
    percentoff: 15,
    productIds: [onSale.id],
    startsAt: new Date(Date.now() - 86_400_000),
    endsAt: new Date(Date.now() + 86_400_000),
  });
});
afterAll(() => database.close());

describe('rows read with decoders worked out once', () => {
  it('are exactly the objects Drizzle makes, for every column of a priced listing row', async () => {
    const query = () =>
      selectPricedProducts(database.db, sql.placeholder('at'))
        .orderBy(desc(products.createdAt))
        .prepare(undefined as unknown as string);
    const values = { at: new Date().toISOString() };
    const usual = await query().execute(values);
    const fast = await withFastRows(query()).execute(values);
    expect(usual).toHaveLength(2);
    expect(fast).toEqual(usual);
    // The decoders ran: dates are dates and the sale's columns are there, not raw driver values.
    const ruby = fast.find((r) => r.name === 'Burmese Ruby');
    expect(ruby?.createdAt).toBeInstanceOf(Date);
    expect(ruby?.saleName).toBe('Winter ruby week');
    expect(ruby?.sizes).toEqual(['6', '7']);
  });

  it('leave a nested selection to Drizzle', async () => {
    const prepared = database.db
      .select({ product: { id: products.id, name: products.name } })
      .from(products)
      .prepare(undefined as unknown as string);
    const before = (prepared as unknown as { customResultMapper?: unknown }).customResultMapper;
    withFastRows(prepared);
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBe(before);
    const rows = await prepared.execute();
    expect(rows.every((r) => typeof r.product.name === 'string')).toBe(true);
  });
});
