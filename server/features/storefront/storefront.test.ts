import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSaleResponse } from '../../../contract/promotions.js';
import { StorefrontImageResponse, StorefrontResponse, StorefrontSaved } from '../../../contract/storefront.js';
import { categories, subcategories } from '../../db/schema.js';
import { sweepMedia } from '../../media/sweep.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { makeImage, multipart, storedFiles } from '../products/test-kit.js';
import { seedDemoSales } from '../promotions/seed.js';
import { DEMO_FAQ, DEMO_SLIDES, DEMO_TILES, seedStorefront } from './seed.js';

/** The instant the shop works at: tests move it. */
let now = new Date('2026-11-24T06:30:00.000Z');
let t: TestApp;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn();
});
afterAll(() => t.close());

const minutes = (m: number) => new Date(now.getTime() + m * 60_000);

async function publicContent() {
  const res = await t.request({ method: 'GET', url: '/a1/api/storefront' });
  expect(res.statusCode, res.body).toBe(200);
  return StorefrontResponse.parse(res.json()).storefront;
}
async function adminContent() {
  const res = await t.request({ method: 'GET', url: '/a1/api/admin/storefront', cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return StorefrontResponse.parse(res.json()).storefront;
}
const put = (list: string, payload: unknown, cookie = admin.cookie) =>
  t.request({ method: 'PUT', url: `/a1/api/admin/storefront/${list}`, cookie, payload: payload as object });

const slide = (over: object = {}) => ({
  image: '/images/hero-1.svg',
  kicker: 'New in',
  heading: 'Colombian emeralds',
  text: 'Certified and energised.',
  cta: 'Shop Emerald',
  link: '/gemstones-emerald',
  ...over,
});

describe('the demo home page', () => {
  it('is seeded with today’s slides, tiles and FAQ, and banners linked to the sales they advertise', async () => {
    // The demo's Gemstones › Emerald and Ruby, as the demo catalogue makes them.
    const [c] = await t.database.db.insert(categories).values({ name: 'Gemstones' }).returning();
    await t.database.db.insert(subcategories).values([
      { name: 'Emerald', categoryId: (c as { id: string }).id },
      { name: 'Ruby', categoryId: (c as { id: string }).id },
    ]);
    await seedDemoSales(t.database.db, minutes(-1));
    await seedStorefront(t.database.db);
    await seedStorefront(t.database.db); // a second run adds nothing

    const home = await publicContent();
    expect(home.slides.map((s) => s.heading)).toEqual(DEMO_SLIDES.map((s) => s.heading));
    expect(home.tiles).toHaveLength(8);
    expect(home.tiles.map((s) => s.path)).toEqual(DEMO_TILES.map((s) => s.path));
    expect(home.faq.map((f) => f.question)).toEqual(DEMO_FAQ.map((f) => f.question));
    // Each banner's badge is its sale's percentage, from the sale itself.
    expect(home.banners.map((b) => [b.heading, b.path, b.sale?.percentoff])).toEqual([
      ['Natural Emerald (Panna)', '/gemstones-emerald', 20],
      ['Natural Ruby (Manik)', '/gemstones-ruby', 15],
    ]);

    // The merchant changes the emerald sale to 25%: the banner says so at once.
    const emerald = home.banners[0]?.sale?._id as string;
    const changed = await t.request({
      method: 'PATCH',
      url: `/p1/api/admin/sales/${emerald}`,
      cookie: admin.cookie,
      payload: { percentoff: 25 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await publicContent()).banners[0]?.sale?.percentoff).toBe(25);
  });
});

describe('who may change the home page', () => {
  it('refuses visitors (401) and shoppers (403) before looking at the input', async () => {
    const writes = [
      ['PUT', '/a1/api/admin/storefront/slides'],
      ['PUT', '/a1/api/admin/storefront/banners'],
      ['PUT', '/a1/api/admin/storefront/tiles'],
      ['PUT', '/a1/api/admin/storefront/faq'],
      ['POST', '/a1/api/admin/storefront/image'],
    ] as const;
    for (const [method, url] of writes) {
      for (const payload of [{ slides: [slide()] }, 'not json']) {
        expect((await t.request({ method, url, payload })).statusCode, url).toBe(401);
        expect((await t.request({ method, url, cookie: shopper.cookie, payload })).statusCode, url).toBe(403);
      }
    }
    expect((await t.request({ method: 'GET', url: '/a1/api/admin/storefront' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/a1/api/admin/storefront', cookie: shopper.cookie })).statusCode).toBe(403);
    // Nothing changed.
    expect((await publicContent()).slides.map((s) => s.heading)).toEqual(DEMO_SLIDES.map((s) => s.heading));
  });
});

describe('hero slides, tiles and FAQ', () => {
  it('replaces a list in the order given; the home page and the admin read the same', async () => {
    const res = await put('slides', {
      slides: [slide({ heading: '  Second  ' }), slide({ heading: 'First', kicker: undefined, text: undefined, cta: undefined })],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = StorefrontSaved.parse(res.json()).storefront;
    expect(saved.slides.map((s) => [s.heading, s.kicker])).toEqual([
      ['Second', 'New in'],
      ['First', ''],
    ]);
    expect((await publicContent()).slides).toEqual(saved.slides);

    const tiles = await put('tiles', {
      tiles: [{ image: '/images/categories/opal.svg', name: 'Opal', path: '/gemstones-opal' }],
    });
    expect(tiles.statusCode, tiles.body).toBe(200);
    expect((await publicContent()).tiles.map((x) => x.name)).toEqual(['Opal']);

    const faq = await put('faq', {
      faq: [
        { question: 'Do you ship to Canada?', answer: 'Yes, in 15 days. See [Shipping](/shipping-policy).' },
        { question: 'Are the stones natural?', answer: 'Yes.' },
      ],
    });
    expect(faq.statusCode, faq.body).toBe(200);
    expect((await publicContent()).faq.map((f) => f.question)).toEqual(['Do you ship to Canada?', 'Are the stones natural?']);
    expect((await put('faq', { faq: [] })).statusCode).toBe(200);
    expect((await adminContent()).faq).toEqual([]);
  });

  it('refuses bad content with the field at fault (400), and a body that is not JSON (415)', async () => {
    const before = await publicContent();
    const cases: [string, object, string][] = [
      ['slides', { slides: [] }, 'slides'],
      ['slides', { slides: Array.from({ length: 7 }, () => slide()) }, 'slides'],
      ['slides', { slides: [slide({ heading: '   ' })] }, 'slides.0.heading'],
      ['slides', { slides: [slide(), slide({ link: 'https://elsewhere.example/phish' })] }, 'slides.1.link'],
      ['slides', { slides: [slide({ link: '//elsewhere.example' })] }, 'slides.0.link'],
      ['slides', { slides: [slide({ link: 'gemstones-ruby' })] }, 'slides.0.link'],
      ['slides', { slides: [slide({ image: 'javascript:alert(1)' })] }, 'slides.0.image'],
      ['slides', { slides: [slide({ image: 'http://insecure.example/a.png' })] }, 'slides.0.image'],
      ['slides', { slides: [slide({ image: '' })] }, 'slides.0.image'],
      ['slides', { slides: 'many' }, 'slides'],
      ['tiles', { tiles: Array.from({ length: 13 }, () => ({ image: '/a.png', name: 'x', path: '/x' })) }, 'tiles'],
      ['tiles', { tiles: [{ image: '/a.png', name: '', path: '/x' }] }, 'tiles.0.name'],
      ['faq', { faq: [{ question: 'Why?', answer: ' ' }] }, 'faq.0.answer'],
      ['faq', { faq: [{ question: 'x'.repeat(301), answer: 'Yes' }] }, 'faq.0.question'],
      // browsers read /\host/ as //host/: a link in an answer may only be a page of the shop
      ['faq', { faq: [{ question: 'Where?', answer: 'See [our stones](/\\elsewhere.example/).' }] }, 'faq.0.answer'],
      ['faq', { faq: [{ question: 'Where?', answer: 'See [our stones](//elsewhere.example/).' }] }, 'faq.0.answer'],
      ['faq', { faq: [{ question: 'Where?', answer: 'See [our stones](https://elsewhere.example).' }] }, 'faq.0.answer'],
      ['banners', { banners: [{ image: '/a.png', heading: 'Sale', path: '/all', saleId: 'not-an-id' }] }, 'banners.0.saleId'],
      [
        'banners',
        { banners: [{ image: '/a.png', heading: 'Sale', path: '/all', saleId: crypto.randomUUID() }] },
        'banners.0.saleId',
      ],
    ];
    for (const [list, body, path] of cases) {
      const res = await put(list, body);
      expect(res.statusCode, `${list} ${JSON.stringify(body).slice(0, 120)}`).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const text = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/storefront/faq',
      cookie: admin.cookie,
      headers: { 'content-type': 'text/plain' },
      payload: 'faq',
    });
    expect(text.statusCode).toBe(415);
    expect(await publicContent()).toEqual(before);
  });
});

describe('promo banners', () => {
  it('show their sale’s percentage while it runs, and are kept off the home page before and after it', async () => {
    const [c] = await t.database.db
      .insert(categories)
      .values({ name: `Banner test ${Date.now()}` })
      .returning();
    const made = await t.request({
      method: 'POST',
      url: '/p1/api/admin/sales',
      cookie: admin.cookie,
      payload: {
        name: 'Diwali',
        percentoff: 30,
        categoryId: (c as { id: string }).id,
        startsAt: minutes(60).toISOString(),
        endsAt: minutes(120).toISOString(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const sale = AdminSaleResponse.parse(made.json()).sale;
    const res = await put('banners', {
      banners: [
        {
          image: '/images/promo-ruby.svg',
          heading: 'Diwali stones',
          text: 'Lit up.',
          cta: 'Shop',
          path: '/all',
          saleId: sale._id,
        },
        { image: '/images/promo-emerald.svg', heading: 'New arrivals', path: '/all' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);

    // Before the sale: only the banner without a sale; the admin sees both.
    expect((await publicContent()).banners.map((b) => b.heading)).toEqual(['New arrivals']);
    expect((await adminContent()).banners.map((b) => [b.heading, b.saleId, b.sale])).toEqual([
      ['Diwali stones', sale._id, null],
      ['New arrivals', null, null],
    ]);

    // From the instant it starts, the banner says 30% (from the sale).
    now = minutes(60);
    const during = (await publicContent()).banners;
    expect(during.map((b) => [b.heading, b.sale?.percentoff ?? null])).toEqual([
      ['Diwali stones', 30],
      ['New arrivals', null],
    ]);
    expect(during[0]?.sale).toMatchObject({ _id: sale._id, name: 'Diwali', endsAt: sale.endsAt });

    // At the instant it ends, the banner goes.
    now = new Date(sale.endsAt);
    expect((await publicContent()).banners.map((b) => b.heading)).toEqual(['New arrivals']);

    // A deleted sale leaves its banner unlinked (a plain banner), never pointing at nothing.
    const deleted = await t.request({ method: 'DELETE', url: `/p1/api/admin/sales/${sale._id}`, cookie: admin.cookie });
    expect(deleted.statusCode).toBe(200);
    expect((await publicContent()).banners.map((b) => [b.heading, b.saleId])).toEqual([
      ['Diwali stones', null],
      ['New arrivals', null],
    ]);
  });
});

describe('pictures', () => {
  const upload = async (files: { name: string; filename: string; body: Buffer; type?: string }[], cookie = admin.cookie) => {
    const body = await multipart({}, files);
    return t.request({ method: 'POST', url: '/a1/api/admin/storefront/image', cookie, ...body });
  };

  it('are stored as WebP widths like product images, and kept by the media sweep while the home page uses them', async () => {
    const res = await upload([
      { name: 'image', filename: 'hero.png', body: await makeImage('png', 1600, 640), type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { url } = StorefrontImageResponse.parse(res.json());
    const folder = /^\/uploads\/(products\/[0-9a-f-]{36})\/1280\.webp$/.exec(url)?.[1];
    expect(folder, url).toBeTruthy();
    expect(storedFiles(t).filter((f) => f.startsWith(`${folder}/`))).toEqual(
      ['1280.webp', '320.webp', '640.webp', 'original.png'].map((f) => `${folder}/${f}`),
    );
    const served = await t.request({ method: 'GET', url: url.replace('1280', '640') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const orphan = StorefrontImageResponse.parse(
      (await upload([{ name: 'image', filename: 'x.jpg', body: await makeImage('jpeg'), type: 'image/jpeg' }])).json(),
    ).url;
    const saved = await put('slides', { slides: [slide({ image: url, heading: 'Uploaded' })] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publicContent()).slides[0]?.image).toBe(url);

    // A day later the sweep removes the picture nothing uses and keeps the slide's.
    const swept = await sweepMedia(t.database.db, t.app.media, { now: new Date(Date.now() + 2 * 86_400_000) });
    const orphanFolder = /(products\/[0-9a-f-]{36})\//.exec(orphan)?.[1] as string;
    expect(swept.deleted.some((k) => k.startsWith(orphanFolder))).toBe(true);
    expect(swept.deleted.some((k) => k.startsWith(folder as string))).toBe(false);
    expect(storedFiles(t).some((f) => f.startsWith(`${folder}/`))).toBe(true);
  });

  it('refuses what is not a picture (415), a body that is not a form (415), none (400) and one too large (413)', async () => {
    const fake = await upload([
      { name: 'image', filename: 'evil.png', body: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' },
    ]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().errors[0].path).toBe('image');
    const json = await t.request({
      method: 'POST',
      url: '/a1/api/admin/storefront/image',
      cookie: admin.cookie,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const none = await upload([{ name: 'other', filename: 'a.png', body: await makeImage('png') }]);
    expect(none.statusCode).toBe(400);
    const big = await upload([{ name: 'image', filename: 'big.png', body: Buffer.alloc(10 * 1024 * 1024 + 10, 1) }]);
    expect(big.statusCode).toBe(413);
  });
});

describe('kept pages', () => {
  it('are forgotten when the home page’s content changes, and kept when a change is refused', async () => {
    const remember = () => t.app.renderedPages.remember('/', { html: 'old' }, t.app.renderedPages.currentGeneration);
    remember();
    expect((await put('faq', { faq: [{ question: 'Q?', answer: '' }] })).statusCode).toBe(400);
    expect(t.app.renderedPages.recall('/')).toEqual({ html: 'old' });
    expect((await put('faq', { faq: [{ question: 'Q?', answer: 'A.' }] })).statusCode).toBe(200);
    expect(t.app.renderedPages.recall('/')).toBeUndefined();
  });
});
