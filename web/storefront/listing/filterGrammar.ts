/**
 * The listing URL's filter grammar, with the API of the shared contract/filter.ts (same names and shapes), which
 * the server reads too: `all`, or words joined by `-`, read left to right — `min-N`, `max-N`,
 * `sort-asc|desc|newest|oldest`, `page-N`, `search-…` (words up to the next keyword), a category or subcategory
 * name (lower case, spaces as `-`, longest match wins, a category before a subcategory of the same name), any
 * other word a name-search word.
 *
 * Stand-in until contract/filter.ts is on main; then this file becomes `export * from '../../../contract/filter'`.
 */
export const SORT_ORDERS = ['newest', 'oldest', 'asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export type CatalogueFilter = {
  categories: string[];
  subcategories: string[];
  min?: number;
  max?: number;
  sort: SortOrder;
  page: number;
  search: string[];
};

export type FilterNames = { categories: readonly string[]; subcategories: readonly string[] };

const KEYWORDS = new Set(['min', 'max', 'sort', 'page', 'search']);

export const emptyFilter = (): CatalogueFilter => ({ categories: [], subcategories: [], sort: 'newest', page: 1, search: [] });

export function filterWords(text: string): string[] {
  return String(text)
    .toLowerCase()
    .split(/[\s-]+/u)
    .filter(Boolean);
}

export const nameToFilterWord = (name: string) => filterWords(name).join('-');

const price = (w: string) => (/^\d+(\.\d+)?$/.test(w) ? Math.round(Number(w) * 100) / 100 : undefined);

export function parseFilter(term: unknown, names: FilterNames = { categories: [], subcategories: [] }): CatalogueFilter {
  const filter = emptyFilter();
  const words = filterWords(typeof term === 'string' ? term : '');
  const seen = new Set<string>();
  const entries: { words: string[]; name: string; kind: 'categories' | 'subcategories' }[] = [];
  for (const kind of ['categories', 'subcategories'] as const) {
    for (const name of names[kind]) {
      const w = filterWords(name);
      const key = w.join('-');
      if (!w.length || seen.has(key)) continue;
      seen.add(key);
      entries.push({ words: w, name: name.trim(), kind });
    }
  }
  entries.sort((a, b) => b.words.length - a.words.length);
  const add = (list: string[], v: string) => {
    if (!list.includes(v)) list.push(v);
  };
  let inSearch = false;
  let i = 0;
  while (i < words.length) {
    const w = words[i] as string;
    if (KEYWORDS.has(w)) {
      inSearch = w === 'search';
      if (inSearch) {
        i += 1;
        continue;
      }
      const v = words[i + 1];
      i += 2;
      if (v === undefined) continue;
      if (w === 'min' || w === 'max') {
        const n = price(v);
        if (n !== undefined) filter[w] = n;
      } else if (w === 'sort') {
        if ((SORT_ORDERS as readonly string[]).includes(v)) filter.sort = v as SortOrder;
      } else {
        const n = Number(v);
        filter.page = /^\d+$/.test(v) && Number.isSafeInteger(n) && n >= 1 ? n : 1;
      }
      continue;
    }
    if (inSearch) {
      add(filter.search, w);
      i += 1;
      continue;
    }
    const match = entries.find((e) => e.words.every((ew, k) => words[i + k] === ew));
    if (match) {
      add(filter[match.kind], match.name);
      i += match.words.length;
      continue;
    }
    if (w !== 'all') add(filter.search, w);
    i += 1;
  }
  return filter;
}

export function formatFilter(filter: Partial<CatalogueFilter>): string {
  const parts: string[] = [];
  for (const name of [...(filter.categories ?? []), ...(filter.subcategories ?? [])]) {
    const w = nameToFilterWord(name);
    if (w) parts.push(w);
  }
  for (const key of ['min', 'max'] as const) {
    const v = filter[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) parts.push(key, String(Math.round(v * 100) / 100));
  }
  if (filter.sort && filter.sort !== 'newest') parts.push('sort', filter.sort);
  if (filter.page && filter.page > 1) parts.push('page', String(filter.page));
  const search = (filter.search ?? []).flatMap(filterWords).filter((w) => !KEYWORDS.has(w));
  if (search.length) parts.push('search', ...search);
  return parts.length ? parts.join('-') : 'all';
}
