import type { Product } from '../../api/catalogue';

/** A catalogue name as it appears in shop URLs: lower case, spaces as hyphens. */
export const urlName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The product page's path: /{category}/{subcategory}/{slug}, built from the names and the slug, lower-cased. */
export const productPath = (p: Pick<Product, 'slug' | 'category' | 'subcategory'>) =>
  `/${urlName(p.category?.categoryname ?? 'products') || 'products'}/${urlName(p.subcategory?.subcategoryname ?? 'all') || 'all'}/${encodeURIComponent(p.slug.toLowerCase())}`;

/** Rupees with the rupee sign, Indian digit grouping and a fixed number of decimals. */
export const formatRupees = (amount: number, decimals = 2) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;

/** A product card shows the first three words of the name. */
export const shortName = (name: string) => {
  const words = name.trim().split(/\s+/);
  return words.length > 3 ? `${words.slice(0, 3).join(' ')}...` : words.join(' ');
};
