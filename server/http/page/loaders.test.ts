// @postgres: the renders read through the answer cache, which the change feed keeps (LISTEN/NOTIFY)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loaderAddress, type ScreenLoader } from '../../../contract/screen-loader.js';
import { homeLoader } from '../../../web/storefront/home/loader.js';
import { listingLoader } from '../../../web/storefront/listing/loader.js';
import { productLoader } from '../../../web/storefront/product/loader.js';
import { categories, subcategories } from '../../db/schema.js';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

/**
 * Server-rendered pages are made from their screen's loader (web/storefront/<screen>/loader.ts): the boot data
 * carries the answers under the loader's keys, each exactly what the browser gets from the API, read without HTTP.
 * The renderer here is a stand-in that writes the boot data it was given (the real one: server/http/ssr.test.ts).
 */
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--app-head--></head><body><div id="root"></div></body></html>';
const RENDERER = `export async function render(url, boot) { return '<p>' + url + ' ' + boot.screen + '</p>'; }\n`;

let tmp: string;
let t: TestApp;
let ruby: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-loaders-'));
  const webDir = path.join(tmp, 'web');
  fs.mkdirSync(webDir);
  fs.writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
  const rendererFile = path.join(tmp, 'entry-server.mjs');
  fs.writeFileSync(rendererFile, RENDERER);
  t = await createTestApp({}, { webDir, rendererFile });
  ruby = await createProduct(t.app.db, { name: 'Burmese Ruby 4 Carat' });
  // More subcategories than one page of the public list holds: the listing's names are read page after page.
  const [gems] = await t.app.db.insert(categories).values({ name: 'Loose Gemstones' }).returning();
  await t.app.db
    .insert(subcategories)
    .values(Array.from({ length: 120 }, (_, i) => ({ name: `Stone ${String(i).padStart(3, '0')}`, categoryId: gems!.id })));
  await t.app.catalogueSettled();
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const page = (url: string) => t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
const bootOf = (html: string) => {
  const m = /<script id="boot-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1] as string) as { screen: string; queries: [unknown[], unknown][] }) : undefined;
};
const dataOf = (html: string, id: string) => {
  const m = new RegExp(`<script id="${id}" type="application/json">([\\s\\S]*?)</script>`).exec(html);
  return m ? JSON.parse(m[1] as string) : undefined;
};

/** What the browser gets for one of a loader's queries from the API over HTTP (every page of a paged one). */
async function overHttp(q: ScreenLoader['queries'][number]): Promise<unknown> {
  const get = async (address: string) => {
    const res = await t.request({ method: 'GET', url: address });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  const first = await get(loaderAddress(q));
  if (!q.field) return first;
  if (!q.paged) return first[q.field];
  const items = [...(first[q.field] as unknown[])];
  const pages = (first.pagination as { totalPages: number }).totalPages;
  for (let p = 2; p <= pages; p++)
    items.push(...((await get(loaderAddress({ ...q, query: { ...q.query, page: p } })))[q.field] as unknown[]));
  return items;
}

describe('a rendered page and its screen’s loader', () => {
  const pages = (): [string, ScreenLoader][] => [
    ['/', homeLoader()],
    ['/all', listingLoader('all')],
    ['/Burmese', listingLoader('Burmese')],
    [`/gemstones/ruby/${ruby.slug}`, productLoader(ruby.slug)],
  ];

  it('carries each of the loader’s answers under its key, and no other key', async () => {
    for (const [url, loader] of pages()) {
      const boot = bootOf((await page(url)).body);
      expect(boot?.screen, url).toBe(loader.screen);
      expect(
        boot?.queries.map(([key]) => key),
        url,
      ).toEqual(loader.queries.map((q) => [...q.key]));
    }
  });

  it('carries exactly what the API answers the browser, every page of the subcategories', async () => {
    for (const [url, loader] of pages()) {
      const boot = bootOf((await page(url)).body);
      for (const [i, q] of loader.queries.entries())
        expect(boot?.queries[i]?.[1], `${url} ${q.route}`).toEqual(await overHttp(q));
    }
    const names = bootOf((await page('/all')).body)?.queries[2]?.[1] as { subcategoryname: string }[];
    expect(names.length).toBeGreaterThan(120);
    expect(names.map((s) => s.subcategoryname)).toContain('Stone 000');
  });

  it('carries the shop’s settings and menus as their routes answer them', async () => {
    const html = (await page('/all')).body;
    expect(dataOf(html, 'shop-settings')).toEqual((await t.request({ method: 'GET', url: '/a1/api/settings' })).json().settings);
    expect(dataOf(html, 'shop-menus')).toEqual((await t.request({ method: 'GET', url: '/c1/api/menus' })).json().menus);
  });

  it('is made without calling the shop’s own HTTP API, its answers kept for the browser’s next ask', async () => {
    t.app.renderedPages.changed();
    const inject = vi.spyOn(t.app, 'inject');
    try {
      const res = await page('/gemstones-stone-007');
      expect(bootOf(res.body)?.queries[0]?.[0]).toEqual(['catalogue', 'listing', 'gemstones-stone-007']);
      // The page itself is the test's one call.
      expect(inject).toHaveBeenCalledTimes(1);
    } finally {
      inject.mockRestore();
    }
    // The browser asking for the same listing is answered from what the render kept.
    expect(t.app.answers.live).toBe(true);
    const hits = t.app.answers.stats().hits;
    await t.request({ method: 'GET', url: '/p1/api/filter/gemstones-stone-007' });
    expect(t.app.answers.stats().hits).toBe(hits + 1);
  });

  it('reads the screen’s term as the API reads it: answered when the API answers it, the plain shell when it refuses it', async () => {
    // Long once percent-encoded, short enough for the route as read.
    const term = encodeURIComponent('é'.repeat(200));
    expect((await t.request({ method: 'GET', url: `/p1/api/filter/${term}` })).statusCode).toBe(200);
    expect(bootOf((await page(`/${term}`)).body)?.queries[0]?.[0]).toEqual(['catalogue', 'listing', 'é'.repeat(200)]);
    // Longer than the route takes.
    const long = 'x'.repeat(501);
    expect((await t.request({ method: 'GET', url: `/p1/api/filter/${long}` })).statusCode).toBe(414);
    const res = await page(`/${long}`);
    expect(res.statusCode).toBe(200);
    expect(bootOf(res.body)).toBeUndefined();
  });
});
