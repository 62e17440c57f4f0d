import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer } from '../../scripts/build-web.js';
import { CatalogueCache } from '../features/products/catalogue-cache.js';
import { createProduct } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/helpers.js';
import { EmptySearchPages, MAX_EMPTY_SEARCH } from './page-renders.js';

/**
 * Server rendering under a flood of made-up addresses, through HTTP, with the real renderer built from the web
 * app's sources: one render for them all, a per-address limit for visitors who are not signed in, bounded caches.
 */
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--app-head--></head><body><div id="root"></div></body></html>';

let tmp: string;
let webDir: string;
let rendererFile: string;
const apps: TestApp[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-flood-'));
  webDir = path.join(tmp, 'web');
  fs.mkdirSync(webDir);
  fs.writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
  await buildRenderer(path.join(tmp, 'ssr'), 'warn');
  rendererFile = path.join(tmp, 'ssr', 'entry-server.js');
}, 120_000);
afterAll(async () => {
  for (const t of apps) await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * The shop's clock stands still: a kept page stays kept however long a busy machine takes over the requests (kept
 * pages last 10 s of the shop's time).
 */
const NOW = new Date('2026-11-24T10:00:00Z');

async function shop(env: Record<string, string>) {
  const t = await createTestApp(env, { webDir, rendererFile, clock: () => NOW });
  apps.push(t);
  await createProduct(t.app.db, { name: 'Burmese Ruby 4 Carat' });
  // On PostgreSQL the product's change notice comes on its own connection: once it is heard, no late notice drops
  // what the test has the shop keep.
  await t.app.catalogueSettled();
  return t;
}

const ROOT_OPEN = '<div id="root">';
/** The server-rendered markup inside the root element ('' for the plain shell). */
const markupOf = (html: string) => {
  const end = html.indexOf('</div><script id="boot-data"');
  return end < 0 ? '' : html.slice(html.indexOf(ROOT_OPEN) + ROOT_OPEN.length, end);
};
const bootOf = (html: string) => {
  const m = /<script id="boot-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1] as string) as { screen: string; queries: [unknown[], unknown][] }) : undefined;
};
const settingsOf = (html: string) => {
  const m = /<script id="shop-settings" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1] as string) : undefined;
};

describe('made-up addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await shop({ PAGE_RENDER_LIMIT: '0' });
  });
  const page = (url: string) => t.request({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('cost one render between them, each page showing its own words', async () => {
    const before = t.app.pageRenders.renders;
    const keptBefore = t.app.renderedPages.size;
    for (let i = 0; i < 40; i++) {
      const words = ['wp', `login${i}`, 'zq'];
      const res = await page(`/${words.join('-')}`);
      expect(res.statusCode).toBe(200);
      const markup = markupOf(res.body);
      expect(markup).toContain(`Search results for &quot;${words.join(' ')}&quot;`);
      expect(markup).toContain('No products found');
      expect(markup).not.toContain('qzx');
      const boot = bootOf(res.body);
      expect(boot?.queries[0]?.[0]).toEqual(['catalogue', 'listing', words.join('-')]);
      expect(boot?.queries[0]?.[1]).toMatchObject({ filter: { search: words } });
    }
    expect(t.app.pageRenders.renders - before).toBe(1);
    expect(t.app.pageRenders.emptySearchPages).toBeGreaterThanOrEqual(40);
    // Not kept by path: they would push real pages out of the kept ones.
    expect(t.app.renderedPages.size).toBeLessThanOrEqual(keptBefore + 1);
    expect(t.app.emptySearchPages.size).toBe(1);
  });

  it('carry exactly the markup a render of their own would have', async () => {
    const renderer = (await import(pathToFileURL(rendererFile).href)) as {
      render: (url: string, boot: { screen: string; queries: [unknown[], unknown][] }) => Promise<string>;
    };
    for (const url of [
      '/rose-quartz-pendant',
      '/x1',
      '/caf%C3%A9-n%C3%BCrnberg',
      '/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
    ]) {
      const res = await page(url);
      const boot = bootOf(res.body);
      expect(boot, url).toBeDefined();
      const own = await renderer.render(url, {
        screen: boot?.screen as string,
        queries: [...(boot?.queries ?? []), [['settings'], settingsOf(res.body)]],
      });
      expect(markupOf(res.body), url).toBe(own);
    }
  });

  it('are rendered again once the shop’s settings change, and the kept renders stay bounded', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    for (let i = 0; i < MAX_EMPTY_SEARCH + 3; i++) {
      const shopname = `Flood Gems ${i}`;
      const saved = await t.request({
        method: 'PUT',
        url: '/a1/api/admin/settings',
        cookie: admin.cookie,
        headers: { origin: 'http://localhost:3000' },
        payload: { shopname },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const before = t.app.pageRenders.renders;
      // The admin's own cookie is left out: the page is the same for everyone.
      const res = await page(`/after-change-${i}`);
      expect(markupOf(res.body)).toContain(shopname);
      expect(t.app.pageRenders.renders - before).toBe(1);
      expect(t.app.emptySearchPages.size).toBeLessThanOrEqual(MAX_EMPTY_SEARCH);
    }
  });

  it('that are not a plain search are rendered on their own', async () => {
    const before = t.app.pageRenders.renders;
    // Upper case, the search keyword, a price: each renders (and is kept by path).
    for (const url of ['/Wp-Login', '/search-wp-admin', '/nothing-max-5']) {
      const res = await page(url);
      expect(markupOf(res.body), url).toContain('No products found');
    }
    expect(t.app.pageRenders.renders - before).toBe(3);
  });
});

describe('anonymous page renders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await shop({ PAGE_RENDER_LIMIT: '3' });
  });
  const page = (url: string, remoteAddress: string, cookie?: string) =>
    t.request({ method: 'GET', url, remoteAddress, cookie, headers: { accept: 'text/html' } });
  const rendered = (html: string) => markupOf(html).length > 0 && bootOf(html) !== undefined;

  it('are limited per client address; past the limit the page is the plain shell, still 200', async () => {
    // Rendered for someone else and kept: sent rendered to everyone.
    expect(rendered((await page('/all', '198.51.100.1')).body)).toBe(true);

    const flooder = '203.0.113.7';
    for (const url of ['/flood-a', '/flood-b', '/all-sort-price-asc']) {
      const res = await page(url, flooder);
      expect(res.statusCode, url).toBe(200);
      expect(rendered(res.body), url).toBe(true);
    }
    const shellsBefore = t.app.pageRenders.shells;
    for (const url of ['/flood-d', '/all-sort-price-desc', '/flood-e']) {
      const res = await page(url, flooder);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(rendered(res.body), url).toBe(false);
      // Still a page of the shop: its title and settings.
      expect(res.body).toContain('<title>');
      expect(settingsOf(res.body)).toBeDefined();
    }
    expect(t.app.pageRenders.shells - shellsBefore).toBe(3);
    expect(rendered((await page('/all', flooder)).body)).toBe(true);
    // A made-up session cookie does not lift the limit.
    expect(rendered((await page('/flood-f', flooder, 'sid=made-up')).body)).toBe(false);
    // Another address is not held back.
    expect(rendered((await page('/flood-g', '192.0.2.55')).body)).toBe(true);
  });

  it('are not limited for a signed-in shopper or admin', async () => {
    const flooder = '203.0.113.8';
    for (const url of ['/mine-a', '/mine-b', '/mine-c', '/mine-d']) await page(url, flooder);
    expect(rendered((await page('/mine-e', flooder)).body)).toBe(false);
    const shopper = await t.signUpAndIn();
    const admin = await t.signUpAndIn('ADMIN');
    for (let i = 0; i < 6; i++) {
      expect(rendered((await page(`/signed-in-${i}`, flooder, shopper.cookie)).body)).toBe(true);
      expect(rendered((await page(`/admin-${i}`, flooder, admin.cookie)).body)).toBe(true);
    }
  });
});

describe('kept renders', () => {
  it('of the empty-search page stay bounded, and one is made at a time', async () => {
    const pages = new EmptySearchPages(3);
    let renders = 0;
    const render = async (url: string) => {
      renders++;
      return `<p>${url}</p>`;
    };
    const boot = (n: number) => ({
      screen: 'listing',
      queries: [
        [['catalogue', 'listing', 'x'], { products: [], filter: { search: ['x'] } }],
        [['settings'], { shopname: `Shop ${n}` }],
      ] as [unknown[], unknown][],
    });
    const same = await Promise.all([1, 2, 3].map(() => pages.markup(['a', 'b'], boot(0), render)));
    expect(same).toEqual(['<p>/a b</p>', '<p>/a b</p>', '<p>/a b</p>']);
    expect(renders).toBe(1);
    for (let n = 1; n <= 10; n++) await pages.markup(['c'], boot(n), render);
    expect(renders).toBe(11);
    expect(pages.size).toBe(3);
  });

  it('by path stay at most the cache’s bound', () => {
    const cache = new CatalogueCache<never>(10_000, 100);
    for (let i = 0; i < 250; i++) cache.remember(`/page-${i}`, { html: '' }, cache.currentGeneration);
    expect(cache.size).toBe(100);
    expect(cache.recall('/page-249')).toBeDefined();
    expect(cache.recall('/page-0')).toBeUndefined();
  });
});
