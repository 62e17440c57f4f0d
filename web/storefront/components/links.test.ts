import { describe, expect, it } from 'vitest';
import { listingPath, productPath } from './links';

/** The same addresses the sitemap lists for these names (server/features/seo/slugs.test.ts). */
describe('the storefront links of names with address characters', () => {
  it('are one path segment per level, with no / ? # % \\ or trailing dot', () => {
    expect(listingPath('Rings / Bands')).toBe('/rings-bands');
    expect(listingPath('Rings / Bands', 'Gold? #1 100% \\ 22ct.')).toBe('/rings-bands-gold-1-100-22ct');
    expect(
      productPath({
        slug: 'plain-gold-band',
        category: { _id: 'c', categoryname: 'Rings / Bands' },
        subcategory: { _id: 's', subcategoryname: 'Gold? #1 100% \\ 22ct.' },
      }),
    ).toBe('/rings-bands/gold-1-100-22ct/plain-gold-band');
  });

  it('keep the names that were already fine as they were', () => {
    expect(listingPath('Gemstones', 'Natural Yellow Sapphire')).toBe('/gemstones-natural-yellow-sapphire');
    expect(listingPath("Cat's Eye")).toBe("/cat's-eye");
    expect(listingPath('रत्न')).toBe(`/${encodeURIComponent('रत्न')}`);
  });
});
