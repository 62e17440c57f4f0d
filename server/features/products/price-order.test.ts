// @postgres: ordering by the price paid is computed in SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterResponse } from '../../../contract/catalogue.js';
import { sales } from '../../db/schema.js';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

/**
 * Pages in price order (`sort-asc`, `sort-desc`) read only the products whose list price can put them on the page
 * (listing.ts, priceWindow). Whatever the sales, each page must be exactly the slice of the whole ordering by the
 * price paid (then newest first), as if every match had been sorted.
 */

let t: TestApp;
type Stone = { id: string; list: number; paid: number; createdAt: number };
const stones: Stone[] = [];

/** list × (100 − percent) / 100, rounded half up to the paisa, as the shop prices a sale. */
const onSale = (list: number, percent: number) => Math.floor((list * (100 - percent) + 50) / 100);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const first = await createProduct(db, { name: 'Stone 0', pricePaise: 1_000_000 });
  const second = await createProduct(db, { name: 'Stone 1', pricePaise: 1_000_000 });
  const on = { category: first.categoryId, subcategory: second.subcategoryId };
  // 80 stones in two subcategories, list prices spread unevenly, many equal (ties ordered newest first).
  const made: { row: Awaited<ReturnType<typeof createProduct>>; percent: number }[] = [
    { row: first, percent: 30 },
    { row: second, percent: 10 },
  ];
  for (let i = 2; i < 80; i++) {
    const price = 100_000 + ((i * 7919) % 23) * 50_000;
    const inSecond = i % 3 === 0;
    const row = await createProduct(db, {
      name: `Stone ${i}`,
      pricePaise: price,
      categoryId: inSecond ? second.categoryId : first.categoryId,
      subcategoryId: inSecond ? second.subcategoryId : first.subcategoryId,
      createdAt: new Date(Date.UTC(2026, 0, 1) + (i % 40) * 60_000),
    });
    // Some stones get a sale of their own, deeper than their category's.
    made.push({ row, percent: i % 11 === 0 ? 60 : inSecond ? 10 : 30 });
  }
  const day = 86_400_000;
  await db.insert(sales).values([
    {
      name: 'First subcategory',
      percentoff: 30,
      categoryId: on.category,
      startsAt: new Date(Date.now() - day),
      endsAt: new Date(Date.now() + day),
    },
    {
      name: 'Second subcategory',
      percentoff: 10,
      subcategoryId: on.subcategory,
      startsAt: new Date(Date.now() - day),
      endsAt: new Date(Date.now() + day),
    },
    {
      name: 'A few stones',
      percentoff: 60,
      productIds: made.filter((m) => m.percent === 60).map((m) => m.row.id),
      startsAt: new Date(Date.now() - day),
      endsAt: new Date(Date.now() + day),
    },
  ]);
  for (const { row, percent } of made) {
    stones.push({ id: row.id, list: row.pricePaise, paid: onSale(row.pricePaise, percent), createdAt: row.createdAt.getTime() });
  }
});
afterAll(() => t.close());

async function page(term: string) {
  const res = await t.request({ method: 'GET', url: `/p1/api/filter/${term}` });
  expect(res.statusCode).toBe(200);
  return FilterResponse.parse(res.json());
}

/** The whole ordering: price paid, then newest first, then id (highest first), as the shop orders. */
function ordered(which: Stone[], sort: 'asc' | 'desc') {
  return [...which].sort(
    (a, b) =>
      (sort === 'asc' ? a.paid - b.paid : b.paid - a.paid) ||
      b.createdAt - a.createdAt ||
      (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}

describe('a listing in price order', () => {
  for (const sort of ['asc', 'desc'] as const) {
    it(`gives each page as the slice of the whole ordering by price paid (sort-${sort})`, async () => {
      const expected = ordered(stones, sort).map((s) => s.id);
      const seen: string[] = [];
      for (const n of [1, 2, 3]) {
        const body = await page(`all-sort-${sort}-page-${n}`);
        expect(body.pagination.totalCount).toBe(stones.length);
        seen.push(...body.products.map((p) => p._id));
      }
      expect(seen).toEqual(expected);
    });

    it(`keeps a price range and the order by price paid together (sort-${sort})`, async () => {
      const min = 1_000;
      const max = 8_000;
      const inRange = stones.filter((s) => s.paid >= min * 100 && s.paid <= max * 100);
      const expected = ordered(inRange, sort).map((s) => s.id);
      const seen: string[] = [];
      for (const n of [1, 2]) {
        const body = await page(`min-${min}-max-${max}-sort-${sort}-page-${n}`);
        expect(body.pagination.totalCount).toBe(inRange.length);
        seen.push(...body.products.map((p) => p._id));
      }
      expect(seen).toEqual(expected.slice(0, 60));
    });
  }
});
