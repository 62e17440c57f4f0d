import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  FILTER_PAGE_SIZE,
  MAX_IMAGES_PER_PRODUCT,
  MAX_STOCK,
  type Product,
  ProductFields,
  ProductFieldsPatch,
  RELATED_LIMIT,
  TEXT_ATTRIBUTES,
  WEIGHT_ATTRIBUTES,
} from '../../../contract/catalogue.js';
import { paiseToRupees, rupeesToPaise } from '../../../contract/common.js';
import { type CatalogueFilter, GEM_LISTS, nameToFilterWord, parseFilter } from '../../../contract/filter.js';
import { CERTIFICATE_LAB_KEYS, certificateProblem, GEM_CHOICES, GEM_LABS, type GemChoiceKind } from '../../../contract/gems.js';
import { type Db, type DbOrTx, execRows } from '../../db/client.js';
import { categories, orderItems, products, subcategories } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { deleteMedia, mediaFolderOf } from '../../media/images.js';
import type { MediaStore } from '../../media/storage.js';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../categories/service.js';
import { payPaiseSql, saleColumns, saleJoin, saleOf } from '../promotions/sale-price.js';
import type { CatalogueCache } from './catalogue-cache.js';
import { type ProductUpload, tooManyImages } from './upload.js';

export type ProductRow = typeof products.$inferSelect;
export type ProductWithNames = ProductRow & {
  categoryName: string;
  subcategoryName: string;
  /** The running sale that prices it, when the read asked for sale prices (promotions/sale-price.ts). */
  saleId?: string | null;
  saleName?: string | null;
  salePercent?: number | string | null;
  saleEndsAt?: string | Date | null;
};
/** The instant a storefront read prices at: a time, or the placeholder of a prepared listing statement. */
export type PriceAt = Date | SQL | Placeholder;

/** Columns of a product with its category and subcategory names; use with `fromProducts`. */
export const productColumns = {
  ...getTableColumns(products),
  categoryName: categories.name,
  subcategoryName: subcategories.name,
};

/** `select <productColumns> from products join categories join subcategories`. */
function selectProducts(db: DbOrTx) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId));
}

/** The same with the running sale of each product at `at` (storefront reads: `saleprice`, `sale`). */
export function selectPricedProducts(db: DbOrTx, at: PriceAt) {
  return db
    .select({ ...productColumns, ...saleColumns })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .leftJoin(saleJoin(at), sql`true`);
}

/** A product row (with its category and subcategory names) as the API sends it. */
export function toProduct(row: ProductWithNames): Product {
  const weight = (v: number | string | null) => (v === null || v === undefined ? null : Number(v));
  return {
    _id: row.id,
    productname: row.name,
    slug: row.slug,
    productprice: paiseToRupees(Number(row.pricePaise)),
    productdescription: row.description,
    productimages: row.images ?? [],
    productvideo: row.video,
    productsizes: row.sizes ?? [],
    productcolours: row.colours ?? [],
    rating: Number(row.rating),
    metatitle: row.metatitle,
    metadescription: row.metadescription,
    productbrand: row.brand,
    stockquantity: row.stock,
    isActive: row.isActive,
    category: { _id: row.categoryId, categoryname: row.categoryName },
    subcategory: { _id: row.subcategoryId, subcategoryname: row.subcategoryName },
    treatment: row.treatment,
    cut: row.cut,
    certification: row.certification,
    shape: row.shape,
    composition: row.composition,
    origin: row.origin,
    excatdimensions: row.excatdimensions,
    dimensiontype: row.dimensiontype,
    refractiveindex: row.refractiveindex,
    specificgravity: row.specificgravity,
    returnpolicy: row.returnpolicy,
    weightcarrat: weight(row.weightcarrat),
    weightratti: weight(row.weightratti),
    weightkachiratti: weight(row.weightkachiratti),
    weightpakkiratti: weight(row.weightpakkiratti),
    weightgrams: weight(row.weightgrams),
    certificatelab: row.certificateLab,
    certificatenumber: row.certificateNumber,
    certificatefile: row.certificateFile,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...saleOf(Number(row.pricePaise), row),
  };
}

const newestFirst = [desc(products.createdAt), desc(products.id)];
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `lower(name) like '%word%'`: served by the trigram index products_name_trgm_idx. */
const nameContains = (word: string) => sql`lower(${products.name}) like ${`%${escapeLike(word.toLowerCase())}%`}`;

/**
 * Misspellings of stone names that shoppers' links carry, and the name they mean: the storefront's page
 * `/gemstones-lolite` (SPEC) spells Iolite with an L, while the stones are named Iolite.
 */
const MEANT: Readonly<Record<string, string>> = { lolite: 'iolite' };

/** A name search word: names containing it, or the name it is a known misspelling of. */
function nameContainsWord(word: string) {
  const meant = MEANT[word.toLowerCase()];
  return meant ? sql`(${nameContains(word)} or ${nameContains(meant)})` : nameContains(word);
}

// ---------------------------------------------------------------- storefront reads (active products only)

export async function latestProducts(db: DbOrTx, limit: number, at: Date = new Date()): Promise<ProductWithNames[]> {
  return selectPricedProducts(db, at)
    .where(eq(products.isActive, true))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * Best sellers: active products ranked by units sold (products.sold, kept by the checkout), ties by newest.
 * `subcategory` matches subcategory names case-insensitively and partially (`Sapphire` → every sapphire).
 */
export async function bestSellers(
  db: DbOrTx,
  opts: { subcategory?: string; limit: number; at?: Date },
): Promise<ProductWithNames[]> {
  const where: SQL[] = [eq(products.isActive, true)];
  if (opts.subcategory) {
    const pattern = `%${escapeLike(opts.subcategory.toLowerCase())}%`;
    where.push(
      inArray(
        products.subcategoryId,
        db.select({ id: subcategories.id }).from(subcategories).where(sql`lower(${subcategories.name}) like ${pattern}`),
      ),
    );
  }
  return selectPricedProducts(db, opts.at ?? new Date())
    .where(and(...where))
    .orderBy(desc(products.sold), ...newestFirst)
    .limit(opts.limit);
}

/** The active product with this slug, or null. (Product pages and their meta tags use it.) */
export async function findActiveBySlug(db: DbOrTx, slug: string, at: Date = new Date()): Promise<ProductWithNames | null> {
  const [row] = await selectPricedProducts(db, at)
    .where(and(eq(products.slug, slug), eq(products.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** Up to 12 other active products: the same subcategory first (newest first), then the rest of the category. */
export async function relatedProducts(
  db: DbOrTx,
  product: Pick<ProductRow, 'id' | 'categoryId' | 'subcategoryId'>,
  limit = RELATED_LIMIT,
  at: Date = new Date(),
): Promise<ProductWithNames[]> {
  const [same, others] = await Promise.all([
    selectPricedProducts(db, at)
      .where(and(eq(products.isActive, true), eq(products.subcategoryId, product.subcategoryId), ne(products.id, product.id)))
      .orderBy(...newestFirst)
      .limit(limit),
    selectPricedProducts(db, at)
      .where(
        and(
          eq(products.isActive, true),
          eq(products.categoryId, product.categoryId),
          ne(products.subcategoryId, product.subcategoryId),
        ),
      )
      .orderBy(...newestFirst)
      .limit(limit),
  ]);
  return [...same, ...others].slice(0, limit);
}

/** Category and subcategory names (oldest first), for reading filter strings: one small query. */
export async function catalogueNames(db: DbOrTx) {
  const { rows } = await execRows<{ kind: 'c' | 's'; id: string; name: string; category_id: string }>(
    db,
    sql`select 'c' as kind, id, name, id as category_id, created_at from ${categories}
        union all
        select 's' as kind, id, name, category_id, created_at from ${subcategories}
        order by created_at, id`,
  );
  return {
    categories: rows.filter((r) => r.kind === 'c').map((r) => ({ id: r.id, name: r.name })),
    subcategories: rows.filter((r) => r.kind === 's').map((r) => ({ id: r.id, name: r.name, categoryId: r.category_id })),
  };
}

const MAX_SEARCH_WORDS = 10;
const SORTS: Record<CatalogueFilter['sort'], SQL[]> = {
  newest: newestFirst,
  oldest: [asc(products.createdAt), asc(products.id)],
  // The price a shopper pays (a running sale applied).
  asc: [asc(payPaiseSql), ...newestFirst],
  desc: [desc(payPaiseSql), ...newestFirst],
};

export type CatalogueNames = Awaited<ReturnType<typeof catalogueNames>>;

/**
 * The WHERE conditions of a parsed filter; null when it can match nothing (a subcategory not under the category).
 * Price bounds are on the price a shopper pays (they need `saleJoin` in the query); each also bounds the list
 * price, which an index can serve: paid ≤ list, and paid ≥ list × (100 − the largest running percentage) / 100.
 */
export function filterConditions(filter: CatalogueFilter, names: CatalogueNames, at: PriceAt = new Date()): SQL[] | null {
  const where: SQL[] = [eq(products.isActive, true)];
  const catKeys = new Set(filter.categories.map(nameToFilterWord));
  const catIds = names.categories.filter((c) => catKeys.has(nameToFilterWord(c.name))).map((c) => c.id);
  if (filter.categories.length) where.push(inArray(products.categoryId, catIds));
  if (filter.subcategories.length) {
    const keys = new Set(filter.subcategories.map(nameToFilterWord));
    const ids = names.subcategories
      .filter((s) => keys.has(nameToFilterWord(s.name)) && (!filter.categories.length || catIds.includes(s.categoryId)))
      .map((s) => s.id);
    if (!ids.length) return null;
    where.push(inArray(products.subcategoryId, ids));
  }
  if (filter.min !== undefined) {
    const min = rupeesToPaise(filter.min);
    where.push(gte(products.pricePaise, min), gte(payPaiseSql, min));
  }
  if (filter.max !== undefined) {
    const max = rupeesToPaise(filter.max);
    const instant = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : sql`${at}::timestamptz`;
    const deepest = sql`(select coalesce(max(percentoff), 0) from sales where starts_at <= ${instant} and ends_at > ${instant})`;
    where.push(sql`${products.pricePaise} <= (100 * ${max}::bigint + 49) / (100 - ${deepest})`, lte(payPaiseSql, max));
  }
  for (const word of filter.search.slice(0, MAX_SEARCH_WORDS)) where.push(nameContainsWord(word.slice(0, 100)));
  where.push(...gemConditions(filter));
  return where;
}

const GEM_COLUMNS = {
  origin: products.origin,
  shape: products.shape,
  treatment: products.treatment,
  lab: products.certification,
} as const satisfies Record<GemChoiceKind, unknown>;

/** `\m(burma|myanmar)\M`: any of the words, as whole words (the words are our own, letters and spaces). */
const wholeWords = (words: readonly string[]) => `\\m(${words.map((w) => w.replace(/[^\p{L}\p{N} ]/gu, '')).join('|')})\\M`;
const KNOWN_LABS = wholeWords(GEM_LABS.flatMap((l) => l.words));

const STRUCTURED_LABS: readonly string[] = CERTIFICATE_LAB_KEYS;

/**
 * The lab terms: a product's lab is its report's lab field when that names one; a product without it (every product
 * made before the field, or one whose report is from "Other") is read from its free-text certification as before.
 * `lab-any` is any certificate at all; `lab-other` a lab that is none of the known ones.
 */
function labConditions(chosen: readonly { key: string; words: readonly string[] }[]): SQL[] {
  const lab = products.certificateLab;
  const text = products.certification;
  const unnamed = sql`${lab} in ('', 'other')`;
  return chosen.map((c) => {
    if (c.key === 'any') return sql`(${lab} <> '' or btrim(${text}) <> '')`;
    if (c.key === 'other')
      return sql`(${lab} = 'other' or (${lab} = '' and btrim(${text}) <> '' and lower(${text}) !~ ${KNOWN_LABS}))`;
    const byText = sql`(${unnamed} and lower(${text}) ~ ${wholeWords(c.words)})`;
    return STRUCTURED_LABS.includes(c.key) ? sql`(${lab} = ${c.key} or ${byText})` : byText;
  });
}

/**
 * The gem terms as conditions: carat bounds on the carat weight; ratti bounds through the shop's ratti setting
 * (carats per ratti, read in the same statement); origin, shape, treatment and lab as whole words of the product's
 * own field, any of the chosen ones. A product without a carat weight is left out by a weight bound.
 */
export function gemConditions(filter: CatalogueFilter): SQL[] {
  const where: SQL[] = [];
  const factor = sql`(select ratti_in_carats from shop_settings where id = 1)`;
  if (filter.caratmin !== undefined) where.push(sql`${products.weightcarrat} >= ${filter.caratmin}`);
  if (filter.caratmax !== undefined) where.push(sql`${products.weightcarrat} <= ${filter.caratmax}`);
  if (filter.rattimin !== undefined) where.push(sql`${products.weightcarrat} >= ${filter.rattimin}::numeric * ${factor}`);
  if (filter.rattimax !== undefined) where.push(sql`${products.weightcarrat} <= ${filter.rattimax}::numeric * ${factor}`);
  for (const kind of GEM_LISTS) {
    const keys = filter[kind] ?? [];
    if (!keys.length) continue;
    const column = GEM_COLUMNS[kind];
    const chosen = GEM_CHOICES[kind].filter((c) => keys.includes(c.key));
    const any: SQL[] = kind === 'lab' ? labConditions(chosen) : [];
    const words = chosen.flatMap((c) => c.words);
    if (kind !== 'lab' && words.length) any.push(sql`lower(${column}) ~ ${wholeWords(words)}`);
    if (any.length) where.push(sql`(${sql.join(any, sql` or `)})`);
  }
  return where;
}

/**
 * The two queries of a listing page, run side by side: the page itself (which can follow an index in the
 * requested order and stop after 30 rows) and the number of matching products (which never reads more
 * than the indexed columns it filters on). The joins cannot change the count: every product has its
 * category and subcategory.
 */
export function filterQueries(db: DbOrTx, where: SQL[], filter: CatalogueFilter, at: PriceAt = new Date()) {
  const byPrice = filter.min !== undefined || filter.max !== undefined;
  return {
    page: selectPricedProducts(db, at)
      .where(and(...where))
      .orderBy(...SORTS[filter.sort])
      .limit(FILTER_PAGE_SIZE)
      .offset((filter.page - 1) * FILTER_PAGE_SIZE),
    // Only a price filter needs the sale of each product to count.
    count: byPrice
      ? db
          .select({ n: count() })
          .from(products)
          .leftJoin(saleJoin(at), sql`true`)
          .where(and(...where))
      : db
          .select({ n: count() })
          .from(products)
          .where(and(...where)),
  };
}

/**
 * The storefront listing of a filter string (contract/filter.ts), 30 a page, with the total.
 * A subcategory name matches every subcategory of that name, or only those under the named
 * categories when the string names categories too.
 */
/**
 * A listing page of a filter string. A page past the last one (`/all-page-999`, an old link after products sold)
 * answers the last page, with that page's number.
 */
export async function filterProducts(
  db: DbOrTx,
  term: string,
  pageOverride?: number,
  memo?: CatalogueCache<CatalogueNames>,
  now: Date = new Date(),
) {
  const found = await filterPage(db, term, pageOverride, memo, now);
  if (found.totalPages > 0 && found.filter.page > found.totalPages) {
    return filterPage(db, term, found.totalPages, memo, now);
  }
  return found;
}

async function filterPage(
  db: DbOrTx,
  term: string,
  pageOverride: number | undefined,
  memo: CatalogueCache<CatalogueNames> | undefined,
  now: Date,
) {
  const names = await (memo ? memo.catalogueNames(() => catalogueNames(db)) : catalogueNames(db));
  const filter = parseFilter(term, {
    categories: names.categories.map((c) => c.name),
    subcategories: names.subcategories.map((s) => s.name),
  });
  if (pageOverride && pageOverride >= 1) filter.page = pageOverride;
  // A remembered statement prices at the instant it is run with (a placeholder), never at the one it was built at.
  const at = memo ? sql.placeholder('at') : now;
  const where = filterConditions(filter, names, at);
  if (!where || !Number.isSafeInteger((filter.page - 1) * FILTER_PAGE_SIZE)) {
    return { filter, rows: [], total: 0, totalPages: 0 };
  }
  if (!memo) {
    const queries = filterQueries(db, where, filter, at);
    const [rows, [n]] = await Promise.all([queries.page, queries.count]);
    const total = Number(n?.n ?? 0);
    return { filter, rows, total, totalPages: Math.ceil(total / FILTER_PAGE_SIZE) };
  }
  // The statement of this page (built once, run again with the same values) and the filter's total.
  const generation = memo.currentGeneration;
  const filterKey = countKey(filter);
  const pageKey = `page:${filterKey}:${filter.sort}:${filter.page}`;
  let page = memo.recall<PagePrepared>(pageKey);
  let queries: ReturnType<typeof filterQueries> | undefined;
  if (!page) {
    queries = filterQueries(db, where, filter, at);
    page = queries.page.prepare(undefined as unknown as string) as unknown as PagePrepared;
    memo.remember(pageKey, page, generation);
  }
  const known = memo.recall<number>(`total:${filterKey}`);
  let rows: ProductWithNames[];
  let total: number;
  const values = { at: now.toISOString() };
  if (known !== undefined) {
    rows = await page.execute(values);
    total = known;
  } else {
    const count = (queries ?? filterQueries(db, where, filter, at)).count.prepare(undefined as unknown as string);
    const [found, [n]] = await Promise.all([page.execute(values), count.execute(values)]);
    rows = found;
    total = Number(n?.n ?? 0);
    memo.remember(`total:${filterKey}`, total, generation);
  }
  return { filter, rows, total, totalPages: Math.ceil(total / FILTER_PAGE_SIZE) };
}

/** A listing page's statement, built once: `execute()` runs it again. */
type PagePrepared = { execute(values: { at: string }): Promise<ProductWithNames[]> };

/** What decides a filter's total (not its page or order): two filters with the same key count the same products. */
function countKey(filter: CatalogueFilter): string {
  return JSON.stringify([
    filter.categories,
    filter.subcategories,
    filter.min ?? null,
    filter.max ?? null,
    filter.search,
    filter.caratmin ?? null,
    filter.caratmax ?? null,
    filter.rattimin ?? null,
    filter.rattimax ?? null,
    ...GEM_LISTS.map((k) => filter[k] ?? []),
  ]);
}

// ---------------------------------------------------------------- admin reads

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Admin listing, newest first: every product, searched by name, category, subcategory or id. */
export async function adminListProducts(db: DbOrTx, opts: { page: number; limit: number; search?: string }) {
  const where: SQL[] = [];
  const search = opts.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    const matches: SQL[] = [
      sql`lower(${products.name}) like ${pattern}`,
      sql`lower(${categories.name}) like ${pattern}`,
      sql`lower(${subcategories.name}) like ${pattern}`,
    ];
    if (UUID_RE.test(search)) matches.push(eq(products.id, search.toLowerCase()));
    else if (/^[0-9a-f-]{4,35}$/i.test(search)) matches.push(sql`${products.id}::text like ${`${search.toLowerCase()}%`}`);
    where.push(or(...matches) as SQL);
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    selectProducts(db)
      .where(condition)
      .orderBy(...newestFirst)
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    search
      ? db
          .select({ n: count() })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
          .where(condition)
      : db.select({ n: count() }).from(products),
  ]);
  const total = Number(counted?.n ?? 0);
  return { rows, total, totalPages: Math.ceil(total / opts.limit) };
}

export async function getProduct(db: DbOrTx, id: string): Promise<ProductWithNames> {
  const [row] = await selectProducts(db).where(eq(products.id, id)).limit(1);
  if (!row) throw notFound('Product not found');
  return row;
}

export async function countProducts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return Number(row?.n ?? 0);
}

/** Flips a product between active (on sale) and inactive (hidden from shoppers); returns the new state. */
export async function toggleProductStatus(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .update(products)
    .set({ isActive: sql`not ${products.isActive}`, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ isActive: products.isActive });
  if (!row) throw notFound('Product not found');
  return row.isActive;
}

// ---------------------------------------------------------------- writes

/** A product as the service takes it: the form's fields (numbers parsed) plus stored media URLs. */
export type ProductInput = ProductFields & { productimages?: string[]; productvideo?: string; certificatefile?: string };

/** 400 unless the lab and report number go together (a number needs its lab; GIA numbers are digits). */
function checkCertificate(lab: string, number: string) {
  const problem = certificateProblem(lab, number);
  if (problem) throw badRequest(problem.message, [problem]);
}

/** `Natural Blue Sapphire 5.2 Ct` → `natural-blue-sapphire-5-2-ct`; letters of any script are kept. */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .normalize('NFC')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return base || 'product';
}

/** The first free slug among `base`, `base-2`, `base-3`… */
async function freeSlug(db: DbOrTx, base: string): Promise<string> {
  for (let from = 1; ; from += 50) {
    const candidates = Array.from({ length: 50 }, (_, k) => (from + k === 1 ? base : `${base}-${from + k}`));
    const taken = new Set(
      (await db.select({ slug: products.slug }).from(products).where(inArray(products.slug, candidates))).map((r) => r.slug),
    );
    const free = candidates.find((c) => !taken.has(c));
    if (free) return free;
  }
}

/** 400 unless the category exists and the subcategory is one of its subcategories. */
async function checkPlacement(db: DbOrTx, categoryId: string, subcategoryId: string) {
  const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!cat)
    throw badRequest('The chosen category does not exist', [{ path: 'category', message: 'Please choose a valid category' }]);
  const [sub] = await db
    .select({ categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.id, subcategoryId))
    .limit(1);
  if (!sub) {
    throw badRequest('The chosen subcategory does not exist', [
      { path: 'subcategory', message: 'Please choose a valid subcategory' },
    ]);
  }
  if (sub.categoryId !== categoryId) {
    throw badRequest('The subcategory does not belong to the chosen category', [
      { path: 'subcategory', message: 'This subcategory belongs to another category' },
    ]);
  }
}

const placementRace = () =>
  badRequest('The category or subcategory no longer exists', [{ path: 'subcategory', message: 'Please choose again' }]);

/** Column values of the optional form fields that were given (absent fields are left out). */
function optionalColumns(input: Partial<ProductInput>) {
  const values: Partial<typeof products.$inferInsert> = {};
  if (input.productbrand !== undefined) values.brand = input.productbrand;
  if (input.metatitle !== undefined) values.metatitle = input.metatitle;
  if (input.metadescription !== undefined) values.metadescription = input.metadescription;
  if (input.productsizes !== undefined) values.sizes = input.productsizes;
  if (input.productcolours !== undefined) values.colours = input.productcolours;
  if (input.rating !== undefined) values.rating = input.rating;
  if (input.isActive !== undefined) values.isActive = input.isActive;
  if (input.certificatelab !== undefined) values.certificateLab = input.certificatelab;
  if (input.certificatenumber !== undefined) values.certificateNumber = input.certificatenumber;
  for (const k of TEXT_ATTRIBUTES) if (input[k] !== undefined) values[k] = input[k];
  for (const k of WEIGHT_ATTRIBUTES) if (input[k] !== undefined) values[k] = input[k];
  return values;
}

/**
 * Creates a product (the seed and the admin form both use it). The slug is made from the name and kept
 * unique (`ruby`, `ruby-2`…). Media URLs must already be stored (media/images.ts storeImage / storeVideo).
 */
export async function createProduct(db: DbOrTx, input: ProductInput): Promise<Product> {
  return toProduct(await getProduct(db, await insertProduct(db, input)));
}

/** Inserts a product (its slug made unique) in one transaction and returns its id once committed. */
async function insertProduct(db: DbOrTx, input: ProductInput): Promise<string> {
  const images = input.productimages ?? [];
  if (images.length > MAX_IMAGES_PER_PRODUCT) throw tooManyImages();
  checkCertificate(input.certificatelab ?? '', input.certificatenumber ?? '');
  const base = slugify(input.productname);
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await db.transaction(async (tx) => {
        await checkPlacement(tx, input.category, input.subcategory);
        const slug = await freeSlug(tx, base);
        const [row] = await tx
          .insert(products)
          .values({
            ...optionalColumns(input),
            name: input.productname,
            slug,
            description: input.productdescription,
            pricePaise: rupeesToPaise(input.productprice),
            stock: input.stockquantity,
            categoryId: input.category,
            subcategoryId: input.subcategory,
            images,
            video: input.productvideo ?? '',
            certificateFile: input.certificatefile ?? '',
          })
          .returning({ id: products.id });
        return (row as { id: string }).id;
      });
      return id;
    } catch (err) {
      const code = pgErrorCode(err);
      if (code === UNIQUE_VIOLATION && attempt < 5) continue; // another product took the slug meanwhile
      if (code === FOREIGN_KEY_VIOLATION) throw placementRace();
      throw err;
    }
  }
}

/** Turns the multipart text fields into typed values; 400 with field errors. */
function parseFields<T extends typeof ProductFields | typeof ProductFieldsPatch>(
  schema: T,
  fields: Record<string, string>,
): import('zod').output<T> {
  const result = schema.safeParse(fields);
  if (!result.success) {
    const errors = result.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message }));
    throw badRequest(errors[0]?.message ?? 'Invalid product details', errors);
  }
  return result.data as import('zod').output<T>;
}

/**
 * Creates a product from the admin form; a failure leaves none of the uploaded files behind. Once the
 * product is committed its files are its own: a failure reading it back must not delete them.
 */
export async function createProductFromUpload(db: Db, upload: ProductUpload): Promise<Product> {
  let id: string;
  try {
    const fields = parseFields(ProductFields, upload.fields);
    id = await insertProduct(db, {
      ...fields,
      productimages: upload.images,
      productvideo: upload.video ?? '',
      certificatefile: upload.certificate ?? '',
    });
  } catch (err) {
    await upload.discard();
    throw err;
  }
  return toProduct(await getProduct(db, id));
}

function jsonField(upload: ProductUpload, name: string): unknown {
  if (name in upload.jsonFields) return upload.jsonFields[name];
  const raw = upload.fields[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`${name} must be JSON`, [{ path: name, message: 'Must be valid JSON' }]);
  }
}

/** Old product URLs whose files past orders still show (their lines keep the first image as bought). */
async function urlsKeptByOrders(tx: DbOrTx, media: MediaStore, productId: string, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const lines = await tx
    .selectDistinct({ image: orderItems.productimage })
    .from(orderItems)
    .where(eq(orderItems.productId, productId));
  const folders = new Set(lines.map((l) => mediaFolderOf(media, l.image)).filter(Boolean));
  return new Set(urls.filter((u) => folders.has(mediaFolderOf(media, u))));
}

async function deleteAfterCommit(media: MediaStore, urls: string[], log: (err: unknown) => void) {
  if (!urls.length) return;
  try {
    await deleteMedia(media, urls);
  } catch (err) {
    log(err); // the product no longer points at them: at worst an unreferenced file stays on disk
  }
}

/**
 * Edits a product from the admin form: any subset of fields; new images are added after the kept ones;
 * `imagesToDelete` (JSON list of this product's URLs; others are ignored), `videoToDelete` and
 * `certificateToDelete` (JSON booleans) remove media; a new video or lab report replaces the old one. The row is locked while it is changed, the
 * image count (≤ 10, else 413) is checked against what is stored, and removed files are deleted only
 * after the commit. `stockquantityWas` (optional, the stock the form showed) makes the stock change a
 * difference, so units sold while the form was open are not put back on sale.
 */
export async function editProductFromUpload(
  db: Db,
  media: MediaStore,
  id: string,
  upload: ProductUpload,
  log: (err: unknown) => void,
): Promise<Product> {
  let removed: string[] = [];
  try {
    const fields = parseFields(ProductFieldsPatch, upload.fields);
    const toDelete = jsonField(upload, 'imagesToDelete');
    if (toDelete !== undefined && (!Array.isArray(toDelete) || !toDelete.every((u) => typeof u === 'string'))) {
      throw badRequest('imagesToDelete must be a JSON list of image URLs', [
        { path: 'imagesToDelete', message: 'Must be a JSON list of URLs' },
      ]);
    }
    const videoToDelete = jsonField(upload, 'videoToDelete');
    if (videoToDelete !== undefined && typeof videoToDelete !== 'boolean') {
      throw badRequest('videoToDelete must be true or false', [{ path: 'videoToDelete', message: 'Must be true or false' }]);
    }
    const certificateToDelete = jsonField(upload, 'certificateToDelete');
    if (certificateToDelete !== undefined && typeof certificateToDelete !== 'boolean') {
      throw badRequest('certificateToDelete must be true or false', [
        { path: 'certificateToDelete', message: 'Must be true or false' },
      ]);
    }
    const stockWas = upload.fields.stockquantityWas?.trim();
    if (stockWas !== undefined && stockWas !== '' && !/^\d+$/.test(stockWas)) {
      throw badRequest('stockquantityWas must be a whole number', [
        { path: 'stockquantityWas', message: 'Must be a whole number' },
      ]);
    }

    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update').limit(1);
      if (!current) throw notFound('Product not found');
      const deleteSet = new Set((toDelete as string[] | undefined) ?? []);
      const dropImages = current.images.filter((u) => deleteSet.has(u));
      const images = [...current.images.filter((u) => !deleteSet.has(u)), ...upload.images];
      if (images.length > MAX_IMAGES_PER_PRODUCT) throw tooManyImages();
      let video = current.video;
      const dropVideo: string[] = [];
      if (upload.video || videoToDelete === true) {
        if (current.video) dropVideo.push(current.video);
        video = upload.video ?? '';
      }
      let certificateFile = current.certificateFile;
      const dropCertificate: string[] = [];
      if (upload.certificate || certificateToDelete === true) {
        if (current.certificateFile) dropCertificate.push(current.certificateFile);
        certificateFile = upload.certificate ?? '';
      }
      checkCertificate(fields.certificatelab ?? current.certificateLab, fields.certificatenumber ?? current.certificateNumber);

      const categoryId = fields.category ?? current.categoryId;
      const subcategoryId = fields.subcategory ?? current.subcategoryId;
      if (fields.category !== undefined || fields.subcategory !== undefined) await checkPlacement(tx, categoryId, subcategoryId);

      const values: Partial<typeof products.$inferInsert> = {
        ...optionalColumns(fields),
        categoryId,
        subcategoryId,
        images,
        video,
        certificateFile,
        updatedAt: new Date(),
      };
      if (fields.productname !== undefined) values.name = fields.productname;
      if (fields.productdescription !== undefined) values.description = fields.productdescription;
      if (fields.productprice !== undefined) values.pricePaise = rupeesToPaise(fields.productprice);
      if (fields.stockquantity !== undefined) {
        values.stock =
          stockWas !== undefined && stockWas !== ''
            ? Math.min(MAX_STOCK, Math.max(0, current.stock + fields.stockquantity - Number(stockWas)))
            : fields.stockquantity;
      }
      await tx.update(products).set(values).where(eq(products.id, id));
      const gone = [...dropImages, ...dropVideo, ...dropCertificate];
      const kept = await urlsKeptByOrders(tx, media, id, gone);
      removed = gone.filter((u) => !kept.has(u));
    });
  } catch (err) {
    await upload.discard();
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw placementRace();
    throw err;
  }
  await deleteAfterCommit(media, removed, log);
  return toProduct(await getProduct(db, id));
}

/**
 * Deletes a product. Past orders keep their snapshot (name, price, image) and lose the link; carts lose
 * the line's product. Its media files are deleted after the commit, except images a past order shows.
 */
export async function deleteProduct(db: Db, media: MediaStore, id: string, log: (err: unknown) => void): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update').limit(1);
    if (!current) throw notFound('Product not found');
    const urls = [
      ...current.images,
      ...(current.video ? [current.video] : []),
      ...(current.certificateFile ? [current.certificateFile] : []),
    ];
    const kept = await urlsKeptByOrders(tx, media, id, urls);
    await tx.delete(products).where(eq(products.id, id));
    return urls.filter((u) => !kept.has(u));
  });
  await deleteAfterCommit(media, removed, log);
}
