import { describe, expect, it } from 'vitest';
import { emptyFilter, parseFilter } from './filterGrammar';
import { activeFilterCount, withPage } from './filterHelpers';

describe('withPage', () => {
  it('writes the page into the term, replacing any page already there', () => {
    expect(withPage('all', 2)).toBe('page-2');
    expect(withPage('page-2', 1)).toBe('all');
    expect(withPage('gemstones-ruby', 3)).toBe('gemstones-ruby-page-3');
    expect(withPage('gemstones-ruby-page-3-sort-asc', 5)).toBe('gemstones-ruby-sort-asc-page-5');
    expect(withPage('search-blue-stone', 2)).toBe('search-blue-stone-page-2');
  });

  it('keeps the search words when the page follows them', () => {
    const names = { categories: [], subcategories: [] };
    expect(parseFilter(withPage('search-blue-stone', 2), names)).toMatchObject({ search: ['blue', 'stone'], page: 2 });
  });
});

describe('activeFilterCount', () => {
  it('counts each filter in force; the default sort and the page do not count', () => {
    expect(activeFilterCount(emptyFilter())).toBe(0);
    expect(activeFilterCount({ ...emptyFilter(), page: 3 })).toBe(0);
    expect(
      activeFilterCount({ categories: ['Gemstones'], subcategories: ['Ruby'], search: ['oval'], min: 0, sort: 'asc', page: 1 }),
    ).toBe(5);
  });
});
