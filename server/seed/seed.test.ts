import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { COLOUR_PALETTE, IMAGE_WIDTHS } from '../../contract/catalogue.js';
import { DesignsResponse, MetalRatesResponse, PiecePriceResponse } from '../../contract/made-to-order.js';
import { parseConfig } from '../config.js';
import { type Database, openPostgres } from '../db/client.js';
import { categories, products, subcategories } from '../db/schema.js';
import { STOREFRONT_LISTING_PAGES } from '../features/seo/pages.js';
import { localMediaStore } from '../media/storage.js';
import { startTestS3 } from '../media/test-support.js';
import { prepareDatabase } from '../startup.js';
import { withDatabase } from '../test/global-setup.js';
import { createTestApp, freshDatabase, onPostgres, type TestApp } from '../test/helpers.js';
import { buildCatalogue, MAX_PRICE_RUPEES, MIN_PRICE_RUPEES } from './catalogue.js';
import { seedDemo } from './index.js';

const quiet = () => {};

async function counts(database: Database) {
  const [row] = await database.query<{ c: number; s: number; p: number; a: number }>(
    `select (select count(*)::int from categories) as c, (select count(*)::int from subcategories) as s,
            (select count(*)::int from products) as p, (select count(*)::int from products where is_active) as a`,
  );
  return row;
}

/** A database of its own that start-up opens from the settings, as the server does. */
async function startupSettings(seed: boolean, more: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-startup-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: String(seed),
    ADMIN_MOBILE: '9000000099',
    ADMIN_PASSWORD: 'start-up-admin-pass',
    ...more,
  };
  let drop = async () => {};
  if (onPostgres) {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `shop_t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(url, 1);
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    env.DATABASE_URL = withDatabase(url, name);
    drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.close();
    };
  }
  return {
    config: parseConfig(env),
    media: localMediaStore(path.join(dataDir, 'uploads')),
    async cleanup() {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('the demo catalogue with its pictures', () => {
  let t: TestApp;
  let cacheDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    // `npm test` names one picture cache for the whole run (scripts/test.sh), so the pictures are drawn once
    // per run, not once per engine; alone, the file draws into an empty directory of its own.
    cacheDir = process.env.SHOP_TEST_PICTURES ?? fs.mkdtempSync(path.join(os.tmpdir(), 'seed-cache-test-'));
  });
  afterAll(async () => {
    await t.close();
    if (!process.env.SHOP_TEST_PICTURES) fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it('draws and stores every picture, served over /uploads as WebP in every width', { timeout: 600_000 }, async () => {
    const result = await seedDemo(t.database, t.app.media, quiet, { cacheDir });
    expect(result.seeded).toBe(true);
    if (!result.seeded) return;
    expect(result.products).toBeGreaterThanOrEqual(190);
    expect(result.designs).toBeGreaterThan(50);

    const rows = await t.app.db.select({ images: products.images, name: products.name }).from(products);
    expect(rows.length).toBe(result.products);
    const urls = rows.flatMap((r) => r.images);
    expect(urls.length).toBe(result.images);
    for (const r of rows) {
      expect(r.images.length, r.name).toBeGreaterThanOrEqual(2);
      expect(r.images.length, r.name).toBeLessThanOrEqual(3);
    }
    // Every stored URL is /uploads/products/<uuid>/1280.webp, as uploads are, and no two products share a file.
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\/1280\.webp$/);
    for (const url of urls) {
      for (const width of IMAGE_WIDTHS) {
        const key = (t.app.media.keyFromUrl(url) as string).replace('1280.webp', `${width}.webp`);
        expect(await t.app.media.exists(key), key).toBe(true);
      }
    }
    // Through HTTP: a sample of every width is a real WebP of that width.
    for (const url of urls.filter((_, i) => i % 40 === 0)) {
      for (const width of IMAGE_WIDTHS) {
        const res = await t.request({ method: 'GET', url: url.replace('1280.webp', `${width}.webp`) });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(width);
      }
    }
    // Pictures of one drawing are identical copies; different drawings differ.
    const distinct = new Set<string>();
    for (const url of urls) {
      const key = t.app.media.keyFromUrl(url) as string;
      const file = path.join(t.dataDir, 'uploads', key);
      distinct.add(crypto.createHash('sha1').update(fs.readFileSync(file)).digest('hex'));
    }
    expect(distinct.size).toBe(result.designs);
  });

  it('seeds once: a second run leaves the shop as it is', async () => {
    const before = await counts(t.database);
    const again = await seedDemo(t.database, t.app.media, quiet, { cacheDir });
    expect(again).toEqual({ seeded: false, reason: 'the shop already has products' });
    expect(await counts(t.database)).toEqual(before);
  });

  it('a second shop draws nothing again: pictures come from the cache, byte for byte', { timeout: 600_000 }, async () => {
    const other = await createTestApp();
    try {
      const result = await seedDemo(other.database, other.app.media, quiet, { cacheDir });
      expect(result.seeded).toBe(true);
      const [a] = await t.app.db
        .select({ images: products.images })
        .from(products)
        .where(eq(products.slug, 'ceylon-blue-sapphire-neelam-3-03-carat-oval'));
      const [b] = await other.app.db
        .select({ images: products.images })
        .from(products)
        .where(eq(products.slug, 'ceylon-blue-sapphire-neelam-3-03-carat-oval'));
      expect(a?.images.length).toBeGreaterThan(0);
      // Same deterministic keys in both shops, same bytes.
      expect(b?.images).toEqual(a?.images);
      const first = await t.request({ method: 'GET', url: a?.images[0] as string });
      const second = await other.request({ method: 'GET', url: b?.images[0] as string });
      expect(second.statusCode).toBe(200);
      expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
    } finally {
      await other.close();
    }
  });
  it('a shop starting with SEED_PICTURES_DIR takes its pictures from there instead of drawing them', {
    timeout: 600_000,
  }, async () => {
    // A copy of the drawn pictures with every file's bytes replaced: what the new shop stores can only come from it.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-pictures-dir-'));
    const marker = Buffer.from('a picture kept between runs');
    for (const name of fs.readdirSync(cacheDir)) if (name.endsWith('.webp')) fs.writeFileSync(path.join(copy, name), marker);
    const s = await startupSettings(true, { SEED_PICTURES_DIR: copy });
    try {
      expect(s.config.seedPicturesDir).toBe(copy);
      const database = await prepareDatabase(s.config, quiet, s.media);
      try {
        const [row] = await database.query<{ images: string[] }>(
          `select images from products where slug = 'ceylon-blue-sapphire-neelam-3-03-carat-oval'`,
        );
        // Stored under DATA_DIR at its address (/uploads/products/<uuid>/<width>.webp).
        expect(fs.readFileSync(path.join(s.config.dataDir, row?.images[0] as string))).toEqual(marker);
      } finally {
        await database.close();
      }
    } finally {
      await s.cleanup();
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('stores the pictures in an S3 bucket when the shop keeps its media there', { timeout: 600_000 }, async () => {
    const s3 = await startTestS3();
    try {
      await s3.createBucket('seed-pictures');
      const shop = await createTestApp(s3.env('seed-pictures'));
      try {
        expect(shop.app.media.kind).toBe('s3');
        const result = await seedDemo(shop.database, shop.app.media, quiet, { cacheDir });
        expect(result.seeded).toBe(true);
        const rows = await shop.app.db.select({ images: products.images }).from(products);
        const urls = rows.flatMap((r) => r.images);
        for (const url of urls) expect(await shop.app.media.exists(shop.app.media.keyFromUrl(url) as string), url).toBe(true);
        const res = await shop.request({ method: 'GET', url: (urls[0] as string).replace('1280.webp', '640.webp') });
        expect(res.statusCode).toBe(200);
        expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
      } finally {
        await shop.close();
      }
    } finally {
      await s3.stop();
    }
  });
});

describe('what the demo catalogue holds', () => {
  let t: TestApp;
  let database: Database;
  beforeAll(async () => {
    t = await createTestApp();
    database = t.database;
    await seedDemo(database, t.app.media, quiet, { images: false });
  });
  afterAll(() => t.close());

  const listing = async (term: string) => {
    const res = await t.request({ method: 'GET', url: `/p1/api/filter/${term}` });
    expect(res.statusCode, term).toBe(200);
    return res.json() as {
      products: {
        productname: string;
        isActive: boolean;
        category: { categoryname: string };
        subcategory: { subcategoryname: string };
      }[];
      pagination: { totalCount: number };
      filter: { categories: string[]; subcategories: string[]; search: string[] };
    };
  };

  it('taxes its categories at their own HSN codes and scheduled rates: loose stones 0.25%, jewellery 3% (none at the default)', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    const res = await t.request({ method: 'GET', url: '/a1/api/admin/tax', cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const tax = (res.json() as { tax: { categoryname: string; hsn: string; gstrate: number; isdefault: boolean }[] }).tax;
    expect(tax.map(({ categoryname, hsn, gstrate, isdefault }) => ({ categoryname, hsn, gstrate, isdefault }))).toEqual([
      { categoryname: 'Gemstones', hsn: '7103', gstrate: 0.25, isdefault: false },
      { categoryname: 'Jewellery', hsn: '7113', gstrate: 3, isdefault: false },
    ]);
  });

  it('offers its designs at current metal rates: a demo ruby is priced in the solitaire ring, to the rupee', async () => {
    const designs = DesignsResponse.parse((await t.request({ method: 'GET', url: '/p1/api/designs' })).json()).designs;
    expect(designs.map((d) => d.name)).toEqual(['Navratna-style bracelet', 'Classic pendant', 'Halo ring', 'Solitaire ring']);
    const rates = MetalRatesResponse.parse((await t.request({ method: 'GET', url: '/a1/api/metal-rates' })).json()).rates;
    expect(rates.every((r) => r.current && (r.pergram ?? 0) > 0)).toBe(true);
    const ring = designs.find((d) => d.name === 'Solitaire ring');
    const rubies = await database.db
      .select({ id: products.id, shape: products.shape, carats: products.weightcarrat })
      .from(products)
      .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(eq(subcategories.name, 'Ruby'));
    const stone = rubies.find(
      (r) =>
        ring?.shapes.includes(r.shape) && Number(r.carats) >= (ring?.mincarat ?? 0) && Number(r.carats) <= (ring?.maxcarat ?? 0),
    );
    expect(stone, 'a demo ruby that fits the solitaire ring').toBeDefined();
    const res = await t.request({
      method: 'GET',
      url: `/p1/api/made-to-order/price?productId=${stone?.id}&designId=${ring?._id}&metal=gold-22k&size=14`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { price } = PiecePriceResponse.parse(res.json());
    expect(price.metal).toEqual({ grams: 4.04, rate: 7195, amount: 29067.8 });
    expect(Number.isInteger(price.total)).toBe(true);
  });

  it('has the two categories, every subcategory and about 200 products', async () => {
    const c = await counts(database);
    expect(c).toMatchObject({ c: 2, s: 29 });
    expect(c?.p).toBeGreaterThanOrEqual(190);
    expect(c?.p).toBeLessThanOrEqual(220);
    // A few hidden products, most on sale.
    expect(c?.a).toBeGreaterThan((c?.p ?? 0) - 6);
    expect(c?.a).toBeLessThan(c?.p ?? 0);
  });

  it('lists at least three active products on every gemstone and jewellery page of the storefront', async () => {
    for (const term of STOREFRONT_LISTING_PAGES) {
      const body = await listing(term);
      // Each page means something: a category, a subcategory or a name search.
      expect(body.filter.categories.length + body.filter.subcategories.length + body.filter.search.length, term).toBeGreaterThan(
        0,
      );
      expect(body.pagination.totalCount, term).toBeGreaterThanOrEqual(3);
      for (const p of body.products) expect(p.isActive).toBe(true);
    }
  });

  it('reads the pages as the grammar does: names, the lolite spelling, sapphire by name', async () => {
    expect((await listing('natural-blue-sapphire')).filter.subcategories).toEqual(['Natural Blue Sapphire']);
    expect((await listing('gemstones-catseye')).filter.subcategories).toEqual(['Catseye']);
    expect((await listing('gemstones-lapislazuli')).filter.subcategories).toEqual(['Lapislazuli']);
    const rings = await listing('jewellery-rings');
    expect(rings.filter).toMatchObject({ categories: ['Jewellery'], subcategories: ['Rings'], search: [] });
    for (const p of rings.products) expect(p.subcategory.subcategoryname).toBe('Rings');
    // No subcategory is called Sapphire or Lolite: those are name searches within Gemstones.
    const sapphires = await listing('gemstones-sapphire');
    expect(sapphires.filter).toMatchObject({ categories: ['Gemstones'], subcategories: [], search: ['sapphire'] });
    const kinds = new Set(sapphires.products.map((p) => p.subcategory.subcategoryname));
    for (const kind of ['Natural Blue Sapphire', 'Natural Yellow Sapphire', 'Pink Sapphire']) expect(kinds).toContain(kind);
    const iolites = await listing('gemstones-lolite');
    expect(iolites.filter).toMatchObject({ categories: ['Gemstones'], subcategories: [], search: ['lolite'] });
    expect(iolites.pagination.totalCount).toBeGreaterThanOrEqual(3);
    for (const p of iolites.products) {
      expect(p.subcategory.subcategoryname).toBe('Iolite');
      // One spelling: the title, the heading and the page all say Iolite.
      expect(p.productname).toMatch(/Iolite/);
      expect(p.productname).not.toMatch(/lolite/i);
    }
  });

  it('gives every product full specifications, palette colours, stock and prices in range', async () => {
    const rows = await database.db.select().from(products);
    const slugs = new Set<string>();
    let lowStock = 0;
    let selling = 0;
    for (const p of rows) {
      expect(slugs.has(p.slug), p.slug).toBe(false);
      slugs.add(p.slug);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.pricePaise).toBeGreaterThanOrEqual(MIN_PRICE_RUPEES * 100);
      expect(p.pricePaise).toBeLessThanOrEqual(MAX_PRICE_RUPEES * 100);
      expect(p.pricePaise % 100).toBe(0);
      expect(p.stock).toBeGreaterThanOrEqual(1);
      expect(p.stock).toBeLessThanOrEqual(25);
      if (p.stock <= 2) lowStock += 1;
      if (p.sold > 0) selling += 1;
      for (const field of [
        'description',
        'metatitle',
        'metadescription',
        'brand',
        'treatment',
        'cut',
        'certification',
        'shape',
        'composition',
        'origin',
        'excatdimensions',
        'dimensiontype',
        'refractiveindex',
        'specificgravity',
        'returnpolicy',
      ] as const) {
        expect(p[field].trim().length, `${p.slug} ${field}`).toBeGreaterThan(0);
      }
      expect(p.metadescription.length, p.slug).toBeLessThanOrEqual(200);
      expect(p.weightcarrat).toBeGreaterThan(0);
      // A standard ratti is 0.91 carat.
      expect(p.weightratti).toBeCloseTo((p.weightcarrat as number) / 0.91, 1);
      expect(p.weightpakkiratti).toBeGreaterThan(0);
      expect(p.weightkachiratti).toBeGreaterThan(p.weightpakkiratti as number);
      expect(p.weightgrams).toBeGreaterThan(0);
      expect(p.sizes.length).toBeGreaterThan(0);
      expect(p.colours.length).toBeGreaterThan(0);
      for (const colour of p.colours) expect(COLOUR_PALETTE).toContain(colour);
    }
    const prices = rows.map((p) => p.pricePaise);
    expect(Math.min(...prices)).toBe(MIN_PRICE_RUPEES * 100);
    expect(Math.max(...prices)).toBe(MAX_PRICE_RUPEES * 100);
    expect(lowStock).toBeGreaterThanOrEqual(3);
    expect(selling).toBeGreaterThan(rows.length / 2);
    // Indian names shoppers search for.
    const all = rows.map((p) => p.name).join(' ');
    for (const word of ['Manik', 'Panna', 'Pukhraj', 'Neelam', 'Gomed', 'Moti', 'Moonga', 'Lehsuniya'])
      expect(all).toContain(word);
  });

  it('shows only stars its demo buyers gave: every rating is the average of approved reviews of delivered lines', async () => {
    const rows = await database.query<{
      id: string;
      rating: string | null;
      review_count: number;
      average: string | null;
      n: number;
      undelivered: number;
    }>(
      `select p.id, p.rating::text, p.review_count,
              (select round(avg(r.rating)::numeric, 1)::text from product_reviews r where r.product_id = p.id and r.status = 'approved') as average,
              (select count(*)::int from product_reviews r where r.product_id = p.id and r.status = 'approved') as n,
              (select count(*)::int from product_reviews r join orders o on o.id = r.order_id join order_items i on i.id = r.order_item_id
                where r.product_id = p.id and (o.deliverystatus <> 'delivered' or i.product_id <> p.id or o.user_id <> r.user_id)) as undelivered
         from products p`,
    );
    const rated = rows.filter((r) => r.rating !== null);
    expect(rated.length).toBeGreaterThan(30);
    expect(rows.length - rated.length).toBeGreaterThan(30); // and many products honestly show "No reviews yet"
    for (const r of rows) {
      expect(r.rating, r.id).toBe(r.average);
      expect(r.review_count, r.id).toBe(r.n);
      expect(r.undelivered, r.id).toBe(0);
    }
    // Some averages are not whole numbers, as real ones are not.
    expect(rated.some((r) => !Number.isInteger(Number(r.rating)))).toBe(true);
    const res = await t.request({ method: 'GET', url: `/p1/api/reviews/${rated[0]?.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().reviews[0]).toMatchObject({ verified: true });
  });

  it('is the same catalogue on every run', () => {
    const a = buildCatalogue();
    const b = buildCatalogue();
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

describe('start-up', () => {
  it('loads nothing with SEED_DEMO=false', async () => {
    const s = await startupSettings(false);
    try {
      expect(s.config.seedDemo).toBe(false);
      const database = await prepareDatabase(s.config, quiet, s.media);
      try {
        expect(await counts(database)).toEqual({ c: 0, s: 0, p: 0, a: 0 });
      } finally {
        await database.close();
      }
      expect(fs.existsSync(path.join(s.config.dataDir, 'uploads', 'products'))).toBe(false);
    } finally {
      await s.cleanup();
    }
  });

  it('leaves a shop that has its own product alone, and reuses categories an administrator made', async () => {
    const database = await freshDatabase();
    try {
      const media = localMediaStore(fs.mkdtempSync(path.join(os.tmpdir(), 'seed-own-')));
      const [cat] = await database.db.insert(categories).values({ name: 'GEMSTONES' }).returning();
      const empty = await seedDemo(database, media, quiet, { images: false });
      expect(empty.seeded).toBe(true);
      const cats = await database.db.select().from(categories);
      expect(cats.map((c) => c.name).sort()).toEqual(['GEMSTONES', 'Jewellery']);
      expect(cats.find((c) => c.name === 'GEMSTONES')?.id).toBe(cat?.id);

      const other = await freshDatabase();
      try {
        const [c] = await other.db.insert(categories).values({ name: 'Rings' }).returning();
        const [s] = await other.db
          .insert(subcategories)
          .values({ name: 'Gold', categoryId: c?.id as string })
          .returning();
        await other.db.insert(products).values({
          name: 'Our own ring',
          slug: 'our-own-ring',
          pricePaise: 500000,
          description: 'Made here',
          categoryId: c?.id as string,
          subcategoryId: s?.id as string,
        });
        expect((await seedDemo(other, media, quiet, { images: false })).seeded).toBe(false);
        expect(await counts(other)).toEqual({ c: 1, s: 1, p: 1, a: 1 });
      } finally {
        await other.close();
      }
    } finally {
      await database.close();
    }
  });

  it('two servers starting together seed once', async () => {
    const database = await freshDatabase();
    try {
      const media = localMediaStore(fs.mkdtempSync(path.join(os.tmpdir(), 'seed-race-')));
      const results = await Promise.all([
        seedDemo(database, media, quiet, { images: false }),
        seedDemo(database, media, quiet, { images: false }),
      ]);
      expect(results.filter((r) => r.seeded).length).toBe(1);
      const c = await counts(database);
      expect(c?.p).toBe(buildCatalogue().products.length);
    } finally {
      await database.close();
    }
  });
});
