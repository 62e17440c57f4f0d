// @postgres: listing pages and filter categories in SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterResponse, ProductCategoriesResponse } from '../../../contract/catalogue.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { createCategory, createSubcategory } from './test-kit.js';
import { createProduct } from './writes.js';

/** What a shopper's listing offers: categories with something on sale, a page past the last, a misspelt stone page. */

let t: TestApp;
let admin: TestUser;
const ids: Record<string, string> = {};

async function make(name: string, category: string, sub: string, active = true) {
  return createProduct(t.database.db, {
    category: ids[category] as string,
    subcategory: ids[sub] as string,
    productname: name,
    productdescription: `${name}, certified.`,
    productprice: 1000,
    stockquantity: 3,
    isActive: active,
  });
}

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  for (const c of ['Gemstones', 'Jewellery', 'Empty Vault', 'Retired Stones']) ids[c] = await createCategory(t, admin.cookie, c);
  ids['Gemstones/Iolite'] = await createSubcategory(t, admin.cookie, ids.Gemstones as string, 'Iolite');
  ids['Gemstones/Ruby'] = await createSubcategory(t, admin.cookie, ids.Gemstones as string, 'Ruby');
  ids['Jewellery/Rings'] = await createSubcategory(t, admin.cookie, ids.Jewellery as string, 'Rings');
  ids['Empty Vault/Opal'] = await createSubcategory(t, admin.cookie, ids['Empty Vault'] as string, 'Opal');
  ids['Retired Stones/Zircon'] = await createSubcategory(t, admin.cookie, ids['Retired Stones'] as string, 'Zircon');
  await make('Natural Iolite (Neeli) 5.10 Carat Oval', 'Gemstones', 'Gemstones/Iolite');
  for (let i = 1; i <= 64; i++) await make(`Burmese Ruby No. ${i}`, 'Gemstones', 'Gemstones/Ruby');
  await make('Gold Ring', 'Jewellery', 'Jewellery/Rings');
  // Only a switched-off product: nothing a shopper can buy.
  await make('Old Zircon', 'Retired Stones', 'Retired Stones/Zircon', false);
});
afterAll(() => t.close());

describe('categories a shopper can filter by', () => {
  it('leaves out categories without an active product; the admin lists still have every one', async () => {
    const res = await get('/p1/api/categories');
    expect(res.statusCode).toBe(200);
    const body = ProductCategoriesResponse.parse(res.json());
    expect(body.categories.map((c) => c.categoryname)).toEqual(['Gemstones', 'Jewellery']);

    const admins = (await get('/c1/api/all', admin.cookie)).json() as { data: { categoryname: string }[] };
    expect(admins.data.map((c) => c.categoryname).sort()).toEqual(['Empty Vault', 'Gemstones', 'Jewellery', 'Retired Stones']);
    const form = (await get('/p1/api/form/categories', admin.cookie)).json() as { categories: { categoryname: string }[] };
    expect(form.categories.map((c) => c.categoryname).sort()).toEqual([
      'Empty Vault',
      'Gemstones',
      'Jewellery',
      'Retired Stones',
    ]);
  });

  it('offers a category again once one of its products is switched on', async () => {
    const [row] = await t.database.query<{ id: string }>("select id from products where name = 'Old Zircon'");
    const flip = await t.request({ method: 'PATCH', url: `/p1/api/status/${row?.id}`, cookie: admin.cookie });
    expect(flip.statusCode, flip.body).toBe(200);
    const body = ProductCategoriesResponse.parse((await get('/p1/api/categories')).json());
    expect(body.categories.map((c) => c.categoryname)).toEqual(['Gemstones', 'Jewellery', 'Retired Stones']);
    await t.request({ method: 'PATCH', url: `/p1/api/status/${row?.id}`, cookie: admin.cookie });
  });
});

describe('a listing page past the last', () => {
  const listing = async (term: string, query = '') => {
    const res = await get(`/p1/api/filter/${term}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return FilterResponse.parse(res.json());
  };

  it('answers the last page with its number, for the string and for ?page', async () => {
    const last = await listing('all-page-3');
    expect(last.pagination).toEqual({ totalPages: 3, totalCount: 66, currentPage: 3 });
    expect(last.products).toHaveLength(6);
    for (const term of ['all-page-999', 'all-page-4']) {
      const past = await listing(term);
      expect(past.pagination, term).toEqual({ totalPages: 3, totalCount: 66, currentPage: 3 });
      expect(past.products.map((p) => p._id)).toEqual(last.products.map((p) => p._id));
    }
    const byQuery = await listing('gemstones-ruby', '?page=50');
    expect(byQuery.pagination).toEqual({ totalPages: 3, totalCount: 64, currentPage: 3 });
    expect(byQuery.products).toHaveLength(4);
    // A page in range is that page; a filter that finds nothing stays empty.
    expect((await listing('all-page-2')).pagination.currentPage).toBe(2);
    const none = await listing('search-sapphire-page-9');
    expect(none.products).toEqual([]);
    expect(none.pagination.totalCount).toBe(0);
  });
});

describe('the misspelt Iolite page', () => {
  it('finds the Iolites, named Iolite, through the lolite spelling of /gemstones-lolite', async () => {
    const res = FilterResponse.parse((await get('/p1/api/filter/gemstones-lolite')).json());
    expect(res.filter).toMatchObject({ categories: ['Gemstones'], search: ['lolite'] });
    expect(res.products.map((p) => p.productname)).toEqual(['Natural Iolite (Neeli) 5.10 Carat Oval']);
    expect(res.didyoumean).toBeNull();
    // Other words are searched as they are: "iolite" itself; a word that finds nothing is read as the suggestions
    // read it ("lolita" is near Iolite's other spelling), and one near no name finds nothing.
    const iolites = FilterResponse.parse((await get('/p1/api/filter/search-iolite')).json());
    expect(iolites.products.map((p) => p.productname)).toEqual(['Natural Iolite (Neeli) 5.10 Carat Oval']);
    const lolita = FilterResponse.parse((await get('/p1/api/filter/search-lolita')).json());
    expect(lolita.didyoumean).toBe('Iolite');
    expect(FilterResponse.parse((await get('/p1/api/filter/search-qqzxv')).json()).products).toEqual([]);
  });
});

describe('search words named like the built-in parts of an object', () => {
  it('are only words: constructor, __proto__, toString and hasOwnProperty find nothing and answer 200', async () => {
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const url of [`/p1/api/filter/${word}`, `/p1/api/filter/all-search-${word}`, `/${word}`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        if (url.startsWith('/p1/')) expect(FilterResponse.parse(res.json()).products, url).toEqual([]);
      }
    }
  });
});
