import { inArray, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.js';
import { categories, menuEntries, products, subcategories } from '../db/schema.js';
import { seedDemoCurrencies } from '../features/currencies/seed.js';
import { seedUsualCategoryTax } from '../features/gst/settings.js';
import { seedDemoMadeToOrder } from '../features/made-to-order/seed.js';
import { seedDemoSales } from '../features/promotions/seed.js';
import { seedDemoReviews } from '../features/reviews/seed.js';
import { seedStorefront } from '../features/storefront/seed.js';
import type { MediaStore } from '../media/storage.js';
import { buildCatalogue, DEMO_SEED, type SeedCatalogue } from './catalogue.js';
import { storeImages } from './images.js';
import { DEMO_DISPLAY_NAMES, DEMO_MENUS } from './menus.js';

/** Advisory lock key of the demo seeding (migrations and the first admin use their own). */
const SEED_LOCK_KEY = 0x5a0b_0003;

type SeedOptions = {
  /** Draw and store the product pictures (default true). Tests that only need rows turn it off. */
  images?: boolean;
  /** How many pictures are drawn at once (default 2, one per core of a small server). */
  concurrency?: number;
  /** Where drawn pictures are kept between runs (default: a folder in the system's temporary directory); null draws every picture afresh. */
  cacheDir?: string | null;
  seed?: number;
};

type SeedResult =
  | { seeded: false; reason: string }
  | { seeded: true; categories: number; subcategories: number; products: number; images: number; designs: number; ms: number };

/**
 * Loads the demo catalogue (SEED_DEMO, on by default): categories Gemstones and Jewellery, their
 * subcategories, about 200 products with full specifications, and their pictures drawn locally.
 * Idempotent: a shop that already has any product is left alone, and the check and the load run
 * under an advisory lock so two servers starting together never seed twice.
 */
export async function seedDemo(
  database: Database,
  media: MediaStore,
  log: (msg: string) => void,
  options: SeedOptions = {},
): Promise<SeedResult> {
  return database.withLock(SEED_LOCK_KEY, async (db) => {
    const existing = await db.select({ one: sql<number>`1` }).from(products).limit(1);
    if (existing.length > 0) return { seeded: false, reason: 'the shop already has products' } as const;

    const started = Date.now();
    const catalogue = buildCatalogue(options.seed ?? DEMO_SEED);
    const withImages = options.images ?? true;
    let drawn = { designs: 0, files: 0 };
    if (withImages) {
      const images = catalogue.products.flatMap((p) => p.images);
      drawn = await storeImages(media, images, { concurrency: options.concurrency, cacheDir: options.cacheDir });
    }
    // Checked again inside the transaction: on the embedded database (one process, no advisory
    // lock needed) two calls at once must still load the catalogue only once.
    const counts = await db.transaction(async (tx) => {
      const again = await tx.select({ one: sql<number>`1` }).from(products).limit(1);
      return again.length > 0 ? null : insertCatalogue(tx, catalogue, media, withImages);
    });
    if (!counts) return { seeded: false, reason: 'the shop already has products' } as const;
    const ms = Date.now() - started;
    log(
      `Demo catalogue loaded: ${counts.products} products in ${counts.subcategories} subcategories` +
        (withImages ? `, ${drawn.files} image files from ${drawn.designs} drawings` : ', without images') +
        ` in ${(ms / 1000).toFixed(1)} s`,
    );
    return {
      seeded: true,
      ...counts,
      images: withImages ? catalogue.products.reduce((n, p) => n + p.images.length, 0) : 0,
      designs: drawn.designs,
      ms,
    } as const;
  });
}

/** The demo's SKUs: RG, the category's first three letters and the product's number (RG-GEM-0001). */
const demoSku = (category: string, i: number) =>
  `RG-${category
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase()}-${String(i + 1).padStart(4, '0')}`;

async function insertCatalogue(db: DbOrTx, catalogue: SeedCatalogue, media: MediaStore, withImages: boolean) {
  // Categories and subcategories an administrator already made (same name, any case) are reused.
  await db
    .insert(categories)
    .values(catalogue.categories.map((name) => ({ name })))
    .onConflictDoNothing();
  const cats = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(
      inArray(
        sql`lower(${categories.name})`,
        catalogue.categories.map((c) => c.toLowerCase()),
      ),
    );
  const catId = new Map(cats.map((c) => [c.name.toLowerCase(), c.id]));
  const idOf = (map: Map<string, string>, name: string) => {
    const id = map.get(name.toLowerCase());
    if (!id) throw new Error(`Demo catalogue: ${name} is missing`);
    return id;
  };

  await db
    .insert(subcategories)
    .values(
      catalogue.subcategories.map((s) => ({
        name: s.name,
        displayName: DEMO_DISPLAY_NAMES[s.name] ?? '',
        categoryId: idOf(catId, s.category),
      })),
    )
    .onConflictDoNothing();
  const subs = await db
    .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(inArray(subcategories.categoryId, [...catId.values()]));
  const subId = new Map(subs.map((s) => [`${s.categoryId}/${s.name.toLowerCase()}`, s.id]));
  // The header's menus, unless the merchant already laid some out.
  const [laidOut] = await db.select({ one: sql<number>`1` }).from(menuEntries).limit(1);
  if (!laidOut) {
    await db.insert(menuEntries).values(
      Object.entries(DEMO_MENUS).flatMap(([menu, places]) =>
        places.map((p, position) => ({
          menu,
          position,
          subcategoryId: idOf(subId, `${idOf(catId, p.category)}/${p.subcategory}`),
          note: p.note ?? '',
        })),
      ),
    );
  }

  const now = Date.now();
  const rows = catalogue.products.map((p, i) => {
    const categoryId = idOf(catId, p.category);
    const createdAt = new Date(now - p.ageDays * 86_400_000);
    const { images, ageDays: _age, category: _c, subcategory, ...fields } = p;
    return {
      ...fields,
      sku: demoSku(p.category, i),
      images: withImages ? images.map((img) => media.urlFor(`products/${img.uuid}/1280.webp`)) : [],
      categoryId,
      subcategoryId: idOf(subId, `${categoryId}/${subcategory}`),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted = await db.insert(products).values(rows).returning({
    id: products.id,
    name: products.name,
    pricePaise: products.pricePaise,
    images: products.images,
    categoryId: products.categoryId,
    isActive: products.isActive,
  });
  // Delivered demo orders and their buyers' approved reviews: the only source of the stars the shop shows.
  const jewelleryId = catId.get('jewellery');
  await seedDemoReviews(
    db,
    inserted
      .filter((p) => p.isActive)
      .map((p) => ({
        id: p.id,
        name: p.name,
        pricePaise: Number(p.pricePaise),
        image: p.images[0] ?? '',
        jewellery: p.categoryId === jewelleryId,
      })),
  );
  await seedDemoSales(db); // the sales the home page's banners advertise
  await seedUsualCategoryTax(db); // Gemstones 7103 at 0.25%, Jewellery 7113 at 3%, as the Tax screen shows them
  await seedStorefront(db); // the home page's slides, banners (linked to those sales), tiles and FAQ
  await seedDemoMadeToOrder(db); // ring, pendant and bracelet designs, and the day's metal rates
  await seedDemoCurrencies(db); // USD, EUR, GBP, AED, AUD, CAD and SGD for buyers abroad
  return { categories: catId.size, subcategories: catalogue.subcategories.length, products: rows.length };
}
