// @postgres: query plans on 10,000 products
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterResponse } from '../../../contract/catalogue.js';
import { parseFilter } from '../../../contract/filter.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { catalogueNames, filterConditions, filterQueries } from './listing.js';

/**
 * With 10,000 products (40 categories × 5 subcategories), the storefront listing must reach products
 * through indexes for category, subcategory, price-range and name filters: no sequential scan of the
 * products table. Runs on PGlite and on PostgreSQL alike.
 */

const PRODUCTS = 10_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const q = (text: string) => t.database.query(text);
  await q(`insert into categories (name) select 'Category ' || g from generate_series(1, 40) g`);
  await q(
    `insert into subcategories (name, category_id)
     select 'Sub ' || c.name || ' ' || g, c.id from categories c cross join generate_series(1, 5) g`,
  );
  await q(
    `insert into products (name, slug, price_paise, description, stock, category_id, subcategory_id, created_at, is_active)
     select 'Stone ' || md5(g::text) || case when g % 100 = 7 then ' Amethyst' else '' end,
            'stone-' || g, (g * 7919 % 1000000)::bigint * 100, 'A stone', 1 + g % 9,
            s.category_id, s.id, now() - g * interval '1 minute', g % 7 <> 0
     from generate_series(1, ${PRODUCTS}) g
     join (select id, category_id, (row_number() over (order by id)) - 1 as n from subcategories) s on s.n = g % 200`,
  );
  await q('analyze products');
  await q('analyze categories');
  await q('analyze subcategories');
  // 10,000 products through every index: minutes on a busy machine, so this setup has its own bound.
}, 600_000);
afterAll(() => t.close());

async function plan(term: string) {
  const names = await catalogueNames(t.database.db);
  const filter = parseFilter(term, {
    categories: names.categories.map((c) => c.name),
    subcategories: names.subcategories.map((s) => s.name),
  });
  const where = filterConditions(filter, names);
  if (!where) throw new Error(`${term} matches nothing`);
  const queries = filterQueries(t.database.db, where, filter);
  const texts: string[] = [];
  for (const query of [queries.page, queries.count]) {
    const { sql, params } = query.toSQL();
    const rows = await t.database.query<Record<string, string>>(`explain analyze ${sql}`, params);
    texts.push(rows.map((r) => Object.values(r)[0]).join('\n'));
  }
  return texts;
}

describe(`filter queries on ${PRODUCTS} products`, () => {
  it('has the products it was given, and reads the unfiltered page through an index too', async () => {
    const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from products');
    expect(Number(row?.n)).toBe(PRODUCTS);
    const [page] = await plan('all');
    expect(page).not.toMatch(/Seq Scan on products/);
  });

  /** [what, filter string, the same filter in plain SQL (the expected count)] */
  const cases: [string, string, string][] = [
    ['category', 'category-7', `c.name = 'Category 7'`],
    ['subcategory', 'sub-category-7-3', `s.name = 'Sub Category 7 3'`],
    ['category and subcategory', 'category-7-sub-category-7-3-sort-asc', `s.name = 'Sub Category 7 3'`],
    ['price range', 'min-1000-max-11000-sort-asc', 'p.price_paise between 100000 and 1100000'],
    ['name', 'search-amethyst', `p.name like '%Amethyst%'`],
    ['name, two words', 'search-amethyst-stone', `p.name like '%Amethyst%' and p.name like 'Stone%'`],
  ];

  for (const [what, term, condition] of cases) {
    it(`reads the ${what} filter through indexes (${term})`, async () => {
      const [pageText, countText] = await plan(term);
      const text = `${pageText}\n${countText}`;
      const time = [...text.matchAll(/Execution Time: ([\d.]+) ms/g)].map((m) => m[1]).join(' + ');
      const indexes = [
        ...new Set([...text.matchAll(/(?:Index|Index Only) Scan(?: Backward)? (?:on|using) (products_\w+)/g)].map((m) => m[1])),
      ];
      console.log(`[plan] ${what} (${term}): ${time} ms, products read through ${indexes.join(', ')}`);
      expect(text, text).not.toMatch(/Seq Scan on products/);
      expect(text).toMatch(/Index|Bitmap/);

      const res = await t.request({ method: 'GET', url: `/p1/api/filter/${term}` });
      expect(res.statusCode).toBe(200);
      const body = FilterResponse.parse(res.json());
      const [row] = await t.database.query<{ n: number }>(
        `select count(*)::int as n from products p join categories c on c.id = p.category_id
         join subcategories s on s.id = p.subcategory_id where p.is_active and ${condition}`,
      );
      expect(body.pagination.totalCount).toBe(Number(row?.n));
      expect(body.pagination.totalCount).toBeGreaterThan(0);
      expect(body.products.length).toBe(Math.min(30, body.pagination.totalCount));
      expect(body.products.every((p) => p.isActive)).toBe(true);
    });
  }
});

describe('listing response times (printed, for the record)', () => {
  it('answers listing requests on 10,000 products', async () => {
    for (const term of ['all', 'category-7', 'search-amethyst', 'min-1000-max-50000-sort-desc-page-3']) {
      const started = performance.now();
      const runs = 10;
      for (let i = 0; i < runs; i++) {
        const res = await t.request({ method: 'GET', url: `/p1/api/filter/${term}` });
        expect(res.statusCode).toBe(200);
      }
      console.log(`[timing] GET /p1/api/filter/${term}: ${((performance.now() - started) / runs).toFixed(1)} ms per request`);
    }
  });
});
