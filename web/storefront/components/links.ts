import type { Product } from '../../api/catalogue';
import { nameToFilterWord } from '../listing/filterGrammar';

/** A catalogue name as it appears in shop URLs (and listing terms): lower case, spaces as `-`. */
export const urlName = (name: string) => nameToFilterWord(name);

/**
 * The product page's path: /{category}/{subcategory}/{slug}, the names lower-cased with spaces as `-`, each part
 * URL-encoded; the same path the server gives as the page's canonical link and in the sitemap.
 */
export const productPath = (p: Pick<Product, 'slug' | 'category' | 'subcategory'>) =>
  `/${[urlName(p.category?.categoryname ?? '') || 'products', urlName(p.subcategory?.subcategoryname ?? '') || 'all', p.slug]
    .map(encodeURIComponent)
    .join('/')}`;

/** Rupees with the rupee sign, Indian digit grouping and a fixed number of decimals (one shared formatter). */
export { formatRupees } from '../../cart/format';

/** A product card shows the first three words of the name. */
export const shortName = (name: string) => {
  const words = name.trim().split(/\s+/);
  return words.length > 3 ? `${words.slice(0, 3).join(' ')}...` : words.join(' ');
};
