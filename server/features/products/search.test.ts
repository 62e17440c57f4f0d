// @postgres: typo-tolerant search through trigram similarity
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SuggestResponse } from '../../../contract/search.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { createCategory, createSubcategory } from './test-kit.js';
import { createProduct } from './writes.js';

let t: TestApp;
const ids: Record<string, string> = {};

async function make(name: string, sub: string, price: number, active = true) {
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

async function suggest(q: string) {
  const res = await t.request({ method: 'GET', url: `/p1/api/suggest?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return SuggestResponse.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signUpAndIn('ADMIN');
  ids.Gemstones = await createCategory(t, admin.cookie, 'Gemstones');
  ids.Jewellery = await createCategory(t, admin.cookie, 'Jewellery');
  for (const sub of [
    'Ruby',
    'Natural Yellow Sapphire',
    'Natural Blue Sapphire',
    'Emerald',
    'Pearl',
    'Diamond',
    'Hessonite',
    'Catseye',
    'White Sapphire',
  ]) {
    ids[`Gemstones/${sub}`] = await createSubcategory(t, admin.cookie, ids.Gemstones, sub);
  }
  ids['Jewellery/Rings'] = await createSubcategory(t, admin.cookie, ids.Jewellery, 'Rings');
  await make('Burmese Ruby 4.55 Carat Cushion', 'Gemstones/Ruby', 221300);
  await make('Mozambique Ruby 5.42 Carat Oval', 'Gemstones/Ruby', 25900);
  await make('Hidden Ruby 3 Carat', 'Gemstones/Ruby', 1000, false);
  await make('Ceylon Yellow Sapphire 5 Carat', 'Gemstones/Natural Yellow Sapphire', 150000);
  await make('Kashmir Blue Sapphire 3 Carat', 'Gemstones/Natural Blue Sapphire', 350000);
  await make('Colombian Emerald 2 Carat', 'Gemstones/Emerald', 90000);
  await make('Basra Pearl 8 Carat', 'Gemstones/Pearl', 12000);
  await make('Ruby Ring in Silver', 'Jewellery/Rings', 15000);
});
afterAll(() => t?.close());

const stoneNames = (r: SuggestResponse) => r.stones.map((s) => s.name);
const productNames = (r: SuggestResponse) => r.products.map((p) => p.productname);

describe('GET /p1/api/suggest', () => {
  it('forgives a typo: rubi finds the ruby stone and the rubies (not hidden ones)', async () => {
    const r = await suggest('rubi');
    expect(r.query).toBe('rubi');
    expect(stoneNames(r)[0]).toBe('Ruby');
    expect(r.stones[0]?.path).toBe('/gemstones-ruby');
    expect(productNames(r)).toEqual(
      expect.arrayContaining(['Burmese Ruby 4.55 Carat Cushion', 'Mozambique Ruby 5.42 Carat Oval', 'Ruby Ring in Silver']),
    );
    expect(productNames(r)).not.toContain('Hidden Ruby 3 Carat');
    const burmese = r.products.find((p) => p.productname.startsWith('Burmese'));
    expect(burmese?.path).toBe('/gemstones/ruby/burmese-ruby-4-55-carat-cushion');
    expect(burmese?.price).toBe(221300);
  });

  it('puts the stone whose whole name is nearest first when longer names hold the same word', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    const other = await createCategory(t, admin.cookie, 'Auction Lots');
    await createSubcategory(t, admin.cookie, other, 'Antique Ruby Lot');
    await createSubcategory(t, admin.cookie, other, 'Assorted Ruby Parcel');
    const r = await suggest('rubi');
    expect(stoneNames(r)[0]).toBe('Ruby');
    expect(stoneNames(r)).toEqual(expect.arrayContaining(['Antique Ruby Lot', 'Assorted Ruby Parcel']));
  });

  it('reads two misspelt words: yelow saphire finds Yellow Sapphire', async () => {
    const r = await suggest('yelow saphire');
    expect(stoneNames(r)[0]).toBe('Natural Yellow Sapphire');
    expect(productNames(r)[0]).toBe('Ceylon Yellow Sapphire 5 Carat');
  });

  it.each([
    ['Manik', 'Ruby', 'Burmese Ruby 4.55 Carat Cushion'],
    ['pukhraj', 'Natural Yellow Sapphire', 'Ceylon Yellow Sapphire 5 Carat'],
    ['Neelam', 'Natural Blue Sapphire', 'Kashmir Blue Sapphire 3 Carat'],
    ['panna', 'Emerald', 'Colombian Emerald 2 Carat'],
    ['moti', 'Pearl', 'Basra Pearl 8 Carat'],
    ['heera', 'Diamond', undefined],
    ['gomed', 'Hessonite', undefined],
    ['lehsunia', 'Catseye', undefined],
    ['safed pukhraj', 'White Sapphire', undefined],
  ])('finds a stone by its Hindi name: %s → %s', async (q, stone, product) => {
    const r = await suggest(q);
    expect(stoneNames(r)[0]).toBe(stone);
    expect(r.stones[0]?.note?.toLowerCase()).toBe(q.toLowerCase());
    if (product) expect(productNames(r)).toContain(product);
  });

  it('names a stone by its display name, at the address its name makes, and finds it by that name too', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    const named = await t.request({
      method: 'PATCH',
      url: `/s2/api/edit/${ids['Gemstones/Catseye']}`,
      cookie: admin.cookie,
      payload: { subcategoryname: 'Catseye', category: ids.Gemstones, displayname: "Cat's Eye" },
    });
    expect(named.statusCode).toBe(200);
    await t.app.catalogueSettled();
    for (const q of ['lehsunia', 'catseye', "cat's eye"]) {
      const r = await suggest(q);
      expect(r.stones[0], q).toMatchObject({ name: "Cat's Eye", path: '/gemstones-catseye' });
    }
    // A display name far from the name: found by the name shoppers read.
    const lapis = await t.request({
      method: 'POST',
      url: '/s2/api/create',
      cookie: admin.cookie,
      payload: { subcategoryname: 'Lazuli Stone', displayname: 'Lapis Lazuli', category: ids.Gemstones },
    });
    expect(lapis.statusCode).toBe(201);
    await t.app.catalogueSettled();
    expect((await suggest('lapis')).stones[0]).toMatchObject({ name: 'Lapis Lazuli', path: '/gemstones-lazuli-stone' });
    // Another stone without one keeps its name.
    expect(stoneNames(await suggest('rubi'))[0]).toBe('Ruby');
  });

  it('suggests categories', async () => {
    const r = await suggest('jewelery');
    expect(r.categories).toEqual([{ name: 'Jewellery', path: '/jewellery' }]);
  });

  it('answers nothing below two letters, and nothing for what is not near any name', async () => {
    expect(await suggest('r')).toEqual({ success: true, query: 'r', products: [], categories: [], stones: [] });
    expect(await suggest('   ')).toMatchObject({ products: [], categories: [], stones: [] });
    const far = await suggest('zzqx');
    expect([...far.products, ...far.categories, ...far.stones]).toEqual([]);
  });

  it('refuses a query over 100 characters, and takes quotes and wildcards as plain text', async () => {
    const long = await t.request({ method: 'GET', url: `/p1/api/suggest?q=${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    const odd = await suggest("%_' or 1=1 --");
    expect(odd.products).toEqual([]);
  });
});
