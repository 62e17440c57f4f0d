import type { productRoutes } from '../../../contract/products.js';
import { readOf, type ScreenLoader } from '../../../contract/screen-loader.js';
import type { subcategoryRoutes } from '../../../contract/subcategories.js';

/**
 * What the listing screen (ListingPage.tsx, useCatalogueNames.ts) reads first, and its query keys: the listing of its
 * term, and the filter bar's category and subcategory names. The server renders `/{term}` from the same loader.
 */

const products = readOf<typeof productRoutes>();
const subcategories = readOf<typeof subcategoryRoutes>();

/** Subcategories asked for a page at a time (the public list is paged). */
export const SUBCATEGORIES_A_PAGE = 100;

export const listingKeys = {
  listing: (term: string) => ['catalogue', 'listing', term] as const,
  categories: ['catalogue', 'categories'] as const,
  subcategories: ['catalogue', 'subcategories'] as const,
};

/** The listing's term as the screen reads it from its path (`/{term}`, already decoded): in lower case. */
export const listingTerm = (pathPart: string) => pathPart.toLowerCase();

export function listingLoader(pathPart: string): ScreenLoader {
  const term = listingTerm(pathPart);
  return {
    screen: 'listing',
    queries: [
      products('GET /p1/api/filter/:filterstring', { key: listingKeys.listing(term), params: { filterstring: term } }),
      products('GET /p1/api/categories', { key: listingKeys.categories, field: 'categories' }),
      subcategories('GET /s2/api/all', {
        key: listingKeys.subcategories,
        query: { page: 1, limit: SUBCATEGORIES_A_PAGE },
        field: 'data',
        paged: true,
      }),
    ],
  };
}
