import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterFromForm, formatFilter } from '../../../contract/filter.js';
import { categories, subcategories } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

/**
 * The listing's filter form sent with GET to /all (before the web app runs, or without JavaScript): the server
 * answers 303 with the listing address of contract/filter.ts, exactly what the app navigates to for the same form.
 */
let t: TestApp;
let gemstones: string;
let jewellery: string;
let naturalYellowSapphire: string;
let rings: string;

beforeAll(async () => {
  t = await createTestApp();
  const [g, j] = await t.app.db
    .insert(categories)
    .values([{ name: 'Gemstones' }, { name: 'Jewellery' }])
    .returning();
  gemstones = g?.id as string;
  jewellery = j?.id as string;
  const [s, r] = await t.app.db
    .insert(subcategories)
    .values([
      { name: 'Natural Yellow Sapphire', categoryId: gemstones },
      { name: 'Rings', categoryId: jewellery },
    ])
    .returning();
  naturalYellowSapphire = s?.id as string;
  rings = r?.id as string;
});
afterAll(() => t.close());

const send = (query: string, path = '/all') =>
  t.request({ method: 'GET', url: `${path}?${query}`, headers: { accept: 'text/html' } });
const form = (fields: Record<string, string | string[]>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) q.append(k, one);
  return q.toString();
};

describe('the filter form sent to /all', () => {
  it('goes to the listing address the app would open, with names for the chosen ids', async () => {
    const res = await send(
      form({
        search: '  Oval  Stone ',
        category: gemstones,
        subcategory: naturalYellowSapphire,
        min: '5000',
        max: '20000.5',
        sort: 'asc',
      }),
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/gemstones-natural-yellow-sapphire-min-5000-max-20000.5-sort-asc-search-oval-stone');
    expect(res.headers['cache-control']).toBe('no-store');
    // The web app reads the same form with the same function.
    const app = formatFilter(
      filterFromForm({
        search: '  Oval  Stone ',
        category: 'Gemstones',
        subcategory: 'Natural Yellow Sapphire',
        min: '5000',
        max: '20000.5',
        sort: 'asc',
      }),
    );
    expect(res.headers.location).toBe(`/${app}`);
    // And the address it goes to is the listing page.
    const listing = await t.request({ method: 'GET', url: res.headers.location as string, headers: { accept: 'text/html' } });
    expect(listing.statusCode).toBe(200);
    expect(listing.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends an empty form, and the default sort, to every product', async () => {
    const res = await send(form({ search: '', category: '', min: '', max: '', sort: 'newest' }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/all');
  });

  it('takes a search alone, dropping words the grammar reserves, and breaking words at characters of an address', async () => {
    expect((await send(form({ search: 'pearl', sort: 'newest' }))).headers.location).toBe('/search-pearl');
    expect((await send(form({ search: 'ruby page 2 min' }))).headers.location).toBe('/search-ruby-2');
    const odd = await send(form({ search: 'a/b #c ?d' }));
    // / # ? separate words, as in a category's name: the address stays one plain segment
    expect(odd.headers.location).toBe('/search-a-b-c-d');
  });

  it('leaves out a subcategory of another category, unknown ids and ids that are not ids', async () => {
    expect((await send(form({ category: gemstones, subcategory: rings }))).headers.location).toBe('/gemstones');
    expect((await send(form({ category: jewellery, subcategory: rings }))).headers.location).toBe('/jewellery-rings');
    // A subcategory needs its category.
    expect((await send(form({ subcategory: rings }))).headers.location).toBe('/all');
    expect((await send(form({ category: '00000000-0000-4000-8000-000000000000' }))).headers.location).toBe('/all');
    expect((await send(form({ category: "1' OR '1'='1", search: 'x' }))).headers.location).toBe('/search-x');
  });

  it('leaves out prices that are not 0 or more, swaps bounds given the wrong way round, ignores an unknown sort', async () => {
    expect((await send(form({ min: '-5', max: 'lots' }))).headers.location).toBe('/all');
    expect((await send(form({ min: '20000', max: '5000' }))).headers.location).toBe('/min-5000-max-20000');
    expect((await send(form({ min: '0', sort: 'cheapest' }))).headers.location).toBe('/min-0');
    expect((await send(form({ max: '99.999' }))).headers.location).toBe('/max-100');
  });

  it('reads the first of a repeated field', async () => {
    expect((await send(form({ search: ['emerald', 'ruby'], sort: ['desc', 'asc'] }))).headers.location).toBe(
      '/sort-desc-search-emerald',
    );
  });

  it('Clear All goes to every product, whatever else was sent', async () => {
    const res = await send(form({ search: 'ruby', category: gemstones, clear: 'all' }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/all');
  });
});

describe('addresses that are not the form', () => {
  it('keep meaning what they meant: a listing with any other query, or the form fields on another page, is that page', async () => {
    for (const url of ['/all?utm_source=mail', '/gemstones?search=ruby', '/all', '/search-ruby?page=2', '/about?sort=asc']) {
      const res = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it('API paths are never redirected', async () => {
    const res = await t.request({ method: 'GET', url: '/p1/api/filter/all?search=ruby' });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });
});
