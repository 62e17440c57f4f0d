import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer } from '../../scripts/build-web.js';
import { categories, products, subcategories } from '../db/schema.js';
import { createCategory, createSubcategory, patchProduct } from '../features/products/test-kit.js';
import { createProduct } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/helpers.js';

/**
 * Server-rendered listing and product pages, through HTTP, with the real renderer built from the web app's
 * sources (web/entry-server.tsx) into a temporary directory.
 */
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--app-head--><script type="module" crossorigin src="/assets/index-T.js"></script><link rel="stylesheet" crossorigin href="/assets/index-T.css"></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-T.js', isEntry: true },
  'storefront/listing/ListingPage.tsx': { file: 'assets/ListingPage-L.js', imports: ['_cards-C.js'] },
  '_cards-C.js': { file: 'assets/cards-C.js' },
  'hydrate.tsx': { file: 'assets/hydrate-H.js', imports: ['index.html'] },
};

let tmp: string;
let webDir: string;
let rendererFile: string;
let t: TestApp;
let ruby: Awaited<ReturnType<typeof createProduct>>;
let tricky: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-ssr-'));
  webDir = path.join(tmp, 'web');
  fs.mkdirSync(webDir);
  fs.writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
  fs.mkdirSync(path.join(webDir, '.vite'));
  fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await buildRenderer(path.join(tmp, 'ssr'), 'warn');
  rendererFile = path.join(tmp, 'ssr', 'entry-server.js');
  t = await createTestApp({}, { webDir, rendererFile });
  ruby = await createProduct(t.app.db, { name: 'Burmese Ruby 4 Carat', pricePaise: 12_345_600 });
  tricky = await createProduct(t.app.db, { name: 'Star </script><b>"Ruby"</b> & Co' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const page = (url: string, encoding = 'identity') =>
  t.request({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': encoding } });
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="boot-data"'));
const bootOf = (html: string) => {
  const m = /<script id="boot-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1] as string) as { screen: string; queries: [unknown[], unknown][] }) : undefined;
};
/** A page's inline scripts that are not data, with their text. */
const codeScripts = (html: string) =>
  [...html.matchAll(/(<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>)([\s\S]*?)<\/script>/g)].map(
    (m) => ({ tag: m[1] as string, text: m[2] as string }),
  );
/** Scripts the page's Content-Security-Policy would block: inline ones that are not data and not allowed by hash. */
const blockedScripts = (res: { body: string; headers: Record<string, unknown> }) => {
  const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
  return codeScripts(res.body)
    .filter(({ text }) => !scriptSrc.split(' ').includes(`'sha256-${createHash('sha256').update(text).digest('base64')}'`))
    .map(({ tag }) => tag);
};

describe('a listing page', () => {
  it('arrives with its products painted and the answers it was rendered from', async () => {
    const res = await page('/all');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const root = rootOf(html);
    expect(root).toContain('Burmese Ruby 4 Carat');
    expect(root).toContain('₹1,23,456.00');
    expect(root).toMatch(/Showing 2 of 2 products/);
    expect(root).toContain(`srcSet="/uploads/`);

    const boot = bootOf(html);
    expect(boot?.screen).toBe('listing');
    const api = (await t.request({ method: 'GET', url: '/p1/api/filter/all' })).json();
    expect(boot?.queries[0]).toEqual([['catalogue', 'listing', 'all'], api]);
    const categories = (await t.request({ method: 'GET', url: '/p1/api/categories' })).json().categories;
    expect(boot?.queries[1]).toEqual([['catalogue', 'categories'], categories]);
    const subcategories = (await t.request({ method: 'GET', url: '/s2/api/all?page=1&limit=100' })).json().data;
    expect(boot?.queries[2]).toEqual([['catalogue', 'subcategories'], subcategories]);

    // The answer travels in the page: no separate fetch of it. No inline script the CSP would block.
    expect(html).not.toContain('rel="preload" as="fetch"');
    expect(blockedScripts(res)).toEqual([]);
  });

  it('uses the lower-case key the screen asks with, and the filter from the path', async () => {
    const res = await page('/Burmese');
    const boot = bootOf(res.body);
    expect(boot?.queries[0]?.[0]).toEqual(['catalogue', 'listing', 'burmese']);
    expect(rootOf(res.body)).toContain('Burmese Ruby 4 Carat');
    expect(rootOf(res.body)).not.toContain('Co</');
  });

  it('escapes what shoppers and merchants wrote, in the markup and in the data', async () => {
    const html = (await page('/all')).body;
    expect(html).not.toContain('</script><b>');
    expect(rootOf(html)).toContain('Star &lt;/script&gt;&lt;b&gt;&quot;Ruby&quot;&lt;/b&gt; &amp; Co');
    const boot = bootOf(html);
    const answer = boot?.queries[0]?.[1] as { products: { productname: string }[] } | undefined;
    expect(answer?.products.map((p) => p.productname)).toContain(tricky.name);
  });

  it('loads the entry, its chunks and the one that takes it over from its head script, not before the pictures', async () => {
    const html = (await page('/all')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const app = /<script data-app="([^"]*)">/.exec(head)?.[1]?.replace(/&quot;/g, '"');
    expect(JSON.parse(app ?? '[]')).toEqual([
      '/assets/index-T.js',
      '/assets/ListingPage-L.js',
      '/assets/cards-C.js',
      '/assets/hydrate-H.js',
    ]);
    // Nothing else fetches a script of the app before the loader does.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
  });

  it('is sent compressed when the browser accepts it', async () => {
    const plain = (await page('/all')).body;
    const br = await page('/all', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await page('/all', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain);
    expect((await page('/all', 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('is the plain shell when its listing answer is an error', async () => {
    const res = await page(`/${'x'.repeat(501)}`);
    expect(res.statusCode).toBe(200);
    expect(bootOf(res.body)).toBeUndefined();
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('a product page', () => {
  it('arrives with the product painted and its answer', async () => {
    const res = await page(`/gemstones/ruby/${ruby.slug}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('<h1');
    expect(root).toContain('Burmese Ruby 4 Carat');
    expect(root).toContain('₹1,23,456.00');
    const boot = bootOf(res.body);
    expect(boot?.screen).toBe('product');
    const api = (await t.request({ method: 'GET', url: `/p1/api/slug/${ruby.slug}` })).json();
    expect(boot?.queries).toEqual([[['catalogue', 'product', ruby.slug], api]]);
    expect(blockedScripts(res)).toEqual([]);
  });

  it('is not rendered for a hidden product, which is a 404 for everyone', async () => {
    const hidden = await createProduct(t.app.db, { name: 'Hidden Emerald', isActive: false });
    const res = await page(`/gemstones/emerald/${hidden.slug}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Hidden Emerald');
    expect(bootOf(res.body)).toBeUndefined();
  });

  it('is never rendered from the visitor’s session', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    t.app.renderedPages.changed();
    const signedIn = await t.request({
      method: 'GET',
      url: `/gemstones/ruby/${ruby.slug}`,
      headers: { 'accept-encoding': 'identity' },
      cookie: admin.cookie,
    });
    // Each page made afresh, not a kept copy of the other.
    t.app.renderedPages.changed();
    const anonymous = await page(`/gemstones/ruby/${ruby.slug}`);
    expect(rootOf(signedIn.body)).toBe(rootOf(anonymous.body));
    expect(bootOf(signedIn.body)).toEqual(bootOf(anonymous.body));
    expect(signedIn.body).not.toContain(admin.fullname);
  });
});

describe('controls that work before the app runs', () => {
  const tags = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[0]);

  it('a rendered page carries the tap keeper inline in its head, before the stylesheet, allowed by its hash', async () => {
    const keeper = fs.readFileSync(path.join(process.cwd(), 'web', 'early-taps.js'), 'utf8');
    expect(keeper).toContain('shopEarlyTaps');
    for (const url of ['/all', `/gemstones/ruby/${ruby.slug}`]) {
      const res = await page(url);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      const scripts = codeScripts(res.body);
      expect(
        scripts.map((s) => s.text),
        url,
      ).toEqual([keeper]);
      // It runs at once: a script after a stylesheet would wait for it.
      expect(head.indexOf('<script data-app='), url).toBeGreaterThan(0);
      expect(head.indexOf('<script data-app='), url).toBeLessThan(head.indexOf('rel="stylesheet"'));
      expect(blockedScripts(res), url).toEqual([]);
    }
    // A page rendered in the browser has no server markup to tap before the app runs: its entry loads at once.
    const about = (await page('/about')).body;
    expect(codeScripts(about)).toEqual([]);
    expect(about).toContain('<script type="module" crossorigin src="/assets/index-T.js"></script>');
  });

  it('menus are disclosures of real links, the filter a GET form the server reads, pages real links', async () => {
    // The merchant's menus: Ruby under Vedic Stones, Rings under Jewellery, each with a stone for sale.
    const admin = await t.signUpAndIn('ADMIN');
    const [gems, jewels] = [
      await createCategory(t, admin.cookie, 'Gemstones'),
      await createCategory(t, admin.cookie, 'Jewellery'),
    ];
    const [rubies, rings] = [
      await createSubcategory(t, admin.cookie, gems, 'Ruby'),
      await createSubcategory(t, admin.cookie, jewels, 'Rings'),
    ];
    await createProduct(t.app.db, { name: 'Menu Ruby', categoryId: gems, subcategoryId: rubies });
    await createProduct(t.app.db, { name: 'Menu Ring', categoryId: jewels, subcategoryId: rings });
    const placed = await t.request({
      method: 'PUT',
      url: '/c1/api/admin/menus',
      cookie: admin.cookie,
      payload: {
        menus: [
          { menu: 'vedic', entries: [{ subcategory: rubies, note: 'Manik' }] },
          { menu: 'jewellery', entries: [{ subcategory: rings }] },
        ],
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    await t.app.catalogueSettled();
    for (let i = 0; i < 31; i++) await createProduct(t.app.db, { name: `Pager Stone ${i}` });
    // A term no page has been made for yet (written straight into the database, the stones skip the shop's caches).
    const root = rootOf((await page('/pager')).body);
    // The phone menu and the five wide-screen menus: <details> with links to the gemstone and jewellery pages.
    const summaries = tags(root, /<details[^>]*><summary[^>]*>/g);
    expect(
      summaries.filter((d) => d.includes('aria-controls="mobile-menu"') && d.includes('aria-label="Open menu"')),
    ).toHaveLength(1);
    expect(summaries.filter((d) => / name="shop-menu"/.test(d) && d.includes('role="button"'))).toHaveLength(5);
    expect(root.includes('href="/jewellery-rings"')).toBe(true);
    expect(root.includes('href="/gemstones-ruby"')).toBe(true);
    // The filter form, inline and in the phone sheet, and the header's search (wide screen and phone) go to /all
    // with the fields the server reads.
    const forms = tags(root, /<form [^>]*>/g);
    expect(forms.filter((f) => f.includes('aria-label="Filter products"'))).toHaveLength(2);
    expect(forms).toHaveLength(4);
    for (const f of forms) {
      expect(f).toContain(' method="get"');
      expect(f).toContain(' action="/all"');
    }
    expect(tags(root, /<input[^>]* name="search"/g)).toHaveLength(4);
    for (const name of ['category', 'subcategory', 'min', 'max', 'sort']) {
      expect(tags(root, new RegExp(`<(?:input|select)[^>]* name="${name}"`, 'g')), name).toHaveLength(2);
    }
    expect(
      tags(root, /<button [^>]*name="clear"[^>]*>/g).filter((b) => / type="submit"/.test(b) && / value="all"/.test(b)),
    ).toHaveLength(2);
    expect(summaries.filter((d) => d.includes('aria-haspopup="dialog"'))).toHaveLength(1);
    // Pagination: links to the next page of the same term.
    expect(/Showing \d+ of \d+ products/.exec(root)?.[0]).toBe('Showing 30 of 31 products');
    expect(tags(root, /<a [^>]*href="\/pager-page-2"[^>]*>/g).length).toBeGreaterThan(0);
    // Add to Cart on every card is marked for the tap keeper with its product.
    const listing = (await t.request({ method: 'GET', url: '/p1/api/filter/pager' })).json();
    expect(listing.products).toHaveLength(30);
    for (const p of listing.products) expect(root.includes(`data-early="add:${p._id}"`), p._id).toBe(true);
  });

  it('the product page marks Add to Cart and Buy Now with its product', async () => {
    const root = rootOf((await page(`/gemstones/ruby/${ruby.slug}`)).body);
    expect(tags(root, new RegExp(`data-early="add:${ruby.id}"`, 'g'))).toHaveLength(1);
    expect(tags(root, new RegExp(`data-early="buy:${ruby.id}"`, 'g'))).toHaveLength(1);
  });
});

describe('kept pages', () => {
  it('are sent again, whatever the query string, and forgotten at once when the catalogue changes, through the shop or not', async () => {
    const stone = await createProduct(t.app.db, { name: 'Kept Sapphire' });
    await t.app.catalogueSettled();
    const url = `/gemstones/sapphire/${stone.slug}`;
    expect(rootOf((await page(url)).body)).toContain('Kept Sapphire');
    const kept = t.app.renderedPages.recall(url);
    expect(kept).toBeDefined();
    expect(rootOf((await page(`${url}?utm_source=newsletter`)).body)).toContain('Kept Sapphire');
    // A refused write changes nothing and forgets nothing.
    const refused = await t.request({ method: 'PATCH', url: `/p1/api/status/${stone.id}` });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(t.app.renderedPages.recall(url)).toBe(kept);
    // Changed behind the shop's back: the database says so (at once on the embedded database, within the
    // notify latency on PostgreSQL), and the next page is made afresh.
    await t.app.db.update(products).set({ name: 'Renamed Sapphire' }).where(eq(products.id, stone.id));
    await t.app.catalogueSettled();
    expect(rootOf((await page(url)).body)).toContain('Renamed Sapphire');
    // A write through the shop: forgotten before the write is answered.
    expect(t.app.renderedPages.recall(url)).toBeDefined();
    const admin = await t.signUpAndIn('ADMIN');
    const renamed = await patchProduct(t, admin.cookie, stone.id, { productname: 'Star Sapphire' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(rootOf((await page(url)).body)).toContain('Star Sapphire');
  });
});

describe('the shop’s settings on every page', () => {
  const settingsOf = (html: string) => {
    const m = /<script id="shop-settings" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
    return m ? (JSON.parse(m[1] as string) as Record<string, unknown>) : undefined;
  };
  const publicSettings = async () => (await t.request({ method: 'GET', url: '/a1/api/settings' })).json().settings;

  it('a rendered page shows the support contacts in its header and carries them once, outside the boot data', async () => {
    const settings = await publicSettings();
    const res = await page('/all');
    const html = res.body;
    expect(settingsOf(html)).toEqual(settings);
    const header = rootOf(html).slice(0, rootOf(html).indexOf('</header>'));
    expect(header).toContain(`>${settings.supportphone}</a>`);
    expect(header).toContain(`href="tel:${settings.supportphone.replace(/[^\d+]/g, '')}"`);
    expect(header).toContain(`>${settings.supportemail}</a>`);
    expect(header).toContain(`>${settings.shopname}</a>`);
    expect(JSON.stringify(bootOf(html))).not.toContain(settings.supportemail);
    expect(blockedScripts(res)).toEqual([]);
  });

  it('a page rendered in the browser carries them too', async () => {
    const html = (await page('/contact')).body;
    expect(html).toContain('<div id="root"></div>');
    expect(settingsOf(html)).toEqual(await publicSettings());
  });

  it('a settings change through the shop is on the next page at once, the kept ones forgotten', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    const save = (supportphone: string) =>
      t.request({
        method: 'PUT',
        url: '/a1/api/admin/settings',
        payload: { supportphone },
        cookie: admin.cookie,
        headers: { origin: 'http://localhost:3000' },
      });
    expect(rootOf((await page('/all')).body)).not.toContain('+91 161 555 0101');
    expect((await save('+91 161 555 0101')).statusCode).toBe(200);
    for (const url of ['/all', '/contact']) {
      const html = (await page(url)).body;
      expect(settingsOf(html)?.supportphone).toBe('+91 161 555 0101');
    }
    expect(rootOf((await page('/all')).body)).toContain('>+91 161 555 0101</a>');
    // A refused change forgets nothing and changes nothing.
    expect((await save('call us')).statusCode).toBe(400);
    expect(settingsOf((await page('/all')).body)?.supportphone).toBe('+91 161 555 0101');
    expect((await save('+91 98765 43210')).statusCode).toBe(200);
    expect(rootOf((await page('/all')).body)).toContain('>+91 98765 43210</a>');
  });
});

describe('the header menus on every page', () => {
  const menusOf = (html: string) => {
    const m = /<script id="shop-menus" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
    return m ? (JSON.parse(m[1] as string) as { menu: string; links: { label: string; to: string }[] }[]) : undefined;
  };
  const shopMenus = async () => (await t.request({ method: 'GET', url: '/c1/api/menus' })).json().menus;

  it('are painted in a rendered page (links that work before any script), carried once, and a new place shows at once', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    const layOut = async (note: string) => {
      const res = await t.request({
        method: 'PUT',
        url: '/c1/api/admin/menus',
        cookie: admin.cookie,
        payload: { menus: [{ menu: 'vedic', entries: [{ subcategory: ruby.subcategoryId, note }] }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await layOut('Manik');
    const res = await page('/all');
    const [link] = (await shopMenus())[1].links as { label: string; to: string }[];
    expect(link?.label).toMatch(/^Ruby .+ \(Manik\)$/);
    expect(menusOf(res.body)).toEqual(await shopMenus());
    const root = rootOf(res.body);
    expect(root).toContain(`href="${link?.to}"`);
    expect(root).toContain(`>${link?.label}</a>`);
    expect(root).toContain('>Vedic Stones');
    expect(JSON.stringify(bootOf(res.body))).not.toContain('(Manik)');
    expect(blockedScripts(res)).toEqual([]);
    // A page rendered in the browser carries them too.
    expect(menusOf((await page('/contact')).body)).toEqual(await shopMenus());

    await layOut('Manikya');
    expect(rootOf((await page('/all')).body)).toContain('(Manikya)</a>');
    expect(menusOf((await page('/contact')).body)?.[1]?.links[0]?.label).toMatch(/\(Manikya\)$/);
  });
});

describe('the home page', () => {
  it('arrives with the merchant’s slides, banners, FAQ and tiles painted, the FAQ as disclosures, and shows a change at once', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    const put = async (list: string, payload: object) => {
      const res = await t.request({ method: 'PUT', url: `/a1/api/admin/storefront/${list}`, cookie: admin.cookie, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put('slides', {
      slides: [{ image: '/images/hero-1.svg', heading: 'Sapphires of Ceylon', cta: 'Shop Now', link: '/gemstones-sapphire' }],
    });
    await put('tiles', { tiles: [{ image: '/images/categories/opal.svg', name: 'Opal', path: '/gemstones-opal' }] });
    await put('faq', {
      faq: [
        { question: 'Are your gemstones certified?', answer: 'Yes, by an independent laboratory.' },
        { question: 'Can I return a gemstone?', answer: 'Within 10 days. Read our [Return Policy](/return-policy).' },
      ],
    });

    const res = await page('/');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('Sapphires of Ceylon');
    expect(root).toContain('href="/gemstones-sapphire"');
    expect(root).toMatch(/<img[^>]*src="\/images\/hero-1.svg"[^>]*width="1600"[^>]*height="640"/);
    expect(root).toContain('href="/gemstones-opal"');
    // The FAQ works before the script runs: native disclosures, the first one open, links to the shop's pages.
    expect(root).toMatch(/<details name="faq" open=""[^>]*><summary[^>]*><h3>Are your gemstones certified\?<\/h3>/);
    expect(root).toContain('Yes, by an independent laboratory.');
    expect(root).toMatch(/<a[^>]*href="\/return-policy"[^>]*>Return Policy<\/a>/);
    const boot = bootOf(res.body);
    expect(boot?.screen).toBe('home');
    const api = (await t.request({ method: 'GET', url: '/a1/api/storefront' })).json().storefront;
    expect(boot?.queries[0]).toEqual([['storefront', 'content'], api]);
    expect(blockedScripts(res)).toEqual([]);

    // The merchant changes an answer: the next page shows it, not the kept one.
    await put('faq', {
      faq: [{ question: 'Are your gemstones certified?', answer: 'Yes, and the certificate travels with it.' }],
    });
    const after = rootOf((await page('/')).body);
    expect(after).toContain('Yes, and the certificate travels with it.');
    expect(after).not.toContain('Yes, by an independent laboratory.');
  });
});

describe('without a working renderer', () => {
  it('pages are the plain shell, still served', async () => {
    const broken = path.join(tmp, 'broken-renderer.js');
    fs.writeFileSync(broken, 'export async function render() { throw new Error("renderer down"); }\n');
    for (const rendererFile of [broken, path.join(tmp, 'missing.js'), null]) {
      const other = await createTestApp({}, { webDir, rendererFile, database: t.database });
      try {
        const res = await other.request({ method: 'GET', url: '/all', headers: { 'accept-encoding': 'identity' } });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).toContain('rel="preload" as="fetch" href="/p1/api/filter/all"');
        expect(res.body).toContain('href="/assets/ListingPage-L.js"');
        expect(res.body).not.toContain('hydrate-H.js');
        expect(bootOf(res.body)).toBeUndefined();
      } finally {
        await other.app.close();
      }
    }
  });
});

describe('a stone’s page, at its menus’ address or its short one', () => {
  it('is headed and titled alike at both, by the stone’s display name where it has one', async () => {
    const [found] = await t.app.db.select().from(categories).where(eq(categories.name, 'Gemstones'));
    const categoryId =
      found?.id ?? ((await t.app.db.insert(categories).values({ name: 'Gemstones' }).returning())[0]?.id as string);
    const [yellow] = await t.app.db.insert(subcategories).values({ name: 'Natural Yellow Sapphire', categoryId }).returning();
    const [moon] = await t.app.db
      .insert(subcategories)
      .values({ name: 'Chandrakant', displayName: 'Moonstone', categoryId })
      .returning();
    await createProduct(t.app.db, { name: 'Ceylon Pukhraj 5 Carat', categoryId, subcategoryId: yellow?.id });
    await createProduct(t.app.db, { name: 'Rainbow Moonstone 9 Carat', categoryId, subcategoryId: moon?.id });
    await t.app.catalogueSettled();
    const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(rootOf(html))?.[1];
    const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    for (const url of ['/gemstones-natural-yellow-sapphire', '/natural-yellow-sapphire']) {
      const html = (await page(url)).body;
      expect(h1(html), url).toBe('Natural Yellow Sapphire Gemstones');
      expect(titleOf(html), url).toBe('Natural Yellow Sapphire Gemstones | Ratna Gems');
      expect(rootOf(html), url).toContain('Ceylon Pukhraj 5 Carat');
    }
    for (const url of ['/gemstones-chandrakant', '/chandrakant']) {
      const html = (await page(url)).body;
      expect(h1(html), url).toBe('Moonstone');
      expect(titleOf(html), url).toBe('Moonstone Gemstones | Ratna Gems');
      expect(rootOf(html), url).toContain('Remove filter: Moonstone');
    }
  });
});
