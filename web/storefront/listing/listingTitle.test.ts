import { describe, expect, it } from 'vitest';
import { canonicalListingTerm } from '../../../contract/listing';
import { listingTitle } from './listingTitle';

const names = {
  categories: ['Gemstones', 'Jewellery'],
  subcategories: [
    { name: 'Ruby', category: 'Gemstones' },
    { name: 'Natural Yellow Sapphire', category: 'Gemstones' },
    { name: 'Rings', category: 'Jewellery' },
    { name: 'Catseye', category: 'Gemstones', shown: "Cat's Eye" },
    { name: 'Coral', category: 'Gemstones' },
    { name: 'Coral', category: 'Jewellery' },
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

  it('names a stone by its display name, whichever address it is read from', () => {
    expect(listingTitle('gemstones-catseye', names)).toBe("Cat's Eye Gemstones");
    expect(listingTitle('catseye-min-500', names)).toBe("Cat's Eye Gemstones from ₹500");
  });

  it('adds search words, price bounds and the page', () => {
    expect(listingTitle('search-blue-stone', names)).toBe('Blue Stone');
    expect(listingTitle('gemstones-min-5000-max-20000', names)).toBe('Gemstones ₹5,000 to ₹20,000');
    expect(listingTitle('gemstones-min-5000', names)).toBe('Gemstones from ₹5,000');
    expect(listingTitle('jewellery-rings-max-999.5', names)).toBe('Jewellery Rings under ₹999.5');
    expect(listingTitle('gemstones-ruby-sort-asc-page-3', names)).toBe('Ruby Gemstones – Page 3');
  });
});

describe('canonicalListingTerm (the one address of the page a term shows)', () => {
  it('is the menus’ address of a stone named without its category, less the sort', () => {
    expect(canonicalListingTerm('ruby', names)).toBe('gemstones-ruby');
    expect(canonicalListingTerm('Natural-Yellow-Sapphire-sort-asc-min-5000', names)).toBe(
      'gemstones-natural-yellow-sapphire-min-5000',
    );
    expect(canonicalListingTerm('rings-page-2', names)).toBe('jewellery-rings-page-2');
    expect(canonicalListingTerm('gemstones-ruby-sort-desc', names)).toBe('gemstones-ruby');
  });

  it('keeps a term that names a category, a search, or a stone under two categories', () => {
    expect(canonicalListingTerm('coral', names)).toBe('coral');
    expect(canonicalListingTerm('jewellery', names)).toBe('jewellery');
    expect(canonicalListingTerm('search-ruby', names)).toBe('search-ruby');
    expect(canonicalListingTerm('gemstones-lolite', names)).toBe('gemstones-lolite');
    expect(canonicalListingTerm('sort-asc', names)).toBe('all');
  });
});
