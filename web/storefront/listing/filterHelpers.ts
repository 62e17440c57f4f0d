import { GEM_CHOICES } from '../../../contract/gems';
import { formatRupees } from '../components/links';
import { type CatalogueFilter, filterWords, GEM_BOUNDS, GEM_LISTS, gemTermCount, type SortOrder } from './filterGrammar';

/** The same term at another page; keeps every other word as written, so it works before the names are known. */
export function withPage(term: string, page: number): string {
  const words = filterWords(term);
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 'page' && i + 1 < words.length) {
      i++;
      continue;
    }
    kept.push(words[i] as string);
  }
  if (kept.length === 1 && kept[0] === 'all') kept.length = 0;
  if (page > 1) kept.push('page', String(page));
  return kept.join('-') || 'all';
}

/** How many filters are in force (the count badge of the phone filter button). */
export const activeFilterCount = (f: CatalogueFilter) =>
  f.categories.length +
  f.subcategories.length +
  (f.search.length ? 1 : 0) +
  (f.min !== undefined ? 1 : 0) +
  (f.max !== undefined ? 1 : 0) +
  (f.sort !== 'newest' ? 1 : 0) +
  gemTermCount(f);

/** A filter in force as a chip the shopper can remove: its words, and the filter without it (on page 1). */
type FilterChip = { key: string; label: string; without: CatalogueFilter };

/** How the sort orders read: the filter form's Sort by choices and the sort's chip. */
export const SORT_LABELS: Record<SortOrder, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  asc: 'Price: low to high',
  desc: 'Price: high to low',
};

const WEIGHT_CHIPS: Record<(typeof GEM_BOUNDS)[number], (n: number) => string> = {
  caratmin: (n) => `From ${n} ct`,
  caratmax: (n) => `Up to ${n} ct`,
  rattimin: (n) => `From ${n} ratti`,
  rattimax: (n) => `Up to ${n} ratti`,
};

/**
 * Every filter in force, one chip each, in the order the shopper reads them: the search, categories and
 * subcategories (by the name `shown` gives them: their display names), the price, the gem terms, then the sort.
 * Removing one keeps the others and goes back to page 1.
 */
export function filterChips(f: CatalogueFilter, shown: (subcategory: string) => string = (s) => s): FilterChip[] {
  const base: CatalogueFilter = { ...f, page: 1 };
  const chips: FilterChip[] = [];
  const add = (key: string, label: string, without: Partial<CatalogueFilter>) =>
    chips.push({ key, label, without: { ...base, ...without } });
  if (f.search.length) add('search', `“${f.search.join(' ')}”`, { search: [] });
  for (const c of f.categories) add(`category-${c}`, c, { categories: f.categories.filter((x) => x !== c) });
  for (const s of f.subcategories) add(`subcategory-${s}`, shown(s), { subcategories: f.subcategories.filter((x) => x !== s) });
  if (f.min !== undefined && f.max !== undefined) {
    add('price', `${formatRupees(f.min, 'auto')} to ${formatRupees(f.max, 'auto')}`, { min: undefined, max: undefined });
  } else if (f.min !== undefined) add('price', `From ${formatRupees(f.min, 'auto')}`, { min: undefined });
  else if (f.max !== undefined) add('price', `Under ${formatRupees(f.max, 'auto')}`, { max: undefined });
  for (const key of GEM_BOUNDS) {
    const v = f[key];
    if (v !== undefined) add(key, WEIGHT_CHIPS[key](v), { [key]: undefined });
  }
  for (const kind of GEM_LISTS) {
    for (const k of f[kind] ?? []) {
      const label = GEM_CHOICES[kind].find((c) => c.key === k)?.label ?? k;
      add(`${kind}-${k}`, label, { [kind]: (f[kind] ?? []).filter((x) => x !== k) });
    }
  }
  if (f.sort !== 'newest') add('sort', SORT_LABELS[f.sort], { sort: 'newest' });
  return chips;
}
