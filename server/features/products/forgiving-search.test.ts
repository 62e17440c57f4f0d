// @postgres: misspellings read through trigram similarity in SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterResponse } from '../../../contract/catalogue.js';
import { SuggestResponse } from '../../../contract/search.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { createCategory, createSubcategory } from './test-kit.js';
import { createProduct } from './writes.js';

/** A name search on the listing (Enter in the header's box) reads misspellings and Hindi names as the suggestions do. */

let t: TestApp;
const ids: Record<string, string> = {};

async function make(name: string, sub: string, price = 10000, active = true) {
  const [category] = sub.split('/') as [string];
  await createProduct(t.database.db, {
    category: ids[category] as string,
    subcategory: ids[sub] as string,
    productname: name,
    productdescription: `${name}.`,
    productprice: price,
    stockquantity: 3,
    isActive: active,
  });
}

async function listing(term: string) {
  const res = await t.request({ method: 'GET', url: `/p1/api/filter/${encodeURIComponent(term)}` });
  expect(res.statusCode).toBe(200);
  return FilterResponse.parse(res.json());
}

const names = (r: { products: { productname: string }[] }) => r.products.map((p) => p.productname).sort();

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signUpAndIn('ADMIN');
  ids.Gemstones = await createCategory(t, admin.cookie, 'Gemstones');
  ids.Jewellery = await createCategory(t, admin.cookie, 'Jewellery');
  for (const sub of ['Ruby', 'Natural Yellow Sapphire', 'Natural Blue Sapphire', 'Emerald', 'Catseye', 'Pearl']) {
    ids[`Gemstones/${sub}`] = await createSubcategory(t, admin.cookie, ids.Gemstones as string, sub);
  }
  ids['Jewellery/Rings'] = await createSubcategory(t, admin.cookie, ids.Jewellery as string, 'Rings');
  await make('Burmese Ruby 4.55 Carat Cushion', 'Gemstones/Ruby', 221300);
  await make('Mozambique Ruby 5.42 Carat Oval', 'Gemstones/Ruby', 25900);
  await make('Hidden Ruby 3 Carat', 'Gemstones/Ruby', 1000, false);
  await make('Ceylon Pukhraj 5 Carat', 'Gemstones/Natural Yellow Sapphire', 150000);
  await make('Kashmir Blue Sapphire 3 Carat', 'Gemstones/Natural Blue Sapphire', 350000);
  await make('Colombian Emerald 2 Carat', 'Gemstones/Emerald', 90000);
  await make("Natural Cat's Eye 4 Carat", 'Gemstones/Catseye', 40000);
  await make('Basra Pearl 8 Carat', 'Gemstones/Pearl', 12000);
  await make('Ruby Ring in Silver', 'Jewellery/Rings', 15000);
});
afterAll(() => t?.close());

describe('a listing search that found nothing as typed', () => {
  it('reads `rubi` as Ruby: the rubies (a ruby ring too), no inactive one, and says so', async () => {
    const r = await listing('search-rubi');
    expect(r.didyoumean).toBe('Ruby');
    expect(names(r)).toEqual(['Burmese Ruby 4.55 Carat Cushion', 'Mozambique Ruby 5.42 Carat Oval', 'Ruby Ring in Silver']);
    expect(r.pagination.totalCount).toBe(3);
    // The filter is answered as it was written: the shopper's words stay in the box.
    expect(r.filter.search).toEqual(['rubi']);
  });

  it.each([
    ['emrald', 'Emerald', ['Colombian Emerald 2 Carat']],
    ['yelow-saphire', 'Yellow Sapphire', ['Ceylon Pukhraj 5 Carat']],
    ['saphire', 'Sapphire', ['Ceylon Pukhraj 5 Carat', 'Kashmir Blue Sapphire 3 Carat']],
    ['cats-eye', "Cat's Eye", ["Natural Cat's Eye 4 Carat"]],
    ['lehsunia', "Cat's Eye", ["Natural Cat's Eye 4 Carat"]],
    ['manik', 'Ruby', ['Burmese Ruby 4.55 Carat Cushion', 'Mozambique Ruby 5.42 Carat Oval', 'Ruby Ring in Silver']],
  ])('reads `%s` as %s', async (words, stone, found) => {
    const r = await listing(`search-${words}`);
    expect(r.didyoumean).toBe(stone);
    expect(names(r)).toEqual(found);
  });

  it('finds what the header suggestions find for the same words', async () => {
    for (const q of ['rubi', 'emrald', 'saphire', 'yelow saphire', 'cats eye', 'lehsunia']) {
      const s = SuggestResponse.parse(
        (await t.request({ method: 'GET', url: `/p1/api/suggest?q=${encodeURIComponent(q)}` })).json(),
      );
      const r = await listing(`search-${q.replace(/ /g, '-')}`);
      const listed = new Set(r.products.map((p) => p._id));
      expect(s.products.length, q).toBeGreaterThan(0);
      for (const p of s.products) expect(listed.has(p._id), `${q}: ${p.productname}`).toBe(true);
    }
  });

  it('keeps the rest of the filter: a price bound and a category still hold', async () => {
    const cheap = await listing('max-50000-search-rubi');
    expect(cheap.didyoumean).toBe('Ruby');
    expect(names(cheap)).toEqual(['Mozambique Ruby 5.42 Carat Oval', 'Ruby Ring in Silver']);
    const rings = await listing('jewellery-search-rubi');
    expect(names(rings)).toEqual(['Ruby Ring in Silver']);
  });

  it('leaves a search that found something as it was, and nonsense as nothing', async () => {
    const exact = await listing('search-ruby');
    expect(exact.didyoumean).toBeNull();
    expect(names(exact)).toHaveLength(3);
    const nothing = await listing('search-qqxzzv');
    expect(nothing.didyoumean).toBeNull();
    expect(nothing.products).toEqual([]);
    // A reading whose stone the shop does not sell (Opal) finds nothing and claims nothing.
    const opal = await listing('search-opall');
    expect(opal.didyoumean).toBeNull();
    expect(opal.products).toEqual([]);
  });

  it('answers the same to a repeated request (the listing cache keeps the reading apart from the plain search)', async () => {
    const first = await listing('search-emrald-page-1');
    const again = await listing('search-emrald-page-1');
    expect(again).toEqual(first);
    expect(again.didyoumean).toBe('Emerald');
    expect((await listing('search-emerald')).didyoumean).toBeNull();
  });
});
