// Storefront reads of active products: latest, best sellers, a product page, related products and listing pages.
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { FILTER_PAGE_SIZE, RELATED_LIMIT } from '../../../contract/catalogue.js';
import { rupeesToPaise } from '../../../contract/common.js';
import { type CatalogueFilter, GEM_LISTS, nameToFilterWord, parseFilter } from '../../../contract/filter.js';
import { CERTIFICATE_LAB_KEYS, GEM_CHOICES, GEM_LABS, type GemChoiceKind } from '../../../contract/gems.js';
import { type DbOrTx, execRows } from '../../db/client.js';
import { withFastRows } from '../../db/fast-rows.js';
import { categories, products, subcategories } from '../../db/schema.js';
import { payPaiseSql, saleJoin } from '../../domain/sale-price.js';
import type { CatalogueCache } from './catalogue-cache.js';
import { escapeLike, newestFirst, type PriceAt, type ProductRow, type ProductWithNames, selectPricedProducts } from './rows.js';
import { readSearch, type SearchReading } from './search.js';

/** `lower(name) like '%word%'`: served by the trigram index products_name_trgm_idx. */
const nameContains = (word: string) => sql`lower(${products.name}) like ${`%${escapeLike(word.toLowerCase())}%`}`;

/**
 * Misspellings of stone names that shoppers' links carry, and the name they mean: the storefront's page
 * `/gemstones-lolite` spells Iolite with an L, while the stones are named Iolite.
 */
const MEANT: ReadonlyMap<string, string> = new Map([['lolite', 'iolite']]);

/** A name search word: names containing it, or the name it is a known misspelling of. */
function nameContainsWord(word: string) {
  const meant = MEANT.get(word.toLowerCase());
  return meant ? sql`(${nameContains(word)} or ${nameContains(meant)})` : nameContains(word);
}

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
  const [row] = await pageStatements(db).bySlug.execute({ slug, at: at.toISOString() });
  return row ?? null;
}

/** A kept product statement: `execute()` runs it again with new values. */
type Kept<V> = { execute(values: V): Promise<ProductWithNames[]> };
type PageStatements = {
  bySlug: Kept<{ slug: string; at: string }>;
  byIds: Kept<{ ids: string; at: string }>;
};
const keptStatements = new WeakMap<object, PageStatements>();

/**
 * The product page's two reads, each built once per database and run again with its values: building a select of a
 * product's 45 columns with its names and running sale took most of a product page's CPU (Drizzle's query
 * building, `bench/profile.ts`), as it did a listing's before its statements were kept.
 * Both are named, so PostgreSQL parses and plans each once per pooled connection instead of on every page
 * (bench/README.md, "Related products on a skewed catalogue"); PGlite ignores the names.
 */
function pageStatements(db: DbOrTx): PageStatements {
  let kept = keptStatements.get(db);
  if (!kept) {
    const at = sql.placeholder('at');
    kept = {
      bySlug: withFastRows(
        selectPricedProducts(db, at)
          .where(and(eq(products.slug, sql.placeholder('slug')), eq(products.isActive, true)))
          .limit(1)
          .prepare('product_page_by_slug'),
      ) as unknown as PageStatements['bySlug'],
      byIds: withFastRows(
        selectPricedProducts(db, at)
          .where(
            and(eq(products.isActive, true), sql`${products.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`),
          )
          .prepare('product_page_by_ids'),
      ) as unknown as PageStatements['byIds'],
    };
    keptStatements.set(db, kept);
  }
  return kept;
}

/**
 * Ids of the `limit` newest active products in the other subcategories of the product's category: the newest
 * `limit` of each subcategory (products_subcategory_created_idx, walked backwards), then the newest of those.
 * Asked as `category = X and subcategory <> Y order by created_at`, the planner walks the newest products of the
 * whole shop and skips every one of Y: thousands of rows when one stone fills most of the catalogue.
 */
function newestOfSiblings(product: Pick<ProductRow, 'categoryId' | 'subcategoryId'>, limit: number): SQL {
  return sql`select n.id from ${subcategories} sib
    cross join lateral (select p2.id, p2.created_at from ${products} p2
      where p2.subcategory_id = sib.id and p2.is_active
      order by p2.created_at desc, p2.id desc limit ${limit}) n
    where sib.category_id = ${product.categoryId} and sib.id <> ${product.subcategoryId}
    order by n.created_at desc, n.id desc limit ${limit}`;
}

/**
 * Up to 12 other active products: the same subcategory first (newest first), then the rest of the category.
 * With a cache, which products they are is remembered per subcategory until the catalogue changes (they depend
 * only on the subcategory: its newest products and its siblings' newest), so a product page reads its related
 * products in one query by id; stock and sale prices are read fresh each time.
 */
export async function relatedProducts(
  db: DbOrTx,
  product: Pick<ProductRow, 'id' | 'categoryId' | 'subcategoryId'>,
  limit = RELATED_LIMIT,
  at: Date = new Date(),
  cache?: CatalogueCache<CatalogueNames>,
): Promise<ProductWithNames[]> {
  if (!cache) {
    const [same, others] = await Promise.all([
      selectPricedProducts(db, at)
        .where(and(eq(products.isActive, true), eq(products.subcategoryId, product.subcategoryId), ne(products.id, product.id)))
        .orderBy(...newestFirst)
        .limit(limit),
      selectPricedProducts(db, at)
        .where(and(eq(products.isActive, true), sql`${products.id} in (${newestOfSiblings(product, limit)})`))
        .orderBy(...newestFirst)
        .limit(limit),
    ]);
    return [...same, ...others].slice(0, limit);
  }
  const neighbours = await cache.keep(`related:${product.subcategoryId}:${limit}`, () => neighbourIds(db, product, limit));
  const ids = [...neighbours.same.filter((id) => id !== product.id).slice(0, limit), ...neighbours.others].slice(0, limit);
  if (!ids.length) return [];
  const rows = await pageStatements(db).byIds.execute({ ids: ids.join(','), at: at.toISOString() });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The ids of a subcategory's newest active products (one more than `limit`, so that `limit` remain without the
 * product asking) and of its siblings' newest `limit`, newest first.
 */
async function neighbourIds(
  db: DbOrTx,
  product: Pick<ProductRow, 'categoryId' | 'subcategoryId'>,
  limit: number,
): Promise<{ same: string[]; others: string[] }> {
  const [same, others] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isActive, true), eq(products.subcategoryId, product.subcategoryId)))
      .orderBy(...newestFirst)
      .limit(limit + 1),
    execRows<{ id: string }>(db, newestOfSiblings(product, limit)),
  ]);
  return { same: same.map((r) => r.id), others: others.rows.map((r) => r.id) };
}

/** Category and subcategory names (oldest first), for reading filter strings: one small query. */
export async function catalogueNames(db: DbOrTx) {
  const { rows } = await execRows<{ kind: 'c' | 's'; id: string; name: string; category_id: string; shown: string }>(
    db,
    sql`select 'c' as kind, id, name, id as category_id, '' as shown, created_at from ${categories}
        union all
        select 's' as kind, id, name, category_id, display_name as shown, created_at from ${subcategories}
        order by created_at, id`,
  );
  return {
    categories: rows.filter((r) => r.kind === 'c').map((r) => ({ id: r.id, name: r.name })),
    // `shown`: the display name the merchant gave ('' when none), for titles; the name makes the address.
    subcategories: rows
      .filter((r) => r.kind === 's')
      .map((r) => ({ id: r.id, name: r.name, categoryId: r.category_id, shown: r.shown })),
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

/** While no sale runs the price paid is the list price, which an index orders. */
const SORTS_NO_SALE: Record<CatalogueFilter['sort'], SQL[]> = {
  ...SORTS,
  asc: [asc(products.pricePaise), ...newestFirst],
  desc: [desc(products.pricePaise), ...newestFirst],
};

export type CatalogueNames = Awaited<ReturnType<typeof catalogueNames>>;

/**
 * @forTests the query-plan test EXPLAINs the listing with the very conditions the route builds
 * The WHERE conditions of a parsed filter; null when it can match nothing (a subcategory not under the category).
 * Price bounds are on the price paid (they need `saleJoin`); each also bounds the list price, which an index serves:
 * paid ≤ list, and paid ≥ list × (100 − the largest running percentage) / 100. With `salesRunning` false (no sale
 * runs then) the price paid is the list price, and the bounds are on it alone.
 */
export function filterConditions(
  filter: CatalogueFilter,
  names: CatalogueNames,
  at: PriceAt = new Date(),
  salesRunning = true,
): SQL[] | null {
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
    where.push(gte(products.pricePaise, min));
    if (salesRunning) where.push(gte(payPaiseSql, min));
  }
  if (filter.max !== undefined) {
    const max = rupeesToPaise(filter.max);
    if (salesRunning) where.push(listPriceAtMost(sql`${max}::bigint`, at), lte(payPaiseSql, max));
    else where.push(lte(products.pricePaise, max));
  }
  for (const word of filter.search.slice(0, MAX_SEARCH_WORDS)) where.push(nameContainsWord(word.slice(0, 100)));
  where.push(...gemConditions(filter));
  return where;
}

/** The largest percentage of any sale running at `at` (0 when none runs). */
function deepestSale(at: PriceAt): SQL {
  const instant = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : sql`${at}::timestamptz`;
  return sql`(select coalesce(max(percentoff), 0) from sales where starts_at <= ${instant} and ends_at > ${instant})`;
}

/**
 * List price ≤ what can still be paid as `paid` or less: a sale takes at most the deepest running percentage off,
 * rounded half up to the paisa, so paid ≤ P needs list × (100 − deepest) ≤ 100 × P + 49. An index on the list
 * price serves it.
 */
function listPriceAtMost(paid: SQL, at: PriceAt): SQL {
  return sql`${products.pricePaise} <= (100 * ${paid} + 49) / (100 - ${deepestSale(at)})`;
}

/**
 * A page in price order reads only the products whose list price can place them on it or before it, not every
 * product the filter matches (whose number grows with the catalogue). Take the first K = page × 30 matches in list
 * price order (an index serves them) and their prices paid: the K cheapest paid prices of all the matches are at
 * most the largest of those (K products already pay that little), and a product paying that little has a list
 * price within `listPriceAtMost` of it. Highest first is the mirror: paid ≤ list, so a product paying at least the
 * smallest of the K most expensive lists' paid prices lists at least that. Every product that belongs on the page
 * passes, ties included, so the page is exactly the one the whole ordering gives.
 */
function priceWindow(db: DbOrTx, where: SQL[], filter: CatalogueFilter, at: PriceAt): SQL | undefined {
  if (filter.sort !== 'asc' && filter.sort !== 'desc') return undefined;
  const first = db
    .select({ paid: sql<number>`${payPaiseSql}`.as('paid') })
    .from(products)
    .leftJoin(saleJoin(at), sql`true`)
    .where(and(...where))
    .orderBy(filter.sort === 'asc' ? asc(products.pricePaise) : desc(products.pricePaise))
    .limit(filter.page * FILTER_PAGE_SIZE)
    .as('first');
  return filter.sort === 'asc'
    ? listPriceAtMost(sql`(select max(${first.paid}) from ${first})`, at)
    : sql`${products.pricePaise} >= (select min(${first.paid}) from ${first})`;
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
function gemConditions(filter: CatalogueFilter): SQL[] {
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
 * @forTests the query-plan test EXPLAINs the very queries the listing runs
 */
export function filterQueries(db: DbOrTx, where: SQL[], filter: CatalogueFilter, at: PriceAt = new Date(), salesRunning = true) {
  const byPrice = salesRunning && (filter.min !== undefined || filter.max !== undefined);
  const window = salesRunning ? priceWindow(db, where, filter, at) : undefined;
  return {
    page: selectPricedProducts(db, at)
      .where(and(...where, ...(window ? [window] : [])))
      .orderBy(...(salesRunning ? SORTS : SORTS_NO_SALE)[filter.sort])
      .limit(FILTER_PAGE_SIZE)
      .offset((filter.page - 1) * FILTER_PAGE_SIZE),
    // Only a price filter while a sale runs needs the sale of each product to count.
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
 * categories when the string names categories too. A page past the last one (`/all-page-999`, an old link
 * after products sold) answers the last page, with that page's number.
 */
export async function filterProducts(
  db: DbOrTx,
  term: string,
  pageOverride?: number,
  cache?: CatalogueCache<CatalogueNames>,
  now: Date = new Date(),
) {
  let found = await filterPage(db, term, pageOverride, cache, now);
  let reading: SearchReading | undefined;
  if (found.total === 0 && found.filter.search.length) {
    // A name search that found nothing is read as the header's suggestions read it (`rubi` → Ruby).
    for (const candidate of await readingsOf(db, found.filter.search, cache)) {
      const read = await filterPage(db, term, pageOverride, cache, now, candidate);
      if (read.total > 0) {
        found = read;
        reading = candidate;
        break;
      }
    }
  }
  if (found.totalPages > 0 && found.filter.page > found.totalPages) {
    found = await filterPage(db, term, found.totalPages, cache, now, reading);
  }
  return { ...found, didyoumean: reading?.name ?? null };
}

/** How many readings of a search that found nothing are tried, nearest first. */
const READINGS_TRIED = 3;

async function readingsOf(db: DbOrTx, words: readonly string[], cache: CatalogueCache<CatalogueNames> | undefined) {
  const key = `read:${JSON.stringify(words)}`;
  const known = cache?.recall<SearchReading[]>(key);
  if (known) return known;
  const generation = cache?.currentGeneration ?? 0;
  const names = await (cache ? cache.catalogueNames(() => catalogueNames(db)) : catalogueNames(db));
  const readings = (
    await readSearch(
      db,
      words,
      names.subcategories.map((s) => s.name),
    )
  ).slice(0, READINGS_TRIED);
  cache?.remember(key, readings, generation);
  return readings;
}

/** Letters only, lower case: `Cat's Eye` and `Catseye` are both `catseye`. */
const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** The products a reading stands for: of every subcategory named after it (Sapphire: all four), or named after it. */
function readingCondition(reading: SearchReading, names: CatalogueNames): SQL {
  const subIds = names.subcategories.filter((s) => letters(s.name).includes(reading.key)).map((s) => s.id);
  const byName = nameContains(reading.name);
  return subIds.length ? sql`(${inArray(products.subcategoryId, subIds)} or ${byName})` : byName;
}

async function filterPage(
  db: DbOrTx,
  term: string,
  pageOverride: number | undefined,
  cache: CatalogueCache<CatalogueNames> | undefined,
  now: Date,
  reading?: SearchReading,
) {
  const names = await (cache ? cache.catalogueNames(() => catalogueNames(db)) : catalogueNames(db));
  const filter = parseFilter(term, {
    categories: names.categories.map((c) => c.name),
    subcategories: names.subcategories.map((s) => s.name),
  });
  if (pageOverride && pageOverride >= 1) filter.page = pageOverride;
  // A remembered statement prices at the instant it is run with (a placeholder), never at the one it was built at.
  const at = cache ? sql.placeholder('at') : now;
  // A price filter or price order looks up each product's sale only while a sale runs.
  const byPrice = filter.min !== undefined || filter.max !== undefined || filter.sort === 'asc' || filter.sort === 'desc';
  const sales = byPrice ? await salesAt(db, now, cache) : undefined;
  const salesRunning = sales?.running ?? true;
  // Read as a stone, the search words give way to that stone's products; the rest of the filter still holds.
  const conditions = filterConditions(reading ? { ...filter, search: [] } : filter, names, at, salesRunning);
  const where = conditions && reading ? [...conditions, readingCondition(reading, names)] : conditions;
  if (!where || !Number.isSafeInteger((filter.page - 1) * FILTER_PAGE_SIZE)) {
    return { filter, rows: [], total: 0, totalPages: 0 };
  }
  if (!cache) {
    const queries = filterQueries(db, where, filter, at, salesRunning);
    const [rows, [n]] = await Promise.all([queries.page, queries.count]);
    const total = Number(n?.n ?? 0);
    return { filter, rows, total, totalPages: Math.ceil(total / FILTER_PAGE_SIZE) };
  }
  // The statement of this page (built once, run again with the same values) and the filter's total.
  const generation = cache.currentGeneration;
  // A price filter's total holds until the next sale starts or ends: that instant is part of its key.
  const filterKey = `${countKey(filter)}${reading ? `:as:${reading.key}:${reading.name}` : ''}${sales ? `:until:${sales.until}` : ''}`;
  const pageKey = `page:${filterKey}:${filter.sort}:${filter.page}:${salesRunning ? 'sale' : 'list'}`;
  let page = cache.recall<PagePrepared>(pageKey);
  let queries: ReturnType<typeof filterQueries> | undefined;
  if (!page) {
    queries = filterQueries(db, where, filter, at, salesRunning);
    page = withFastRows(queries.page.prepare(undefined as unknown as string)) as unknown as PagePrepared;
    cache.remember(pageKey, page, generation, preparedBytes(page));
  }
  const known = cache.recall<number>(`total:${filterKey}`);
  let rows: ProductWithNames[];
  let total: number;
  const values = { at: now.toISOString() };
  if (known !== undefined) {
    rows = await page.execute(values);
    total = known;
  } else {
    const count = (queries ?? filterQueries(db, where, filter, at, salesRunning)).count.prepare(undefined as unknown as string);
    const [found, [n]] = await Promise.all([page.execute(values), count.execute(values)]);
    rows = found;
    total = Number(n?.n ?? 0);
    cache.remember(`total:${filterKey}`, total, generation);
  }
  return { filter, rows, total, totalPages: Math.ceil(total / FILTER_PAGE_SIZE) };
}

/**
 * Whether any sale runs at `now`, and until when that holds (the next instant a sale starts or ends; clock ms, or
 * Infinity). Remembered until the sales change or that instant, whichever comes first: a sale starts and ends
 * without any write.
 */
async function salesAt(
  db: DbOrTx,
  now: Date,
  cache: CatalogueCache<CatalogueNames> | undefined,
): Promise<{ running: boolean; until: number }> {
  const known = cache?.recall<{ running: boolean; until: number }>('sales-running');
  if (known && now.getTime() < known.until) return known;
  const generation = cache?.currentGeneration ?? 0;
  const instant = now.toISOString();
  const { rows } = await execRows<{ running: boolean; next: Date | string | null }>(
    db,
    sql`select bool_or(starts_at <= ${instant}::timestamptz and ends_at > ${instant}::timestamptz) as running,
               least(min(starts_at) filter (where starts_at > ${instant}::timestamptz),
                     min(ends_at) filter (where ends_at > ${instant}::timestamptz)) as next
        from sales`,
  );
  const next = rows[0]?.next;
  const found = { running: rows[0]?.running === true, until: next ? new Date(next).getTime() : Number.POSITIVE_INFINITY };
  cache?.remember('sales-running', found, generation);
  return found;
}

/**
 * What a kept statement takes in memory, roughly: its SQL text and values, and the objects Drizzle keeps to read
 * its rows (measured on the heap: about 30 KB for a listing page's statement in all, its text included).
 */
const PREPARED_OVERHEAD = 24 * 1024;
function preparedBytes(page: PagePrepared): number {
  const p = page as unknown as { queryString?: string; params?: unknown[] };
  let params = 0;
  for (const v of p.params ?? []) params += typeof v === 'string' ? v.length * 2 + 16 : 16;
  return (p.queryString?.length ?? 0) * 2 + params + PREPARED_OVERHEAD;
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
