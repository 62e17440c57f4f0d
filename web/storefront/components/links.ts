import type { Product } from '../../api/catalogue';
import { listingPath, productPagePath } from '../listing/filterGrammar';

/**
 * The product page's path: /{category}/{subcategory}/{slug}, the names lower-cased with spaces as `-`, each part
 * URL-encoded; the same path the server gives as the page's canonical link and in the sitemap (one function,
 * contract/filter.ts).
 */
export const productPath = (p: Pick<Product, 'slug' | 'category' | 'subcategory'>) =>
  productPagePath(p.category?.categoryname ?? '', p.subcategory?.subcategoryname ?? '', p.slug);

/** Rupees with the rupee sign, Indian digit grouping and a fixed number of decimals (one shared formatter). */
export { formatRupees } from '../../cart/format';
/** A category's listing page, or with a subcategory that subcategory's: the sitemap's address for it. */
export { listingPath };

/** A product card shows the first three words of the name. */
export const shortName = (name: string) => {
  const words = name.trim().split(/\s+/);
  return words.length > 3 ? `${words.slice(0, 3).join(' ')}...` : words.join(' ');
};

/** A place as a card shows it: `Burma (Myanmar)` → `Burma`. */
const shortOrigin = (origin: string) => origin.replace(/\s*\(.*?\)\s*/g, ' ').trim();

/**
 * The gem facts a card shows under the name, so similar stones can be told apart: carat, shape and origin
 * (`4.52 ct · Oval · Burma`), leaving out what the product does not have. Empty for a product with none.
 */
export function gemFacts(p: Pick<Product, 'weightcarrat' | 'shape' | 'origin'>): string {
  const parts: string[] = [];
  if (typeof p.weightcarrat === 'number' && p.weightcarrat > 0) parts.push(`${p.weightcarrat.toFixed(2)} ct`);
  if (p.shape?.trim()) parts.push(p.shape.trim());
  const origin = shortOrigin(p.origin ?? '');
  if (origin) parts.push(origin);
  return parts.join(' · ');
}
