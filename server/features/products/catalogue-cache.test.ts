// @postgres: writes behind the server's back reach it through change notices
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterResponse } from '../../../contract/catalogue.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { CatalogueCache } from './catalogue-cache.js';
import { createCategory, createSubcategory } from './test-kit.js';
import { createProduct } from './writes.js';

describe('CatalogueCache', () => {
  it('keeps names and totals for the time given, and forgets everything when the catalogue changes', async () => {
    let now = 1_000;
    const memo = new CatalogueCache<string[]>(10_000, 100, () => now);
    let loads = 0;
    const load = async () => [`names ${++loads}`];
    expect(await memo.catalogueNames(load)).toEqual(['names 1']);
    now += 9_999;
    expect(await memo.catalogueNames(load)).toEqual(['names 1']);
    now += 1;
    expect(await memo.catalogueNames(load)).toEqual(['names 2']);

    memo.remember('rubies', 12, memo.currentGeneration);
    expect(memo.recall<number>('rubies')).toBe(12);
    now += 10_000;
    expect(memo.recall<number>('rubies')).toBeUndefined();

    memo.remember('rubies', 12, memo.currentGeneration);
    memo.changed();
    expect(memo.recall<number>('rubies')).toBeUndefined();
    expect(await memo.catalogueNames(load)).toEqual(['names 3']);
  });

  it('does not keep a total counted while the catalogue changed, nor a failed name load', async () => {
    const memo = new CatalogueCache<string[]>();
    const before = memo.currentGeneration;
    memo.changed();
    memo.remember('all', 5, before);
    expect(memo.recall<number>('all')).toBeUndefined();

    await expect(memo.catalogueNames(() => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await memo.catalogueNames(async () => ['loaded again'])).toEqual(['loaded again']);
  });

  it('holds at most the number of totals given, dropping the oldest', () => {
    const memo = new CatalogueCache<string[]>(10_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) memo.remember(key, key.charCodeAt(0), memo.currentGeneration);
    expect(memo.recall<number>('a')).toBeUndefined();
    expect([memo.recall<number>('b'), memo.recall<number>('c'), memo.recall<number>('d')]).toEqual([98, 99, 100]);
  });
});

describe('listings after catalogue writes', () => {
  let t: TestApp;
  let admin: TestUser;
  let gemstones: string;
  let ruby: string;
  const product = (name: string) =>
    createProduct(t.database.db, {
      category: gemstones,
      subcategory: ruby,
      productname: name,
      productdescription: `${name}, certified.`,
      productprice: 25_000,
      stockquantity: 3,
      isActive: true,
    });
  const listing = async (term: string) => {
    const res = await t.request({ method: 'GET', url: `/p1/api/filter/${term}` });
    expect(res.statusCode).toBe(200);
    return FilterResponse.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signUpAndIn('ADMIN');
    gemstones = await createCategory(t, admin.cookie, 'Gemstones');
    ruby = await createSubcategory(t, admin.cookie, gemstones, 'Ruby');
    for (const name of ['Burmese Ruby', 'Star Ruby', 'Manik Oval']) await product(name);
  });
  afterAll(() => t.close());

  it('counts once, then shows any write, through this server or behind its back, on the very next listing', async () => {
    expect((await listing('gemstones-ruby')).pagination.totalCount).toBe(3);

    // Rows added behind this server's back (as another server would): the database announces the change
    // (at once on the embedded database, within the notify latency on PostgreSQL) and the total is counted again.
    await product('Pigeon Blood Ruby');
    await t.app.catalogueSettled();
    const added = await listing('gemstones-ruby');
    expect(added.products.map((p) => p.productname)).toContain('Pigeon Blood Ruby');
    expect(added.pagination.totalCount).toBe(4);

    const star = added.products.find((p) => p.productname === 'Star Ruby');
    const off = await t.request({ method: 'PATCH', url: `/p1/api/status/${star?._id}`, cookie: admin.cookie });
    expect(off.json()).toMatchObject({ success: true, isActive: false });
    const fresh = await listing('gemstones-ruby');
    expect(fresh.pagination.totalCount).toBe(3);
    expect(fresh.products.map((p) => p.productname).sort()).toEqual(['Burmese Ruby', 'Manik Oval', 'Pigeon Blood Ruby']);
  });

  it('reads a category created through this server in the very next filter string', async () => {
    expect((await listing('zircon-hall')).filter.search).toEqual(['zircon', 'hall']);
    await createCategory(t, admin.cookie, 'Zircon Hall');
    const named = await listing('zircon-hall');
    expect(named.filter.categories).toEqual(['Zircon Hall']);
    expect(named.pagination.totalCount).toBe(0);
  });
});
