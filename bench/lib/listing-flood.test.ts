import { describe, expect, it } from 'vitest';
import { formatFilter, parseFilter } from '../../contract/filter.js';
import { floodFilter } from './listing-flood.js';
import { CATALOGUE } from './seed.js';

const names = { categories: Object.keys(CATALOGUE), subcategories: Object.values(CATALOGUE).flat() };

describe('the listing flood bench', () => {
  it('asks for a listing the shop reads as new every time: unique min-prices, name searches and combinations', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 3000; n++) seen.add(formatFilter(parseFilter(floodFilter(n), names)));
    expect(seen.size).toBe(3000);
    expect(parseFilter(floodFilter(300), names)).toMatchObject({ min: 600, search: [] });
    expect(parseFilter(floodFilter(301), names)).toMatchObject({ search: ['heart', '100'] });
    expect(parseFilter(floodFilter(302), names)).toMatchObject({
      categories: ['Gemstones'],
      subcategories: ['Ruby'],
      min: 1100,
      search: [],
    });
  });
});
