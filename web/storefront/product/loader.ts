import type { productRoutes } from '../../../contract/products.js';
import { readOf, type ScreenLoader } from '../../../contract/screen-loader.js';

/**
 * What the product screen (ProductPage.tsx) reads first, and its query key: the product by the slug as written in its
 * path (`/{category}/{subcategory}/{slug}`, decoded). The server renders the page from the same loader.
 */

const products = readOf<typeof productRoutes>();

export const productKeys = { product: (slug: string) => ['catalogue', 'product', slug] as const };

export function productLoader(slug: string): ScreenLoader {
  return {
    screen: 'product',
    queries: [products('GET /p1/api/slug/:slug', { key: productKeys.product(slug), params: { slug } })],
  };
}
