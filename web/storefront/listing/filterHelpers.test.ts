import { describe, expect, it } from 'vitest';
import { emptyFilter, formatFilter, parseFilter } from './filterGrammar';
import { activeFilterCount, filterChips, withPage } from './filterHelpers';

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

describe('filterChips', () => {
  const names = { categories: ['Gemstones'], subcategories: ['Ruby'] };
  it('gives every filter in force a chip, and each chip’s removal keeps the rest on page 1', () => {
    const f = parseFilter('gemstones-ruby-max-50000-rattimin-4.5-origin-burma-sort-asc-page-3', names);
    const chips = filterChips(f);
    expect(chips.map((c) => c.label)).toEqual([
      'Gemstones',
      'Ruby',
      'Under ₹50,000',
      'From 4.5 ratti',
      'Burma (Myanmar)',
      'Price: low to high',
    ]);
    expect(chips.map((c) => formatFilter(c.without))).toEqual([
      'ruby-max-50000-rattimin-4.5-origin-burma-sort-asc',
      'gemstones-max-50000-rattimin-4.5-origin-burma-sort-asc',
      'gemstones-ruby-rattimin-4.5-origin-burma-sort-asc',
      'gemstones-ruby-max-50000-origin-burma-sort-asc',
      'gemstones-ruby-max-50000-rattimin-4.5-sort-asc',
      'gemstones-ruby-max-50000-rattimin-4.5-origin-burma',
    ]);
  });

  it('reads a price range and a search as one chip each; none for every product', () => {
    const chips = filterChips(parseFilter('min-5000-max-20000-search-blue-stone', names));
    expect(chips.map((c) => c.label)).toEqual(['“blue stone”', '₹5,000 to ₹20,000']);
    expect(formatFilter(chips[1]?.without)).toBe('search-blue-stone');
    expect(filterChips(emptyFilter())).toEqual([]);
  });
});
