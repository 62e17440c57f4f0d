import { type CatalogueFilter, filterWords, gemTermCount } from './filterGrammar';

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
