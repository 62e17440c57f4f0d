import { describe, expect, it } from 'vitest';
import { listingTitle } from './listingTitle';

const names = {
  categories: ['Gemstones', 'Jewellery'],
  subcategories: [
    { name: 'Ruby', category: 'Gemstones' },
    { name: 'Natural Yellow Sapphire', category: 'Gemstones' },
    { name: 'Rings', category: 'Jewellery' },
  ],
};

describe('listingTitle (worded as the server words the page title)', () => {
  it('names stones before their category and plural kinds after it', () => {
    expect(listingTitle('all', names)).toBe('All Products');
    expect(listingTitle('gemstones-ruby', names)).toBe('Ruby Gemstones');
    expect(listingTitle('ruby', names)).toBe('Ruby Gemstones');
    expect(listingTitle('natural-yellow-sapphire', names)).toBe('Natural Yellow Sapphire Gemstones');
    expect(listingTitle('jewellery-rings', names)).toBe('Jewellery Rings');
    expect(listingTitle('jewellery', names)).toBe('Jewellery');
  });

  it('adds search words, price bounds and the page', () => {
    expect(listingTitle('search-blue-stone', names)).toBe('Blue Stone');
    expect(listingTitle('gemstones-min-5000-max-20000', names)).toBe('Gemstones ₹5,000 to ₹20,000');
    expect(listingTitle('gemstones-min-5000', names)).toBe('Gemstones from ₹5,000');
    expect(listingTitle('jewellery-rings-max-999.5', names)).toBe('Jewellery Rings under ₹999.5');
    expect(listingTitle('gemstones-ruby-sort-asc-page-3', names)).toBe('Ruby Gemstones – Page 3');
  });
});
