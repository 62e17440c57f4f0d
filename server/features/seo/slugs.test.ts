import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPath, productPagePath } from '../../../contract/filter.js';
import { buildRenderer } from '../../../scripts/build-web.js';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

/**
 * Category and subcategory names with characters that mean something in an address (/ ? # % \ .): the
 * sitemap's addresses, the server-rendered pages and the web app's links are one and the same, and work.
 */
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--app-head--><script type="module" crossorigin src="/assets/index-T.js"></script></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-T.js', isEntry: true },
  'hydrate.tsx': { file: 'assets/hydrate-H.js', imports: ['index.html'] },
};

let tmp: string;
let t: TestApp;
let admin: TestUser;
const NAMES = {
  category: 'Rings / Bands',
  subcategory: 'Gold? #1 100% \\ 22ct.',
};
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-slugs-'));
  const webDir = path.join(tmp, 'web');
  fs.mkdirSync(path.join(webDir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await buildRenderer(path.join(tmp, 'ssr'), 'warn');
  t = await createTestApp({}, { webDir, rendererFile: path.join(tmp, 'ssr', 'entry-server.js') });
  admin = await t.signUpAndIn('ADMIN');
  const category = await t.request({
    method: 'POST',
    url: '/c1/api/create',
    cookie: admin.cookie,
    payload: { categoryname: NAMES.category },
  });
  expect(category.statusCode, category.body).toBe(201);
  const subcategory = await t.request({
    method: 'POST',
    url: '/s2/api/create',
    cookie: admin.cookie,
    payload: { subcategoryname: NAMES.subcategory, category: category.json().data._id },
  });
  expect(subcategory.statusCode, subcategory.body).toBe(201);
  product = await createProduct(t.app.db, {
    name: 'Plain Gold Band 22ct',
    categoryId: category.json().data._id,
    subcategoryId: subcategory.json().data._id,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const page = (url: string) => t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="boot-data"'));

async function sitemapPaths() {
  const res = await t.request({ method: 'GET', url: '/sitemap.xml' });
  expect(res.statusCode).toBe(200);
  return [...res.body.matchAll(/<loc>http:\/\/localhost:3000([^<]*)<\/loc>/g)].map((m) =>
    (m[1] as string).replace(/&amp;/g, '&').replace(/&apos;/g, "'"),
  );
}

describe('names with address characters', () => {
  // The web app's links are made by the same functions (web/storefront/components/links.test.ts).
  it('the sitemap lists the category, subcategory and product pages as the web app links them', async () => {
    const paths = await sitemapPaths();
    const links = {
      category: listingPath(NAMES.category),
      subcategory: listingPath(NAMES.category, NAMES.subcategory),
      product: productPagePath(NAMES.category, NAMES.subcategory, product.slug),
    };
    for (const link of Object.values(links)) {
      expect(paths).toContain(link);
      // one segment per level, nothing a browser or router would read as another part of the address
      expect(link).toMatch(/^(\/[a-z0-9-]+)+$/);
    }
    expect(links.category).toBe('/rings-bands');
    expect(links.subcategory).toBe('/rings-bands-gold-1-100-22ct');
  });

  it('each of those pages answers 200, server-rendered with the product', async () => {
    const paths = await sitemapPaths();
    const ours = paths.filter((p) => p.startsWith('/rings'));
    expect(ours.length).toBeGreaterThanOrEqual(3);
    for (const p of ours) {
      const res = await page(p);
      expect(res.statusCode, p).toBe(200);
      expect(rootOf(res.body), p).toContain('Plain Gold Band 22ct');
    }
  });

  it('the listing reads the category and subcategory from the path', async () => {
    const listing = await t.request({ method: 'GET', url: '/p1/api/filter/rings-bands-gold-1-100-22ct' });
    expect(listing.statusCode).toBe(200);
    const body = listing.json();
    expect(body.products.map((p: { _id: string }) => p._id)).toEqual([product.id]);
  });
});

describe('names the addresses could not hold', () => {
  it('a name of punctuation alone is refused (it would have no words in an address)', async () => {
    for (const categoryname of ['/', '?#%', ' - . - ']) {
      const res = await t.request({ method: 'POST', url: '/c1/api/create', cookie: admin.cookie, payload: { categoryname } });
      expect(res.statusCode, categoryname).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});
