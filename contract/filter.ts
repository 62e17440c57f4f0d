/**
 * The storefront's filter string (`/p1/api/filter/:filterstring` and the page `/{term}`), shared by the
 * server and the web app. `all`, or words joined by `-`, read left to right:
 *
 * - `min-N` / `max-N`: price bounds in rupees; only plain numbers (`5000`, `99.5`) count, anything else
 *   is ignored (the keyword always takes the word after it). Rounded to paise.
 * - `sort-asc|desc|newest|oldest`: price ascending/descending or creation date; default `newest`.
 * - `page-N`: a positive whole number, else 1.
 * - `search-…`: the words after it, up to the next keyword, are a name search.
 * - a category or subcategory name, written lower-case with spaces as `-`; the longest name wins
 *   (`natural-yellow-sapphire` before `yellow-sapphire`). A name that is both a category and a
 *   subcategory is read as the category. A subcategory name means every subcategory of that name
 *   (`ruby` alone = Ruby under any category); with a category (`gemstones-ruby`) only the ones under it.
 * - `all` outside a search is a no-op; any other word is a name search word (all words must match).
 *
 * Gem terms (contract/gems.ts), read only outside a search and only with a valid value; otherwise the words keep
 * the meaning they always had (a name, or search words), so every term written before them reads as it did:
 * - `caratmin-N` / `caratmax-N`: carat weight bounds; `rattimin-N` / `rattimax-N`: the same in ratti (the shop's
 *   ratti setting converts them); plain numbers only, rounded to 2 decimals.
 * - `origin-KEY`, `shape-KEY`, `treatment-KEY`, `lab-KEY`: one of the keys of GEM_ORIGINS, GEM_SHAPES,
 *   GEM_TREATMENTS, GEM_LABS (`origin-burma`, `shape-oval`, `treatment-untreated`, `lab-gia`, `lab-any`);
 *   repeated, any of them (`origin-burma-origin-srilanka`).
 * The canonical string writes them after the price bounds and before `sort`, `page` and `search`.
 *
 * Limits, by design: a name whose first word is a keyword (`min max sort page search`) cannot be written
 * in a filter string, and neither can a search word that is a keyword. Names that are concatenations of
 * other names read as the longer name (longest match), e.g. category `Natural` + subcategory
 * `Yellow Sapphire` next to a subcategory `Natural Yellow Sapphire`.
 *
 * Neither function ever throws.
 */

import { GEM_CHOICES, type GemChoiceKind } from './gems.js';

/** @forTests the filter property tests draw sort orders from it */
export const SORT_ORDERS = ['newest', 'oldest', 'asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export type CatalogueFilter = {
  /** Category names as the shop spells them (from `names`), in the order they appeared. */
  categories: string[];
  /** Subcategory names as the shop spells them. */
  subcategories: string[];
  /** Price bounds in rupees (≤ 2 decimals). */
  min?: number;
  max?: number;
  sort: SortOrder;
  /** 1-based. */
  page: number;
  /** Lower-case name-search words; a product matches when its name contains every one. */
  search: string[];
  /** Gem terms; left out when not asked for (so a filter without them is as it always was). */
  caratmin?: number;
  caratmax?: number;
  rattimin?: number;
  rattimax?: number;
  /** Keys of GEM_ORIGINS, GEM_SHAPES, GEM_TREATMENTS, GEM_LABS, in the order they appeared. */
  origin?: string[];
  shape?: string[];
  treatment?: string[];
  lab?: string[];
};

/** The gem weight bounds and the gem choice lists of a filter. */
export const GEM_BOUNDS = ['caratmin', 'caratmax', 'rattimin', 'rattimax'] as const;
export const GEM_LISTS = ['origin', 'shape', 'treatment', 'lab'] as const satisfies readonly GemChoiceKind[];
const GEM_BOUND_SET = new Set<string>(GEM_BOUNDS);
const GEM_LIST_SET = new Set<string>(GEM_LISTS);
/** Largest carat or ratti bound taken. */
const MAX_WEIGHT_BOUND = 100_000;

type FilterNames = { categories: readonly string[]; subcategories: readonly string[] };

/** @forTests the filter property tests draw keywords from it */
export const FILTER_KEYWORDS = ['min', 'max', 'sort', 'page', 'search'] as const;
const KEYWORDS = new Set<string>(FILTER_KEYWORDS);
/** Largest price bound taken (rupees); bigger numbers are ignored. */
const MAX_PRICE_BOUND = 1_000_000_000_000;

/** @forTests the filter tests compare parsed strings with it */
export const emptyFilter = (): CatalogueFilter => ({ categories: [], subcategories: [], sort: 'newest', page: 1, search: [] });

/**
 * What separates words: spaces and hyphens, and every character that means something in an address
 * (`/ ? # % \`), and a dot unless it sits between two digits (`99.5` stays one word, `22ct.` loses its dot).
 * So a name's words never hold a character that could cut or end a path segment, or make it look like a file.
 */
const WORD_BREAK = /(?:[\s\-/?#%\\]|(?<!\d)\.|\.(?!\d))+/u;

/** The words of a name or a term: lower-case, split at spaces, hyphens and address characters. */
export function filterWords(text: string): string[] {
  return String(text).toLowerCase().split(WORD_BREAK).filter(Boolean);
}

/**
 * A name as written in a filter string and in the shop's addresses: `Natural Yellow Sapphire` →
 * `natural-yellow-sapphire`, `Rings / Bands` → `rings-bands`. The one function every address is made with
 * (listingPath, productPagePath below; the server's pages and sitemap, the web app's links).
 */
export const nameToFilterWord = (name: string) => filterWords(name).join('-');

/** The address of a category's listing page (`/gemstones`) or a subcategory's (`/gemstones-ruby`): one segment. */
export const listingPath = (category: string, subcategory?: string) =>
  `/${encodeURIComponent([category, subcategory ?? ''].map(nameToFilterWord).filter(Boolean).join('-') || 'all')}`;

/** The address of a product page: /{category}/{subcategory}/{slug}, each part one URL-encoded segment. */
export const productPagePath = (category: string, subcategory: string, slug: string) =>
  `/${[nameToFilterWord(category) || 'products', nameToFilterWord(subcategory) || 'all', slug].map(encodeURIComponent).join('/')}`;

function parsePrice(word: string): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(word)) return undefined;
  const n = Math.round(Number(word) * 100) / 100;
  return Number.isFinite(n) && n <= MAX_PRICE_BOUND ? n : undefined;
}

function parsePage(word: string): number {
  if (!/^\d+$/.test(word)) return 1;
  const n = Number(word);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

type NameEntry = { words: string[]; name: string; kind: 'category' | 'subcategory' };

/** Index of names by first word, longest first; categories before subcategories of the same words. */
function indexNames(names: FilterNames): Map<string, NameEntry[]> {
  const byFirst = new Map<string, NameEntry[]>();
  const seen = new Set<string>();
  const add = (list: readonly unknown[] | undefined, kind: NameEntry['kind']) => {
    if (!Array.isArray(list)) return;
    for (const raw of list) {
      if (typeof raw !== 'string') continue;
      const words = filterWords(raw);
      const first = words[0];
      if (!first) continue;
      const key = words.join('-');
      if (seen.has(key)) continue; // first spelling wins; a category shadows a subcategory of the same name
      seen.add(key);
      const list2 = byFirst.get(first) ?? [];
      list2.push({ words, name: raw.trim(), kind });
      byFirst.set(first, list2);
    }
  };
  add(names?.categories, 'category');
  add(names?.subcategories, 'subcategory');
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  return byFirst;
}

function matchName(index: Map<string, NameEntry[]>, words: string[], at: number): NameEntry | undefined {
  const candidates = index.get(words[at] as string);
  if (!candidates) return undefined;
  return candidates.find((c) => c.words.every((w, k) => words[at + k] === w));
}

const pushUnique = (list: string[], value: string) => {
  if (!list.includes(value)) list.push(value);
};

function parseWeight(word: string | undefined): number | undefined {
  if (word === undefined || !/^\d+(\.\d+)?$/.test(word)) return undefined;
  const n = Math.round(Number(word) * 100) / 100;
  return Number.isFinite(n) && n <= MAX_WEIGHT_BOUND ? n : undefined;
}

const isGemKey = (kind: GemChoiceKind, key: string | undefined) =>
  key !== undefined && GEM_CHOICES[kind].some((c) => c.key === key);

/** Takes `keyword value` as a gem term when it is one (a valid value); false leaves both words as they were. */
function readGemTerm(filter: CatalogueFilter, keyword: string, value: string | undefined): boolean {
  if (GEM_BOUND_SET.has(keyword)) {
    const n = parseWeight(value);
    if (n === undefined) return false;
    filter[keyword as (typeof GEM_BOUNDS)[number]] = n;
    return true;
  }
  if (GEM_LIST_SET.has(keyword) && isGemKey(keyword as GemChoiceKind, value)) {
    const kind = keyword as (typeof GEM_LISTS)[number];
    const list = filter[kind] ?? [];
    pushUnique(list, value as string);
    filter[kind] = list;
    return true;
  }
  return false;
}

/** Reads a filter string. Unknown words become name-search words; it never throws. */
export function parseFilter(term: unknown, names: FilterNames = { categories: [], subcategories: [] }): CatalogueFilter {
  const filter = emptyFilter();
  let words: string[];
  try {
    words = filterWords(typeof term === 'string' ? term : term == null ? '' : String(term));
  } catch {
    return filter;
  }
  let index: Map<string, NameEntry[]>;
  try {
    index = indexNames(names);
  } catch {
    index = new Map();
  }
  let inSearch = false;
  let i = 0;
  while (i < words.length) {
    const word = words[i] as string;
    if (KEYWORDS.has(word)) {
      inSearch = word === 'search';
      if (inSearch) {
        i += 1;
        continue;
      }
      const value = words[i + 1];
      i += 2;
      if (value === undefined) continue;
      if (word === 'min' || word === 'max') {
        const n = parsePrice(value);
        if (n !== undefined) filter[word] = n;
      } else if (word === 'sort') {
        if ((SORT_ORDERS as readonly string[]).includes(value)) filter.sort = value as SortOrder;
      } else if (word === 'page') {
        filter.page = parsePage(value);
      }
      continue;
    }
    if (inSearch) {
      pushUnique(filter.search, word);
      i += 1;
      continue;
    }
    const match = matchName(index, words, i);
    if (match) {
      pushUnique(match.kind === 'category' ? filter.categories : filter.subcategories, match.name);
      i += match.words.length;
      continue;
    }
    if (readGemTerm(filter, word, words[i + 1])) {
      i += 2;
      continue;
    }
    if (word !== 'all') pushUnique(filter.search, word);
    i += 1;
  }
  return filter;
}

const formatNumber = (n: number) => {
  const rounded = Math.round(n * 100) / 100;
  return Number.isFinite(rounded) && rounded >= 0 ? String(rounded) : undefined;
};

/** Writes a filter as its canonical string (`all` when empty). Never throws. */
export function formatFilter(filter: Partial<CatalogueFilter> | null | undefined): string {
  try {
    const f = filter ?? {};
    const parts: string[] = [];
    for (const name of [...(f.categories ?? []), ...(f.subcategories ?? [])]) {
      const word = nameToFilterWord(String(name));
      if (word) parts.push(word);
    }
    for (const key of ['min', 'max'] as const) {
      const v = f[key];
      if (typeof v === 'number') {
        const s = formatNumber(v);
        if (s !== undefined) parts.push(key, s);
      }
    }
    for (const key of GEM_BOUNDS) {
      const v = f[key];
      if (typeof v === 'number' && v <= MAX_WEIGHT_BOUND) {
        const s = formatNumber(v);
        if (s !== undefined) parts.push(key, s);
      }
    }
    for (const kind of GEM_LISTS) {
      const seen = new Set<string>();
      for (const key of f[kind] ?? []) {
        if (isGemKey(kind, key) && !seen.has(key)) {
          seen.add(key);
          parts.push(kind, key);
        }
      }
    }
    if (f.sort && f.sort !== 'newest' && (SORT_ORDERS as readonly string[]).includes(f.sort)) parts.push('sort', f.sort);
    if (typeof f.page === 'number' && Number.isSafeInteger(f.page) && f.page > 1) parts.push('page', String(f.page));
    const search = (f.search ?? []).flatMap((w) => filterWords(String(w))).filter((w) => !KEYWORDS.has(w));
    if (search.length) parts.push('search', ...search);
    return parts.length ? parts.join('-') : 'all';
  } catch {
    return 'all';
  }
}

/**
 * Two filters mean the same listing.
 * @forTests the filter property tests compare a filter with its round trip through the string
 */
export function sameFilter(a: CatalogueFilter, b: CatalogueFilter): boolean {
  const eqList = (x: string[], y: string[]) => x.length === y.length && x.every((v, k) => v === y[k]);
  return (
    eqList(a.categories, b.categories) &&
    eqList(a.subcategories, b.subcategories) &&
    a.min === b.min &&
    a.max === b.max &&
    a.sort === b.sort &&
    a.page === b.page &&
    eqList(a.search, b.search) &&
    GEM_BOUNDS.every((k) => a[k] === b[k]) &&
    GEM_LISTS.every((k) => eqList(a[k] ?? [], b[k] ?? []))
  );
}

/**
 * The listing's filter form as submitted (a GET form, so it also works before the web app runs and without
 * JavaScript): its field names. `category` and `subcategory` carry ids (the server reads them as names);
 * `clear` is Clear All.
 */
export const FILTER_FORM_FIELDS = [
  'search',
  'category',
  'subcategory',
  'min',
  'max',
  'sort',
  'clear',
  ...GEM_BOUNDS,
  ...GEM_LISTS,
] as const;

/** The form's values, with the category and subcategory as names. */
type FilterFormValues = {
  search?: string;
  category?: string;
  subcategory?: string;
  min?: string;
  max?: string;
  sort?: string;
  caratmin?: string;
  caratmax?: string;
  rattimin?: string;
  rattimax?: string;
  /** A key of the list (`burma`), or '' for any. */
  origin?: string;
  shape?: string;
  treatment?: string;
  lab?: string;
};

/**
 * The filter a submitted form asks for, at page 1: the same for the web app and the server. A subcategory counts
 * only with its category; a price that is not a number of 0 or more is left out (the app says so next to the field
 * first); bounds given the wrong way round are swapped; an unknown sort is the default. Never throws.
 */
export function filterFromForm(values: FilterFormValues): CatalogueFilter {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const price = (v: unknown) => {
    const s = text(v);
    const n = s === '' ? Number.NaN : Number(s);
    return Number.isFinite(n) && n >= 0 && n <= MAX_PRICE_BOUND ? Math.round(n * 100) / 100 : undefined;
  };
  const category = text(values.category);
  const subcategory = text(values.subcategory);
  let min = price(values.min);
  let max = price(values.max);
  if (min !== undefined && max !== undefined && max < min) [min, max] = [max, min];
  const sort = text(values.sort);
  const filter: CatalogueFilter = {
    categories: category ? [category] : [],
    subcategories: category && subcategory ? [subcategory] : [],
    search: filterWords(text(values.search)),
    min,
    max,
    sort: (SORT_ORDERS as readonly string[]).includes(sort) ? (sort as SortOrder) : 'newest',
    page: 1,
  };
  for (const [low, high] of [
    ['caratmin', 'caratmax'],
    ['rattimin', 'rattimax'],
  ] as const) {
    let a = parseWeight(text(values[low]) || undefined);
    let b = parseWeight(text(values[high]) || undefined);
    if (a !== undefined && b !== undefined && b < a) [a, b] = [b, a];
    if (a !== undefined) filter[low] = a;
    if (b !== undefined) filter[high] = b;
  }
  for (const kind of GEM_LISTS) {
    const key = text(values[kind]).toLowerCase();
    if (isGemKey(kind, key)) filter[kind] = [key];
  }
  return filter;
}

/** How many gem terms a filter has (the listing's filter count). */
export const gemTermCount = (f: CatalogueFilter) =>
  GEM_BOUNDS.filter((k) => f[k] !== undefined).length + GEM_LISTS.reduce((n, k) => n + (f[k]?.length ?? 0), 0);
