import { inArray, type SQL, sql } from 'drizzle-orm';
import { nameToFilterWord } from '../../../contract/filter.js';
import { STONE_NAMES, SUGGEST_MIN_CHARS, type SuggestResponse } from '../../../contract/search.js';
import { type Db, type DbOrTx, execRows } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { selectPricedProducts, toProduct } from './rows.js';

/**
 * Header search suggestions, typo-tolerant through PostgreSQL's pg_trgm (migration 0001_name_search): a name
 * matches when the query's trigrams are close enough to some stretch of it (`word_similarity`), so `rubi`
 * finds Ruby and `yelow saphire` Natural Yellow Sapphire; no setting (threshold) of the session is used. Stones are also found by their Hindi and trade
 * names (`STONE_NAMES`: Manik → Ruby), and then their products with them.
 */

/** How close a query must be to a name (0..1): `rubi`/`ruby` is 0.6, `emrald`/`emerald` 0.5, `rubi`/`rings` 0.2. */
const SUGGEST_THRESHOLD = 0.45;
const SUGGEST_PRODUCTS = 6;
const SUGGEST_NAMES = 4;

/** Letters only, lower case: `Cat's Eye` and `Catseye` are both `catseye`. */
const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

const STONE_ROWS = STONE_NAMES.flatMap(({ stone, names }) =>
  [stone, ...names].map((name) => ({ stone, key: letters(stone), name: name.toLowerCase() })),
);

/** `/gemstones-ruby`: the listing of a category, or of a subcategory under its category. */
const listingPath = (...names: string[]) => `/${names.map(nameToFilterWord).join('-')}`;

const productPath = (category: string, subcategory: string, slug: string) =>
  `/${[nameToFilterWord(category) || 'products', nameToFilterWord(subcategory) || 'all', slug].map(encodeURIComponent).join('/')}`;

/** Nearest product names read from the GiST index before the closeness cut (the index reads nearest first). */
const NEAREST = 12;

/** The one statement of a suggestion (see `suggest`). */
function suggestStatement(q: string): SQL {
  const values = sql.join(
    STONE_ROWS.map((r) => sql`(${r.stone}, ${r.key}, ${r.name})`),
    sql`, `,
  );
  return sql`with stones as (
          select distinct on (a.key) a.key, a.stone, a.name, word_similarity(${q}, a.name) as score
          from (values ${values}) as a(stone, key, name)
          where word_similarity(${q}, a.name) >= ${SUGGEST_THRESHOLD}
          order by a.key, score desc
        ),
        subs as (
          select s.id, s.name, s.display_name, c.name as category,
            greatest(
              word_similarity(${q}, lower(s.name)),
              word_similarity(${q}, lower(s.display_name)),
              coalesce(max(st.score), 0)
            ) as score,
            -- Among equal scores the name nearest as a whole comes first (Ruby before Antique Ruby Lot); through a
            -- stone's name, how near the query is to that name times how near the subcategory is to the stone
            -- (pukhraj: Natural Yellow Sapphire before White Sapphire, whose name is safed pukhraj).
            greatest(
              similarity(${q}, lower(s.name)),
              similarity(${q}, lower(s.display_name)),
              coalesce(max(similarity(${q}, st.name) * similarity(lower(st.stone), lower(s.name))), 0)
            ) as closeness,
            (array_agg(st.name order by st.score desc) filter (where st.name <> lower(st.stone)))[1] as alias
          from subcategories s join categories c on c.id = s.category_id
          left join stones st on regexp_replace(lower(s.name), '[^a-z]', '', 'g') like '%' || st.key || '%'
          group by s.id, s.name, s.display_name, c.name
        ),
        found as (select * from subs where score >= ${SUGGEST_THRESHOLD}),
        nearest as (
          select p.id, 1 - (${q} <<-> lower(p.name)) as score from products p
          where p.is_active order by ${q} <<-> lower(p.name) limit ${NEAREST}
        ),
        of_stones as (
          select n.id, 0 as score from found f cross join lateral (
            select p.id, p.created_at from products p
            where p.subcategory_id = f.id and p.is_active order by p.created_at desc limit ${SUGGEST_PRODUCTS}
          ) as n
          order by n.created_at desc limit ${SUGGEST_PRODUCTS}
        )
        select 's' as kind, id, name, display_name as shown, category, score, alias, closeness from found
        union all
        select 'c', c.id, c.name, '', c.name, word_similarity(${q}, lower(c.name)), null, similarity(${q}, lower(c.name))
        from categories c
        where word_similarity(${q}, lower(c.name)) >= ${SUGGEST_THRESHOLD}
        union all
        select 'p', id, '', '', '', max(score), null, 0::real from (
          select * from nearest where score >= ${SUGGEST_THRESHOLD} union all select * from of_stones
        ) as candidates group by id
        order by score desc, closeness desc, name`;
}

/** Stone families a shopper names without the colour (`saphire`): every sapphire, whatever its colour. */
const FAMILIES = ['Sapphire'];

/** A way of reading a name search that found nothing: the name shown ("Ruby") and the subcategory key it covers. */
export type SearchReading = { name: string; key: string };

/**
 * How a name search that found nothing reads as the suggestions read it: the stones (by any of their names), the
 * shop's own subcategories and the stone families whose names the words are close to, nearest first. `rubi` → Ruby,
 * `emrald` → Emerald, `yelow saphire` → Yellow Sapphire, `saphire` → Sapphire, `lehsunia` and `cats eye` → Cat's Eye.
 */
export async function readSearch(
  db: DbOrTx,
  words: readonly string[],
  subcategoryNames: readonly string[],
): Promise<SearchReading[]> {
  const q = words.join(' ').toLowerCase().slice(0, 100);
  if (q.replace(/\s/g, '').length < SUGGEST_MIN_CHARS) return [];
  const rows = [
    // A stone's own spelling (Cat's Eye) before a subcategory written otherwise (Catseye).
    ...STONE_ROWS.map((r) => ({ ...r, rank: 0 })),
    ...FAMILIES.map((f) => ({ stone: f, key: letters(f), name: f.toLowerCase(), rank: 1 })),
    ...subcategoryNames.map((n) => ({ stone: n, key: letters(n), name: n.toLowerCase(), rank: 2 })),
  ].filter((r) => r.key);
  // Written together (`catseye`), the words are compared as one name too.
  const joined = q.replace(/[^a-z]/g, '');
  const values = sql.join(
    rows.map((r) => sql`(${r.stone}, ${r.key}, ${r.name}, ${r.rank}::int)`),
    sql`, `,
  );
  const { rows: found } = await execRows<{ stone: string; key: string }>(
    db,
    sql`select stone, key from (
          select distinct on (a.key) a.stone, a.key, a.rank,
            greatest(word_similarity(${q}, a.name), word_similarity(${joined}, regexp_replace(a.name, '[^a-z]', '', 'g'))) as score,
            similarity(${q}, a.name) as closeness
          from (values ${values}) as a(stone, key, name, rank)
          order by a.key, score desc, a.rank, closeness desc
        ) as r
        where score >= ${SUGGEST_THRESHOLD}
        order by score desc, closeness desc, stone
        limit 5`,
  );
  return found.map((r) => ({ name: r.stone, key: r.key }));
}

export async function suggest(db: Db, raw: string, at: Date = new Date()): Promise<SuggestResponse> {
  const q = raw.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 100);
  const empty: SuggestResponse = { success: true, query: q, products: [], categories: [], stones: [] };
  if (q.replace(/\s/g, '').length < SUGGEST_MIN_CHARS) return empty;

  // One statement: stones the query names (in English or by another name), the shop's subcategories and
  // categories near it, and the products: the nearest names (`<<->` is 1 − word_similarity, served in order by
  // products_name_trgm_gist_idx) and the newest products of a stone the query named (Manik → rubies).
  const { rows } = await execRows<{
    kind: 'c' | 's' | 'p';
    id: string;
    name: string;
    /** A subcategory's display name ('' when none): what the suggestion shows; its name makes the address. */
    shown: string;
    category: string;
    score: number;
    alias: string | null;
  }>(db, suggestStatement(q));
  const stoneRows = rows.filter((r) => r.kind === 's');
  const stones = stoneRows.slice(0, SUGGEST_NAMES).map((s) => ({
    name: s.shown || s.name,
    path: listingPath(s.category, s.name),
    note: s.alias ? s.alias.replace(/\b\p{L}/gu, (c) => c.toUpperCase()) : s.category,
  }));
  const categories = rows
    .filter((r) => r.kind === 'c')
    .slice(0, SUGGEST_NAMES)
    .map((c) => ({ name: c.name, path: listingPath(c.name) }));
  const productIds = rows
    .filter((r) => r.kind === 'p')
    .slice(0, SUGGEST_PRODUCTS)
    .map((r) => r.id);
  if (!productIds.length) return { ...empty, categories, stones };
  const found = await selectPricedProducts(db, at).where(inArray(products.id, productIds));
  const rank = new Map(productIds.map((id, i) => [id, i]));
  found.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  return {
    ...empty,
    products: found.map((row) => {
      const p = toProduct(row);
      return {
        _id: p._id,
        productname: p.productname,
        path: productPath(p.category.categoryname, p.subcategory.subcategoryname, p.slug),
        image: p.productimages[0] ?? '',
        price: p.saleprice ?? p.productprice,
      };
    }),
    categories,
    stones,
  };
}
