/**
 * The listing URL's filter grammar (API.md "Filter string"): `all`, or words joined by `-`, read left to right —
 * `min-N`, `max-N`, `sort-asc|desc|newest|oldest`, `page-N`, `search-…`, a category or subcategory name
 * (lower case, spaces as `-`, longest match wins), any other word a name-search word.
 *
 * The server reads the same string. This module is the storefront's only door to the grammar: when the shared
 * contract/filter.ts is available, re-export its parseFilter/formatFilter here.
 */
export const SORTS = ['newest', 'oldest', 'asc', 'desc'] as const;
export type Sort = (typeof SORTS)[number];

export type ListingFilter = {
  category?: string;
  subcategory?: string;
  search?: string;
  min?: number;
  max?: number;
  sort?: Sort;
  page: number;
};

export type CatalogueNames = { categories: readonly string[]; subcategories: readonly string[] };

const KEYWORDS = new Set(['min', 'max', 'sort', 'page', 'search']);
const NUMBER = /^\d+(\.\d+)?$/;

/** A catalogue name as URL words: lower case, runs of other characters as one `-`. */
export const toWords = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export function parseFilter(term: string, names: CatalogueNames): ListingFilter {
  const filter: ListingFilter = { page: 1 };
  const t = toWords(decodeURIComponentSafe(term));
  if (t === '' || t === 'all') return filter;
  const words = t.split('-');
  const candidates = [
    ...names.categories.map((name) => ({ kind: 'category' as const, name, words: toWords(name).split('-') })),
    ...names.subcategories.map((name) => ({ kind: 'subcategory' as const, name, words: toWords(name).split('-') })),
  ]
    .filter((c) => c.words[0] !== '')
    .sort((a, b) => b.words.length - a.words.length);
  const search: string[] = [];

  let i = 0;
  while (i < words.length) {
    const w = words[i] as string;
    const next = words[i + 1];
    if ((w === 'min' || w === 'max') && next !== undefined) {
      if (NUMBER.test(next)) filter[w] = Number(next);
      i += 2;
      continue;
    }
    if (w === 'sort' && next !== undefined) {
      if ((SORTS as readonly string[]).includes(next)) filter.sort = next as Sort;
      i += 2;
      continue;
    }
    if (w === 'page' && next !== undefined) {
      const n = Number(next);
      filter.page = /^\d+$/.test(next) && n >= 1 ? n : 1;
      i += 2;
      continue;
    }
    if (w === 'search') {
      i += 1;
      while (i < words.length && !KEYWORDS.has(words[i] as string)) search.push(words[i++] as string);
      continue;
    }
    const match = candidates.find((c) => c.words.every((cw, k) => words[i + k] === cw));
    if (match) {
      if (!filter[match.kind]) filter[match.kind] = match.name;
      i += match.words.length;
      continue;
    }
    if (w !== 'all') search.push(w);
    i += 1;
  }
  if (search.length) filter.search = search.join(' ');
  return filter;
}

export function formatFilter(filter: ListingFilter): string {
  const parts: string[] = [];
  if (filter.category) parts.push(toWords(filter.category));
  if (filter.subcategory) parts.push(toWords(filter.subcategory));
  const search = filter.search ? toWords(filter.search) : '';
  if (search) parts.push('search', search);
  if (filter.min !== undefined && Number.isFinite(filter.min) && filter.min >= 0) parts.push('min', String(filter.min));
  if (filter.max !== undefined && Number.isFinite(filter.max) && filter.max >= 0) parts.push('max', String(filter.max));
  if (filter.sort && filter.sort !== 'newest') parts.push('sort', filter.sort);
  if (filter.page > 1) parts.push('page', String(filter.page));
  return parts.filter(Boolean).join('-') || 'all';
}

/** The same term at another page (keeps every other word as it is, so it works before names are known). */
export function withPage(term: string, page: number): string {
  const t = toWords(decodeURIComponentSafe(term));
  const words = t === 'all' ? [] : t.split('-');
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 'page' && i + 1 < words.length) {
      i++;
      continue;
    }
    if (words[i] !== '') kept.push(words[i] as string);
  }
  if (page > 1) kept.push('page', String(page));
  return kept.join('-') || 'all';
}

/** How many filters are in force (the count badge of the phone filter button). */
export const activeFilterCount = (f: ListingFilter) =>
  [f.category, f.subcategory, f.search, f.min, f.max, f.sort && f.sort !== 'newest' ? f.sort : undefined].filter(
    (v) => v !== undefined && v !== '',
  ).length;

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
