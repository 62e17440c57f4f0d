// @postgres: the price filter is SQL on the list price or on the price paid, chosen by whether a sale runs
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterResponse } from '../../../contract/catalogue.js';
import { nameToFilterWord } from '../../../contract/filter.js';
import { categories, sales, subcategories } from '../../db/schema.js';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

/**
 * While no sale runs, a listing's price filter and price order read the list price alone (an index serves them, no
 * product's sale is looked up); the moment a sale starts or ends — by the clock, with no write — they read the price
 * paid again. The answer cache is off, so every answer is worked out afresh from what the listing remembers.
 */

let t: TestApp;
let now = new Date('2026-11-20T06:30:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ ANSWER_CACHE_MB: '0' }, { clock: () => now });
});
afterAll(() => t.close());

const listing = async (term: string) => {
  const res = await t.request({ method: 'GET', url: `/p1/api/filter/${term}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = FilterResponse.parse(res.json());
  return { names: body.products.map((p) => p.productname), total: body.pagination.totalCount };
};

describe('a price filter and price order around a sale', () => {
  it('read the list price while no sale runs, and the price paid from the instant one starts until it ends', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const [c] = await t.database.db
      .insert(categories)
      .values({ name: `Pricecheck ${tag}` })
      .returning();
    const category = c as { id: string; name: string };
    const [sc] = await t.database.db
      .insert(subcategories)
      .values({ name: `Topaz ${tag}`, categoryId: category.id })
      .returning();
    const sub = sc as { id: string };
    const on = { categoryId: category.id, subcategoryId: sub.id };
    await createProduct(t.database.db, { ...on, name: `Topaz A ${tag}`, pricePaise: 100_000 });
    const b = await createProduct(t.database.db, { ...on, name: `Topaz B ${tag}`, pricePaise: 200_000 });
    await createProduct(t.database.db, { ...on, name: `Topaz C ${tag}`, pricePaise: 150_000 });
    const word = nameToFilterWord(category.name);
    const starts = new Date(now.getTime() + 3_600_000);
    const ends = new Date(now.getTime() + 7_200_000);
    // B at 60% off (₹800) from an hour from now, for an hour: written before any listing is asked.
    await t.database.db
      .insert(sales)
      .values({ name: `Topaz hour ${tag}`, percentoff: 60, productIds: [b.id], startsAt: starts, endsAt: ends });
    await t.app.catalogueSettled();

    const A = `Topaz A ${tag}`;
    const B = `Topaz B ${tag}`;
    const C = `Topaz C ${tag}`;
    // No sale yet: list prices ₹1,000, ₹2,000, ₹1,500.
    expect(await listing(`${word}-min-1200`)).toEqual({ names: [C, B], total: 2 });
    expect(await listing(`${word}-max-1200`)).toEqual({ names: [A], total: 1 });
    expect((await listing(`${word}-sort-asc`)).names).toEqual([A, C, B]);
    expect((await listing(`${word}-sort-desc`)).names).toEqual([B, C, A]);

    // The sale starts: B pays ₹800, with no write to tell anyone.
    now = new Date(starts.getTime());
    expect(await listing(`${word}-min-1200`)).toEqual({ names: [C], total: 1 });
    expect(await listing(`${word}-max-1200`)).toEqual({ names: [B, A], total: 2 });
    expect((await listing(`${word}-sort-asc`)).names).toEqual([B, A, C]);
    expect((await listing(`${word}-sort-desc`)).names).toEqual([C, A, B]);

    // And ends.
    now = new Date(ends.getTime());
    expect(await listing(`${word}-min-1200`)).toEqual({ names: [C, B], total: 2 });
    expect((await listing(`${word}-sort-asc`)).names).toEqual([A, C, B]);
  });
});
