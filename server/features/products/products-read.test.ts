// @postgres: listing and best-seller queries in SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminProductsResponse,
  BestProductsResponse,
  FilterResponse,
  type Product,
  ProductBySlugResponse,
  ProductsResponse,
} from '../../../contract/catalogue.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { createCategory, createSubcategory } from './test-kit.js';
import { createProduct } from './writes.js';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
const ids: Record<string, string> = {};
/** Products by name, as created. */
const made: Record<string, Product> = {};
let clock = Date.parse('2025-01-01T00:00:00Z');

/** A product created `minutesAfterStart` later than the previous one, with units sold and an active flag. */
async function make(name: string, sub: string, price: number, opts: { sold?: number; active?: boolean; stock?: number } = {}) {
  const [category, subcategory] = sub.split('/') as [string, string];
  const p = await createProduct(t.database.db, {
    category: ids[category] as string,
    subcategory: ids[sub] as string,
    productname: name,
    productdescription: `${name}, certified.`,
    productprice: price,
    stockquantity: opts.stock ?? 5,
    isActive: opts.active ?? true,
  });
  clock += 60_000;
  await t.database.query('update products set created_at = $2, sold = $3 where id = $1', [
    p._id,
    new Date(clock).toISOString(),
    opts.sold ?? 0,
  ]);
  made[name] = p;
  void subcategory;
  return p;
}

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const names = (products: Product[]) => products.map((p) => p.productname);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn('USER');
  ids.Gemstones = await createCategory(t, admin.cookie, 'Gemstones');
  ids.Jewellery = await createCategory(t, admin.cookie, 'Jewellery');
  for (const sub of ['Ruby', 'Yellow Sapphire', 'Natural Yellow Sapphire', 'Blue Sapphire', 'Emerald', 'Opal']) {
    ids[`Gemstones/${sub}`] = await createSubcategory(t, admin.cookie, ids.Gemstones, sub);
  }
  for (const sub of ['Rings', 'Ruby']) ids[`Jewellery/${sub}`] = await createSubcategory(t, admin.cookie, ids.Jewellery, sub);

  await make('Burmese Ruby', 'Gemstones/Ruby', 25000, { sold: 7 });
  await make('Hidden Ruby', 'Gemstones/Ruby', 99000, { sold: 100, active: false });
  await make('Star Ruby', 'Gemstones/Ruby', 12000, { sold: 2 });
  await make('Yellow Sapphire Oval', 'Gemstones/Yellow Sapphire', 8000, { sold: 7 });
  await make('Natural Yellow Sapphire Cushion', 'Gemstones/Natural Yellow Sapphire', 45000, { sold: 9 });
  await make('Ceylon Blue Sapphire', 'Gemstones/Blue Sapphire', 60000, { sold: 1 });
  await make('Colombian Emerald', 'Gemstones/Emerald', 30000);
  await make('Ruby Gold Ring', 'Jewellery/Ruby', 18000, { sold: 3 });
  await make('Plain Gold Ring', 'Jewellery/Rings', 9000.5);
  // a long list of rings for paging (30 a page)
  for (let i = 1; i <= 33; i++) await make(`Silver Band ${i}`, 'Jewellery/Rings', 1000 + i);
});
afterAll(() => t.close());

const ACTIVE = () => Object.values(made).filter((p) => p.isActive);

describe('latest products', () => {
  it('lists active products newest first, 10 by default, up to 50', async () => {
    const res = await get('/p1/api/latest/all');
    expect(res.statusCode).toBe(200);
    const body = ProductsResponse.parse(res.json());
    expect(names(body.products)).toEqual(Array.from({ length: 10 }, (_, i) => `Silver Band ${33 - i}`));
    const fifty = ProductsResponse.parse((await get('/p1/api/latest/all?limit=50')).json()).products;
    expect(fifty).toHaveLength(ACTIVE().length);
    expect(names(fifty)).not.toContain('Hidden Ruby');
    expect(names(fifty).at(-1)).toBe('Burmese Ruby');
    for (const q of ['limit=51', 'limit=0', 'limit=x']) expect((await get(`/p1/api/latest/all?${q}`)).statusCode, q).toBe(400);
  });
});

describe('best sellers', () => {
  it('ranks active products by units sold, ties by newest', async () => {
    const body = BestProductsResponse.parse((await get('/p1/api/best/all?limit=5')).json());
    expect(names(body.products)).toEqual([
      'Natural Yellow Sapphire Cushion',
      'Yellow Sapphire Oval', // 7 sold, newer than Burmese Ruby
      'Burmese Ruby',
      'Ruby Gold Ring',
      'Star Ruby',
    ]);
    expect(body.message).toEqual(expect.any(String));
  });

  it('filters by a partial subcategory name in any case', async () => {
    const body = BestProductsResponse.parse((await get('/p1/api/best/all?subcategory=sAPPHIRE')).json());
    expect(names(body.products)).toEqual(['Natural Yellow Sapphire Cushion', 'Yellow Sapphire Oval', 'Ceylon Blue Sapphire']);
    const rubies = BestProductsResponse.parse((await get('/p1/api/best/all?subcategory=Ruby')).json());
    expect(names(rubies.products)).toEqual(['Burmese Ruby', 'Ruby Gold Ring', 'Star Ruby']); // never the inactive one
    const literal = BestProductsResponse.parse((await get('/p1/api/best/all?subcategory=%25')).json());
    expect(literal.products).toEqual([]);
  });

  it('says which subcategory had none', async () => {
    const res = await get('/p1/api/best/all?subcategory=Opal');
    expect(res.json()).toEqual({ success: true, products: [], message: 'No products found in Opal category' });
    const nothing = await get('/p1/api/best/all?subcategory=Tourmaline');
    expect(nothing.json().message).toBe('No products found in Tourmaline category');
  });
});

describe('product by slug', () => {
  it('returns the product and up to 12 related: same subcategory first, then the category', async () => {
    const res = await get(`/p1/api/slug/${made['Star Ruby']?.slug}`);
    expect(res.statusCode).toBe(200);
    const body = ProductBySlugResponse.parse(res.json());
    const { createdAt: _c, ...star } = made['Star Ruby'] as Product;
    expect(body.product).toMatchObject(star);
    const related = names(body.relatedProducts);
    expect(related[0]).toBe('Burmese Ruby'); // same subcategory, active only
    expect(related).not.toContain('Hidden Ruby');
    expect(related).not.toContain('Star Ruby');
    expect(new Set(related.slice(1))).toEqual(
      new Set(['Yellow Sapphire Oval', 'Natural Yellow Sapphire Cushion', 'Ceylon Blue Sapphire', 'Colombian Emerald']),
    );
    expect(body.relatedProducts.every((p) => p.category._id === ids.Gemstones)).toBe(true);

    const ring = ProductBySlugResponse.parse((await get(`/p1/api/slug/${made['Plain Gold Ring']?.slug}`)).json());
    expect(ring.relatedProducts).toHaveLength(12);
    expect(ring.relatedProducts.every((p) => p.subcategory.subcategoryname === 'Rings')).toBe(true);
    expect(names(ring.relatedProducts)[0]).toBe('Silver Band 33');
  });

  it('answers 404 "Product not found" for unknown and inactive products', async () => {
    for (const slug of ['no-such-stone', made['Hidden Ruby']?.slug]) {
      const res = await get(`/p1/api/slug/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    }
  });
});

describe('filter listing', () => {
  const filter = async (term: string, query = '') => {
    const res = await get(`/p1/api/filter/${encodeURIComponent(term)}${query}`);
    expect(res.statusCode, `${term} ${res.body}`).toBe(200);
    return FilterResponse.parse(res.json());
  };

  it('lists every active product for all, 30 a page, with the contract’s pagination', async () => {
    const total = ACTIVE().length;
    const first = await filter('all');
    expect(first.products).toHaveLength(30);
    expect(first.pagination).toEqual({ totalPages: Math.ceil(total / 30), totalCount: total, currentPage: 1 });
    const second = await filter('page-2');
    expect(second.products).toHaveLength(total - 30);
    expect(second.pagination.currentPage).toBe(2);
    expect(names([...first.products, ...second.products])).not.toContain('Hidden Ruby');
    expect(new Set(names([...first.products, ...second.products])).size).toBe(total);

    const overridden = await filter('page-2', '?page=1');
    expect(overridden.pagination.currentPage).toBe(1);
    expect(overridden.products[0]?._id).toBe(first.products[0]?._id);
    // Past the last page: the last page, with its number.
    const beyond = await filter('page-9');
    expect(beyond.pagination).toEqual({ totalPages: 2, totalCount: total, currentPage: 2 });
    expect(names(beyond.products)).toEqual(names(second.products));
    expect((await get('/p1/api/filter/all?page=0')).statusCode).toBe(400);
  });

  it('reads categories and subcategories: a subcategory alone spans categories, with a category it does not', async () => {
    expect(names((await filter('ruby')).products).sort()).toEqual(['Burmese Ruby', 'Ruby Gold Ring', 'Star Ruby']);
    const gemRuby = await filter('gemstones-ruby');
    expect(names(gemRuby.products).sort()).toEqual(['Burmese Ruby', 'Star Ruby']);
    expect(gemRuby.filter).toMatchObject({ categories: ['Gemstones'], subcategories: ['Ruby'] });
    expect(names((await filter('jewellery-ruby')).products)).toEqual(['Ruby Gold Ring']);
    expect(names((await filter('natural-yellow-sapphire')).products)).toEqual(['Natural Yellow Sapphire Cushion']);
    expect(names((await filter('yellow-sapphire')).products)).toEqual(['Yellow Sapphire Oval']);
    expect((await filter('gemstones-rings')).products).toEqual([]);
    expect((await filter('gemstones')).pagination.totalCount).toBe(6);
  });

  it('filters by price and sorts', async () => {
    const band = await filter('gemstones-min-10000-max-30000-sort-asc');
    expect(names(band.products)).toEqual(['Star Ruby', 'Burmese Ruby', 'Colombian Emerald']);
    expect(names((await filter('gemstones-min-10000-max-30000-sort-desc')).products)).toEqual([
      'Colombian Emerald',
      'Burmese Ruby',
      'Star Ruby',
    ]);
    expect(names((await filter('gemstones-sort-oldest')).products)[0]).toBe('Burmese Ruby');
    expect(names((await filter('gemstones')).products)[0]).toBe('Colombian Emerald');
    expect(names((await filter('jewellery-max-9000.5-min-9000.5')).products)).toEqual(['Plain Gold Ring']);
    // a bound that is not a number is ignored
    expect((await filter('gemstones-min-cheap')).pagination.totalCount).toBe(6);
  });

  it('searches names by every word, case-insensitively, and treats LIKE wildcards literally', async () => {
    expect(names((await filter('search-gold-ring')).products).sort()).toEqual(['Plain Gold Ring', 'Ruby Gold Ring']);
    expect(names((await filter('search-GOLD-plain')).products)).toEqual(['Plain Gold Ring']);
    expect(names((await filter('ceylon')).products)).toEqual(['Ceylon Blue Sapphire']);
    // `%` separates words in every address (like `/`, `?`, `#`), so it never reaches the name match as a wildcard:
    // `search-%` has no search words and lists what `all` lists, and `gold%ring` searches `gold` and `ring`.
    expect(names((await filter('search-%')).products).sort()).toEqual(names((await filter('all')).products).sort());
    expect(names((await filter('search-gold%ring')).products).sort()).toEqual(['Plain Gold Ring', 'Ruby Gold Ring']);
    expect((await filter('search-_')).products).toEqual([]);
    expect((await filter('search-hidden')).products).toEqual([]);
  });

  it('answers any string without failing', async () => {
    for (const term of ['%', '---', 'min-max-sort-page-search', "'; drop table products; --", '<script>', 'a'.repeat(400)]) {
      await filter(term);
    }
    // past the router's 500-character parameter limit
    expect((await get(`/p1/api/filter/${'a'.repeat(600)}`)).statusCode).toBe(414);
  });
});

describe('categories for the filter bar', () => {
  it('lists categories, and one category with its subcategories', async () => {
    const cats = (await get('/p1/api/categories')).json();
    expect(cats.success).toBe(true);
    expect(cats.categories.map((c: { categoryname: string }) => c.categoryname)).toEqual(['Gemstones', 'Jewellery']);
    const res = await get(`/p1/api/categories/subcategories/${ids.Jewellery}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().category).toMatchObject({ _id: ids.Jewellery, categoryname: 'Jewellery' });
    expect(res.json().subcategories.map((s: { subcategoryname: string }) => s.subcategoryname)).toEqual(['Rings', 'Ruby']);
    expect((await get('/p1/api/categories/subcategories/x')).statusCode).toBe(400);
    expect((await get('/p1/api/categories/subcategories/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('admin product list', () => {
  const list = async (query: string) => {
    const res = await get(`/p1/api/admin/all${query}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return AdminProductsResponse.parse(res.json());
  };

  it('lists every product, inactive too, 6 a page by default, with the contract’s pagination', async () => {
    const total = Object.keys(made).length;
    const first = await list('');
    expect(first.products).toHaveLength(6);
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: Math.ceil(total / 6),
      totalProducts: total,
      hasNext: true,
      hasPrev: false,
    });
    const last = await list(`?page=${Math.ceil(total / 6)}`);
    expect(last.pagination).toMatchObject({ hasNext: false, hasPrev: true });
    const everything = await list('?limit=100');
    expect(names(everything.products)).toContain('Hidden Ruby');
    expect(everything.products.find((p) => p.productname === 'Hidden Ruby')?.isActive).toBe(false);
  });

  it('searches by name, category, subcategory or id', async () => {
    expect(names((await list('?search=hidden')).products)).toEqual(['Hidden Ruby']);
    expect((await list('?search=jewel&limit=100')).pagination.totalProducts).toBe(35);
    expect(names((await list('?search=natural%20yellow')).products)).toEqual(['Natural Yellow Sapphire Cushion']);
    const id = made['Colombian Emerald']?._id as string;
    expect(names((await list(`?search=${id}`)).products)).toEqual(['Colombian Emerald']);
    expect(names((await list(`?search=${id.toUpperCase()}`)).products)).toEqual(['Colombian Emerald']);
    expect(names((await list(`?search=${id.slice(0, 13)}`)).products)).toEqual(['Colombian Emerald']);
    const none = await list('?search=tourmaline');
    expect(none.products).toEqual([]);
    expect(none.message).toBe('No products found matching "tourmaline"');
    expect(none.pagination).toEqual({ currentPage: 1, totalPages: 0, totalProducts: 0, hasNext: false, hasPrev: false });
    for (const q of ['page=0', 'limit=0', 'limit=101'])
      expect((await get(`/p1/api/admin/all?${q}`, admin.cookie)).statusCode).toBe(400);
  });
});

describe('active flag', () => {
  it('flips a product off and on; an inactive product is invisible to shoppers everywhere', async () => {
    const p = made['Burmese Ruby'] as Product;
    const off = await t.request({ method: 'PATCH', url: `/p1/api/status/${p._id}`, cookie: admin.cookie });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ success: true, isActive: false });

    expect((await get(`/p1/api/slug/${p.slug}`)).statusCode).toBe(404);
    const everywhere = [
      (await get('/p1/api/latest/all?limit=50')).json().products,
      (await get('/p1/api/best/all?limit=50')).json().products,
      (await get('/p1/api/best/all?subcategory=ruby')).json().products,
      (await get('/p1/api/filter/gemstones-ruby')).json().products,
      (await get('/p1/api/filter/search-burmese')).json().products,
      (await get(`/p1/api/slug/${made['Star Ruby']?.slug}`)).json().relatedProducts,
    ] as Product[][];
    for (const list of everywhere) expect(list.map((x) => x._id)).not.toContain(p._id);
    // the admin still sees it
    const adminView = (await get('/p1/api/admin/all?search=burmese', admin.cookie)).json().products as Product[];
    expect(adminView[0]).toMatchObject({ _id: p._id, isActive: false });

    const on = await t.request({ method: 'PATCH', url: `/p1/api/status/${p._id}`, cookie: admin.cookie });
    expect(on.json()).toMatchObject({ success: true, isActive: true });
    expect((await get(`/p1/api/slug/${p.slug}`)).statusCode).toBe(200);

    expect((await t.request({ method: 'PATCH', url: '/p1/api/status/zz', cookie: admin.cookie })).statusCode).toBe(400);
    const unknown = await t.request({
      method: 'PATCH',
      url: '/p1/api/status/00000000-0000-4000-8000-000000000000',
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('admin form and counts', () => {
  it('serves the product form categories and subcategories and the product count', async () => {
    const cats = (await get('/p1/api/form/categories', admin.cookie)).json();
    expect(cats).toMatchObject({ success: true, message: expect.any(String) });
    expect(cats.categories).toHaveLength(2);
    const subs = (await get(`/p1/api/form/subcategories/${ids.Gemstones}`, admin.cookie)).json();
    expect(subs.subcategories.map((s: { subcategoryname: string }) => s.subcategoryname)).toEqual([
      'Blue Sapphire',
      'Emerald',
      'Natural Yellow Sapphire',
      'Opal',
      'Ruby',
      'Yellow Sapphire',
    ]);
    expect((await get('/p1/api/form/subcategories/x', admin.cookie)).statusCode).toBe(400);
    const count = (await get('/p1/api/count', admin.cookie)).json();
    expect(count).toEqual({ success: true, totalProducts: Object.keys(made).length });
  });

  it('keeps anonymous (401) and USER (403) out of every admin reading row', async () => {
    for (const url of [
      '/p1/api/admin/all',
      '/p1/api/form/categories',
      `/p1/api/form/subcategories/${ids.Gemstones}`,
      '/p1/api/count',
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, shopper.cookie)).statusCode, url).toBe(403);
    }
  });
});
