import type { Category, Product, Subcategory } from '../../contract/catalogue';
import type { productRoutes } from '../../contract/products';
import { MAX_PAGES } from '../../contract/screen-loader';
import type { subcategoryRoutes } from '../../contract/subcategories';
import { SUBCATEGORIES_A_PAGE } from '../storefront/listing/loader';
import { routeCaller } from './client';

const products = routeCaller<typeof productRoutes>();
const subcategories = routeCaller<typeof subcategoryRoutes>();

export type { Category, Product, Subcategory };

/**
 * How long the listing waits for the server before showing an error.
 * @forTests the listing time-out test waits this long on fake timers.
 */
export const LISTING_TIMEOUT_MS = 10_000;

/** Storefront catalogue calls (public). React Query keys for them start with 'catalogue'. */
export const catalogueApi = {
  latest: (limit = 10) => products('GET /p1/api/latest/all', { query: { limit } }),
  best: (subcategory?: string) => products('GET /p1/api/best/all', { query: { subcategory } }),
  bySlug: (slug: string) => products('GET /p1/api/slug/:slug', { params: { slug } }),
  filter: (term: string, signal?: AbortSignal) =>
    products('GET /p1/api/filter/:filterstring', { params: { filterstring: term }, signal, timeoutMs: LISTING_TIMEOUT_MS }),
  categories: () => products('GET /p1/api/categories'),
  /** Every subcategory with its category (the public list is paged; 100 a page, as the listing's loader reads it). */
  allSubcategories: async (): Promise<Subcategory[]> => {
    const all: Subcategory[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const res = await subcategories('GET /s2/api/all', { query: { page, limit: SUBCATEGORIES_A_PAGE } });
      all.push(...res.data);
      if (page >= res.pagination.totalPages) break;
    }
    return all;
  },
};

/**
 * Query keys of the home page's rows. The keys of what a server-rendered screen reads first are declared with its
 * loader (web/storefront/listing/loader.ts, product/loader.ts, home/loader.ts).
 */
export const catalogueKeys = {
  latest: ['catalogue', 'latest'] as const,
  best: (subcategory: string) => ['catalogue', 'best', subcategory] as const,
};
