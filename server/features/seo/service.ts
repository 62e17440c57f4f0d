import { and, asc, eq, sql } from 'drizzle-orm';
import { listingPath, productPagePath } from '../../../contract/filter.js';
import { GEM_ORIGINS, GEM_TREATMENTS } from '../../../contract/gems.js';
import type { ListingNames } from '../../../contract/listing.js';
import type { DbOrTx } from '../../db/client.js';
import { categories, products, subcategories } from '../../db/schema.js';
import { catalogueNames as catalogueIds } from '../products/listing.js';
import { selectFromProducts } from '../products/rows.js';

/** The storefront path of a product: /{category}/{subcategory}/{slug}, each part lower-case and URL-safe. */
export const productPath = productPagePath;

export type ProductForPage = {
  id: string;
  name: string;
  slug: string;
  pricePaise: number;
  description: string;
  images: string[];
  metatitle: string;
  metadescription: string;
  brand: string;
  stock: number;
  isActive: boolean;
  colours: string[];
  category: string;
  subcategory: string;
  /** The average of approved reviews (null with none) and how many there are. */
  rating: number | null;
  reviewCount: number;
};

/** The product a page shows, active or not (the caller decides what an inactive one means). */
export async function productBySlug(db: DbOrTx, slug: string): Promise<ProductForPage | undefined> {
  const [row] = await selectFromProducts(db, {
    id: products.id,
    name: products.name,
    slug: products.slug,
    pricePaise: products.pricePaise,
    description: products.description,
    images: products.images,
    metatitle: products.metatitle,
    metadescription: products.metadescription,
    brand: products.brand,
    stock: products.stock,
    isActive: products.isActive,
    colours: products.colours,
    rating: products.rating,
    reviewCount: products.reviewCount,
    category: categories.name,
    subcategory: subcategories.name,
    origin: products.origin,
    treatment: products.treatment,
  })
    .where(eq(products.slug, slug))
    .limit(1);
  return row
    ? { ...row, pricePaise: Number(row.pricePaise), rating: row.rating === null ? null : Number(row.rating) }
    : undefined;
}

/**
 * Every category and subcategory name, to read a listing page's filter string: the listing's own query
 * (products/listing.ts), the categories named, and each subcategory's display name for the page's title.
 */
export async function catalogueNames(db: DbOrTx): Promise<ListingNames> {
  const names = await catalogueIds(db);
  const categoryName = new Map(names.categories.map((c) => [c.id, c.name]));
  return {
    categories: names.categories.map((c) => c.name),
    subcategories: names.subcategories.map((s) => ({
      name: s.name,
      category: categoryName.get(s.categoryId) ?? '',
      shown: s.shown,
    })),
  };
}

type SitemapData = {
  products: { path: string; updatedAt: Date }[];
  /** Category and subcategory listing pages with active products (and their gem origin and untreated pages), and when they last changed. */
  listings: { path: string; updatedAt: Date }[];
  newest: Date | null;
};

const UNTREATED = GEM_TREATMENTS.find((t) => t.key === 'untreated')?.words ?? [];
/** Whether a product's text has one of the words as a whole word (as the listing's gem filter reads it). */
const hasWord = (text: string, words: readonly string[]) => {
  const lower = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return words.some((w) => lower.includes(` ${w} `));
};

/** Everything the sitemap lists: active products and the listing pages that have any. */
export async function sitemapData(db: DbOrTx): Promise<SitemapData> {
  const rows = await selectFromProducts(db, {
    slug: products.slug,
    updatedAt: products.updatedAt,
    category: categories.name,
    subcategory: subcategories.name,
    origin: products.origin,
    treatment: products.treatment,
  })
    .where(and(eq(products.isActive, true)))
    .orderBy(asc(categories.name), asc(subcategories.name), sql`${products.createdAt} desc`);
  const listings = new Map<string, Date>();
  const touch = (path: string, at: Date) => {
    const prev = listings.get(path);
    if (!prev || prev < at) listings.set(path, at);
  };
  let newest: Date | null = null;
  const list = rows.map((r) => {
    const updatedAt = new Date(r.updatedAt);
    if (!newest || newest < updatedAt) newest = updatedAt;
    touch(listingPath(r.category), updatedAt);
    const listing = listingPath(r.category, r.subcategory);
    touch(listing, updatedAt);
    // The gem pages buyers look for: the stone by origin (/gemstones-ruby-origin-burma), and untreated.
    for (const o of GEM_ORIGINS) if (hasWord(r.origin, o.words)) touch(`${listing}-origin-${o.key}`, updatedAt);
    if (hasWord(r.treatment, UNTREATED)) touch(`${listing}-treatment-untreated`, updatedAt);
    return { path: productPath(r.category, r.subcategory, r.slug), updatedAt };
  });
  return {
    products: list,
    listings: [...listings].map(([path, updatedAt]) => ({ path, updatedAt })),
    newest,
  };
}
