import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, subcategories } from '../../db/schema.js';
import { seedDemo } from '../../seed/index.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { STOREFRONT_LISTING_PAGES } from './pages.js';

const PUBLIC = 'https://shop.example.in';
let t: TestApp;
let gemstones: string;
let ruby: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: PUBLIC });
  await seedDemo(t.database, t.app.media, () => {}, { images: false });
  const [cat] = await t.app.db.select().from(categories).where(eq(categories.name, 'Gemstones'));
  const [sub] = await t.app.db.select().from(subcategories).where(eq(subcategories.name, 'Ruby'));
  gemstones = cat?.id as string;
  ruby = sub?.id as string;
});
afterAll(() => t.close());

type Extra = Partial<typeof products.$inferInsert>;
async function addProduct(slug: string, extra: Extra = {}) {
  const [row] = await t.app.db
    .insert(products)
    .values({
      name: `Test ${slug}`,
      slug,
      pricePaise: 1234550,
      description: 'A test stone.',
      categoryId: gemstones,
      subcategoryId: ruby,
      stock: 4,
      ...extra,
    })
    .returning();
  return row as typeof products.$inferSelect;
}

const page = (url: string) => t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const jsonLd = (html: string) => {
  const all = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(all.length).toBe(1);
  return JSON.parse((all[0] as RegExpMatchArray)[1] as string);
};
const htmlText = (s: string | undefined) =>
  (s ?? '').replace(
    /&lt;|&gt;|&quot;|&#39;|&amp;/g,
    (e) => ({ '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' })[e] as string,
  );

describe('product pages', () => {
  it('carry their own title, description, canonical link, Open Graph tags and Product JSON-LD', async () => {
    const p = await addProduct('burmese-ruby-manik-5-25-carat-oval', {
      name: 'Burmese Ruby (Manik) 5.25 Carat Oval',
      metatitle: 'Burmese Ruby 5.25 Ct | Ratna Gems',
      metadescription: 'An unheated Burmese ruby of 5.25 carat.',
      images: [
        '/uploads/products/0b6f3a52-6f2e-4f0e-9d7e-1c2b3a4d5e6f/1280.webp',
        '/uploads/products/1b6f3a52-6f2e-4f0e-9d7e-1c2b3a4d5e6f/1280.webp',
      ],
      brand: 'Ratna Gems',
      pricePaise: 4500050,
      stock: 3,
    });
    const res = await page('/gemstones/ruby/burmese-ruby-manik-5-25-carat-oval');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(title(html)).toBe('Burmese Ruby 5.25 Ct | Ratna Gems');
    expect(meta(html, 'name', 'description')).toBe('An unheated Burmese ruby of 5.25 carat.');
    const url = `${PUBLIC}/gemstones/ruby/burmese-ruby-manik-5-25-carat-oval`;
    expect(canonical(html)).toBe(url);
    expect(meta(html, 'property', 'og:url')).toBe(url);
    expect(meta(html, 'property', 'og:type')).toBe('product');
    expect(meta(html, 'property', 'og:title')).toBe('Burmese Ruby 5.25 Ct | Ratna Gems');
    expect(meta(html, 'property', 'og:image')).toBe(`${PUBLIC}/uploads/products/0b6f3a52-6f2e-4f0e-9d7e-1c2b3a4d5e6f/1280.webp`);
    expect(html).not.toMatch(/name="robots"/);

    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Burmese Ruby (Manik) 5.25 Carat Oval',
      description: 'A test stone.',
      sku: p.id,
      brand: { '@type': 'Brand', name: 'Ratna Gems' },
      image: [
        `${PUBLIC}/uploads/products/0b6f3a52-6f2e-4f0e-9d7e-1c2b3a4d5e6f/1280.webp`,
        `${PUBLIC}/uploads/products/1b6f3a52-6f2e-4f0e-9d7e-1c2b3a4d5e6f/1280.webp`,
      ],
      offers: { '@type': 'Offer', price: '45000.50', priceCurrency: 'INR', availability: 'https://schema.org/InStock', url },
    });
  });

  it('fall back to the name and the description, and say when a product is out of stock', async () => {
    const long = `${'Certified natural ruby with a fine red colour and excellent lustre. '.repeat(5)}End.`;
    await addProduct('sold-out-ruby', { name: 'Sold Out Ruby', description: long, stock: 0, pricePaise: 150000, brand: '' });
    const html = (await page('/gemstones/ruby/sold-out-ruby')).body;
    expect(title(html)).toBe('Sold Out Ruby | Ratna Gems');
    const description = meta(html, 'name', 'description') as string;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(long.startsWith(description.slice(0, -1))).toBe(true);
    const ld = jsonLd(html);
    expect(ld.offers).toMatchObject({ price: '1500.00', availability: 'https://schema.org/OutOfStock' });
    expect(ld.brand.name).toBe('Ratna Gems');
    expect(ld.image).toEqual([]);
    expect(meta(html, 'property', 'og:image')).toBeUndefined();
  });

  it('use the real category and subcategory in the canonical link, lower-case with spaces as hyphens', async () => {
    const [yellow] = await t.app.db.select().from(subcategories).where(eq(subcategories.name, 'Natural Yellow Sapphire'));
    await addProduct('pukhraj-canonical', { subcategoryId: yellow?.id as string });
    const html = (await page('/anything/else/pukhraj-canonical')).body;
    expect(canonical(html)).toBe(`${PUBLIC}/gemstones/natural-yellow-sapphire/pukhraj-canonical`);
  });

  it('escape a hostile name everywhere and never let JSON-LD close its script tag', async () => {
    const hostile = '<script>alert(1)</script>';
    const sneaky = 'Fine stone </script><script>alert(2)</script> <!-- & "quoted" \u2028';
    await addProduct('hostile-stone', { name: hostile, description: sneaky, metadescription: `"><img src=x onerror=alert(3)>` });
    const res = await page('/gemstones/ruby/hostile-stone');
    expect(res.statusCode).toBe(200);
    const html = head(res.body);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</script><script>');
    expect(title(html)).toBe('&lt;script&gt;alert(1)&lt;/script&gt; | Ratna Gems');
    expect(htmlText(meta(html, 'name', 'description'))).toBe('"><img src=x onerror=alert(3)>');
    // The only inline script is the JSON-LD, closed only by its own end tag.
    expect(html).not.toMatch(/<script>/);
    expect(html.match(/<script type="application\/ld\+json">/g)?.length).toBe(1);
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script/g)?.length);
    const ld = jsonLd(html);
    expect(ld.name).toBe(hostile);
    expect(ld.description).toBe(sneaky.replace(/\s+/g, ' ').trim());
  });

  it('answer 404 with "Product Not Found" for an unknown or hidden product, and still serve the app', async () => {
    await addProduct('hidden-ruby', { name: 'Hidden Ruby', isActive: false });
    for (const url of ['/gemstones/ruby/hidden-ruby', '/gemstones/ruby/no-such-stone']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(title(res.body)).toBe('Product Not Found | Ratna Gems');
      expect(meta(res.body, 'name', 'description')).toBe('The requested product could not be found.');
      expect(meta(res.body, 'name', 'robots')).toBe('noindex');
      expect(res.body).not.toContain('Hidden Ruby');
      expect(res.body).toMatch(/<div id="root">/);
    }
  });
});

describe('listing and static pages', () => {
  it('title listing pages from the names their term matches', async () => {
    const cases: [string, string][] = [
      ['/all', 'All Products | Ratna Gems'],
      ['/gemstones-ruby', 'Ruby Gemstones | Ratna Gems'],
      ['/ruby', 'Ruby Gemstones | Ratna Gems'],
      ['/natural-yellow-sapphire', 'Natural Yellow Sapphire Gemstones | Ratna Gems'],
      ['/gemstones-sapphire', 'Sapphire Gemstones | Ratna Gems'],
      // A stone's display name, not the name its address is made of.
      ['/gemstones-catseye', "Cat's Eye Gemstones | Ratna Gems"],
      ['/gemstones-lapislazuli', 'Lapis Lazuli Gemstones | Ratna Gems'],
      ['/gemstones-lapislazuli-max-5000', 'Lapis Lazuli Gemstones under ₹5,000 | Ratna Gems'],
      ['/jewellery-rings', 'Jewellery Rings | Ratna Gems'],
      ['/jewellery', 'Jewellery | Ratna Gems'],
      ['/search-blue-stone', 'Blue Stone | Ratna Gems'],
      ['/jewellery-rings-min-5000-max-20000-sort-asc-page-2', 'Jewellery Rings ₹5,000 to ₹20,000 – Page 2 | Ratna Gems'],
      ['/emerald-min-1000', 'Emerald Gemstones from ₹1,000 | Ratna Gems'],
    ];
    for (const [url, expected] of cases) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(htmlText(title(res.body)), url).toBe(expected);
      expect(meta(res.body, 'name', 'description'), url).toMatch(/^Shop .+ online at Ratna Gems, Ludhiana/);
    }
    expect(htmlText(meta((await page('/gemstones-catseye')).body, 'name', 'description'))).toMatch(
      /^Shop cat's eye gemstones online/,
    );
    // Sorting is left out of the canonical link; the rest of the term stays.
    expect(canonical((await page('/jewellery-rings-sort-desc-page-2')).body)).toBe(`${PUBLIC}/jewellery-rings-page-2`);
  });

  it('give a stone’s short address the canonical link of the page its menus link to, the same products', async () => {
    const cases: [string, string][] = [
      ['/ruby', '/gemstones-ruby'],
      ['/Ruby', '/gemstones-ruby'],
      ['/natural-yellow-sapphire', '/gemstones-natural-yellow-sapphire'],
      ['/emerald-sort-asc', '/gemstones-emerald'],
      ['/pink-sapphire-min-1000-page-2', '/gemstones-pink-sapphire-min-1000-page-2'],
      ['/rings', '/jewellery-rings'],
      ['/gemstones-ruby', '/gemstones-ruby'],
      // Name searches and categories keep their own addresses.
      ['/gemstones-lolite', '/gemstones-lolite'],
      ['/gemstones-sapphire', '/gemstones-sapphire'],
      ['/search-ruby', '/search-ruby'],
      ['/jewellery', '/jewellery'],
    ];
    for (const [url, expected] of cases) expect(canonical((await page(url)).body), url).toBe(`${PUBLIC}${expected}`);
    const menus = (await t.request({ method: 'GET', url: '/c1/api/menus' })).json().menus as { links: { to: string }[] }[];
    const links = menus.flatMap((m) => m.links.map((l) => l.to));
    expect(links).toContain('/gemstones-ruby');
    expect(links).toContain('/gemstones-natural-yellow-sapphire');
    // The same products at both addresses.
    const listed = async (term: string) =>
      (await t.request({ method: 'GET', url: `/p1/api/filter/${term}` })).json().products.map((p: { _id: string }) => p._id);
    expect(await listed('natural-yellow-sapphire')).toEqual(await listed('gemstones-natural-yellow-sapphire'));
  });

  it('keep a short address that lists a stone of that name under two categories', async () => {
    const [jewellery] = await t.app.db.select().from(categories).where(eq(categories.name, 'Jewellery'));
    const [coral] = await t.app.db
      .insert(subcategories)
      .values({ name: 'Coral', categoryId: jewellery?.id as string })
      .returning();
    await addProduct('coral-bead-necklace', { categoryId: jewellery?.id, subcategoryId: coral?.id });
    await t.app.catalogueSettled();
    expect(canonical((await page('/coral')).body)).toBe(`${PUBLIC}/coral`);
    expect(canonical((await page('/gemstones-coral')).body)).toBe(`${PUBLIC}/gemstones-coral`);
  });

  it('give every storefront gemstone and jewellery page a specific title', async () => {
    for (const term of STOREFRONT_LISTING_PAGES) {
      const res = await page(`/${term}`);
      expect(res.statusCode).toBe(200);
      const text = htmlText(title(res.body));
      expect(text, term).toMatch(/^(.+ Gemstones|Jewellery \w+) \| Ratna Gems$/);
      expect(text, term).not.toMatch(/^All Products/);
    }
  });

  it('give static pages their own titles, and keep private ones out of search results', async () => {
    const about = await page('/about');
    expect(title(about.body)).toBe('About Us | Ratna Gems');
    expect(canonical(about.body)).toBe(`${PUBLIC}/about`);
    expect(meta(about.body, 'name', 'robots')).toBeUndefined();
    const ret = await page('/Return-policy');
    expect(title(ret.body)).toBe('Return Policy | Ratna Gems');
    expect(canonical(ret.body)).toBe(`${PUBLIC}/return-policy`);
    for (const [url, name] of [
      ['/cart', 'Shopping Cart'],
      ['/checkout', 'Checkout'],
      ['/my-orders', 'My Orders'],
      ['/account', 'My Account'],
      ['/signin', 'Sign In'],
      ['/dashboard/products', 'Dashboard'],
    ]) {
      const res = await page(url as string);
      expect(res.statusCode).toBe(200);
      expect(title(res.body), url).toBe(`${name} | Ratna Gems`);
      expect(meta(res.body, 'name', 'robots'), url).toBe('noindex');
    }
    const home = await page('/');
    expect(title(home.body)).toBe('Ratna Gems Ludhiana | Certified Gemstones and Jewellery');
    expect(canonical(home.body)).toBe(`${PUBLIC}/`);
    expect(jsonLd(home.body)).toMatchObject({ '@type': 'WebSite', url: `${PUBLIC}/` });
  });
  it('still serve the app with the default meta when the database cannot answer', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      for (const url of ['/gemstones/ruby/any-stone', '/gemstones-ruby']) {
        const res = await broken.request({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(200);
        expect(title(res.body), url).toBe('Ratna Gems Ludhiana | Certified Gemstones and Jewellery');
        expect(res.body).toMatch(/<div id="root">/);
      }
    } finally {
      await broken.app.close();
      fs.rmSync(broken.dataDir, { recursive: true, force: true });
    }
  });
});

describe('preload hints', () => {
  const preloads = (html: string) =>
    [...head(html).matchAll(/<link rel="preload" as="(\w+)" href="([^"]*)"([^>]*)>/g)].map((m) => ({
      as: m[1],
      href: m[2],
      rest: m[3] ?? '',
    }));

  it('let a product page fetch its API answer and its main picture while the script loads', async () => {
    const p = await addProduct('ceylon-sapphire-preload', {
      images: ['/uploads/products/2b6f3a52-6f2e-4f0e-9d7e-1c2b3a4d5e6f/1280.webp'],
    });
    const links = preloads((await page(`/gemstones/ruby/${p.slug}`)).body);
    expect(links).toEqual([
      { as: 'fetch', href: `/p1/api/slug/${p.slug}`, rest: ' crossorigin="use-credentials"' },
      {
        as: 'image',
        href: '/uploads/products/2b6f3a52-6f2e-4f0e-9d7e-1c2b3a4d5e6f/1280.webp',
        rest: expect.stringContaining('imagesrcset="/uploads/products/2b6f3a52-6f2e-4f0e-9d7e-1c2b3a4d5e6f/320.webp 320w,'),
      },
    ]);
    // The hinted URL is the one the page asks for, and it answers.
    expect((await t.request({ method: 'GET', url: links[0]?.href as string })).statusCode).toBe(200);
  });

  it('let a listing fetch its page of products, in the lower case the screen asks for', async () => {
    const links = preloads((await page('/Gemstones-Ruby-SORT-asc')).body);
    expect(links).toEqual([
      { as: 'fetch', href: '/p1/api/filter/gemstones-ruby-sort-asc', rest: ' crossorigin="use-credentials"' },
    ]);
    const odd = preloads((await page('/search-%22ruby%22')).body);
    expect(odd.map((l) => l.href)).toEqual(['/p1/api/filter/search-%22ruby%22']);
  });

  it('are left out of pages that load no catalogue data, and of unknown products', async () => {
    for (const url of ['/', '/cart', '/about', '/gemstones/ruby/no-such-stone'])
      expect(preloads((await page(url)).body), url).toEqual([]);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('list every active product page and no hidden one, with absolute escaped addresses and lastmod', async () => {
    // A category whose name needs escaping in XML.
    const [cat] = await t.app.db.insert(categories).values({ name: "Collector's Pieces" }).returning();
    const [sub] = await t.app.db
      .insert(subcategories)
      .values({ name: 'Old & Rare', categoryId: cat?.id as string })
      .returning();
    await addProduct('collectors-spinel', { categoryId: cat?.id, subcategoryId: sub?.id });
    await addProduct('hidden-in-sitemap', { isActive: false });

    const res = await t.request({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const body = res.body;
    expect(
      body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'),
    ).toBe(true);
    expect(body.trim().endsWith('</urlset>')).toBe(true);
    const urls = [...body.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g)];
    expect(urls.length).toBe(body.match(/<url>/g)?.length);
    const locs = urls.map((m) => m[1] as string);
    expect(new Set(locs).size).toBe(locs.length);
    for (const m of urls) {
      expect(m[1]?.startsWith(`${PUBLIC}/`)).toBe(true);
      expect(Number.isNaN(Date.parse(m[2] as string))).toBe(false);
    }
    // No raw ampersand or apostrophe: only entities.
    expect(body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(locs).toContain(`${PUBLIC}/collector&apos;s-pieces/old-%26-rare/collectors-spinel`);

    const rows = await t.app.db
      .select({ slug: products.slug, active: products.isActive, category: categories.name, subcategory: subcategories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId));
    const word = (s: string) =>
      encodeURIComponent(
        s
          .toLowerCase()
          .split(/[\s-]+/)
          .join('-'),
      ).replace(/'/g, '&apos;');
    const active = rows.filter((r) => r.active);
    const hidden = rows.filter((r) => !r.active);
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    for (const r of active) expect(locs).toContain(`${PUBLIC}/${word(r.category)}/${word(r.subcategory)}/${r.slug}`);
    for (const r of hidden) expect(body).not.toContain(`/${r.slug}<`);
    expect(locs.filter((l) => l.split('/').length === 6).length).toBe(active.length);

    // Listing pages: home, all, categories, subcategories, the storefront's pages, the policies.
    for (const path of [
      '/',
      '/all',
      '/gemstones',
      '/jewellery',
      '/gemstones-ruby',
      '/jewellery-rings',
      '/about',
      '/shipping-policy',
      '/return-policy',
    ]) {
      expect(locs).toContain(`${PUBLIC}${path}`);
    }
    for (const path of ['/cart', '/checkout', '/my-orders', '/account', '/dashboard', '/signin'])
      expect(locs).not.toContain(`${PUBLIC}${path}`);
  });

  it('list the pages the menus link to, each page once by its canonical address', async () => {
    const body = (await t.request({ method: 'GET', url: '/sitemap.xml' })).body;
    const locs = [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) =>
      (m[1] as string).replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
    );
    const menus = (await t.request({ method: 'GET', url: '/c1/api/menus' })).json().menus as { links: { to: string }[] }[];
    const links = menus.flatMap((m) => m.links.map((l) => l.to));
    expect(links.length).toBeGreaterThan(20);
    for (const to of links) expect(locs, to).toContain(`${PUBLIC}${to}`);
    // The storefront's short addresses are the same pages as the menus' ones: listed by those alone.
    for (const short of ['/ruby', '/natural-yellow-sapphire', '/natural-blue-sapphire', '/emerald', '/pink-sapphire'])
      expect(locs, short).not.toContain(`${PUBLIC}${short}`);
    // Every storefront page is there by its canonical address, and every listing listed is its own canonical page.
    for (const term of STOREFRONT_LISTING_PAGES) {
      const own = htmlText(canonical((await page(`/${term}`)).body));
      expect(locs, term).toContain(own);
    }
    const listings = locs.filter((l) => l.split('/').length === 4 && l !== `${PUBLIC}/`);
    expect(listings.length).toBeGreaterThan(30);
    for (const loc of listings) expect(htmlText(canonical((await page(loc.slice(PUBLIC.length))).body)), loc).toBe(loc);
  });

  it('robots.txt allows everything but the back-office, cart, checkout, orders and the account, and names the sitemap', async () => {
    const res = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /my-orders',
        'Disallow: /account',
        '',
        `Sitemap: ${PUBLIC}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('are documented in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const path of ['/sitemap.xml', '/robots.txt']) {
      const op = doc.paths[path]?.get;
      expect(op, path).toBeDefined();
      expect(op.tags).toEqual(['Findability']);
      expect(op.summary.length).toBeGreaterThan(10);
      const content = op.responses['200'].content;
      const schema = (Object.values(content)[0] as { schema: { type: string } }).schema;
      expect(schema.type).toBe('string');
    }
  });
});
