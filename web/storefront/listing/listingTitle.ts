import { nameToFilterWord, parseFilter } from './filterGrammar';

export type NamedSubcategory = { name: string; category: string };

const titleCase = (words: string[]) => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const rupees = (n: number) => `₹${grouping.format(n)}`;
const unique = (list: string[]) => [...new Set(list)];

/**
 * A listing's page title, worded exactly as the server words it in the page's <title> (server/features/seo
 * listingMeta): "Ruby Gemstones", "Jewellery Rings", "Blue Sapphire Gemstones from ₹5,000", "All Products – Page 2".
 */
export function listingTitle(term: string, names: { categories: string[]; subcategories: NamedSubcategory[] }): string {
  const filter = parseFilter(term, { categories: names.categories, subcategories: names.subcategories.map((s) => s.name) });
  const subKeys = new Set(filter.subcategories.map(nameToFilterWord));
  const catKeys = new Set(filter.categories.map(nameToFilterWord));
  const matched = names.subcategories.filter(
    (s) => subKeys.has(nameToFilterWord(s.name)) && (catKeys.size === 0 || catKeys.has(nameToFilterWord(s.category))),
  );
  const subs = unique(matched.map((s) => s.name));
  const cat = unique(filter.categories.length ? filter.categories : matched.map((s) => s.category)).join(' and ');
  let subject = cat;
  if (subs.length) {
    const sub = subs.join(' and ');
    subject = /s$/i.test(subs[subs.length - 1] as string) ? `${cat} ${sub}` : `${sub} ${cat}`;
  }
  let label = [titleCase(filter.search), subject].filter(Boolean).join(' ') || 'All Products';
  if (filter.min !== undefined && filter.max !== undefined) label += ` ${rupees(filter.min)} to ${rupees(filter.max)}`;
  else if (filter.min !== undefined) label += ` from ${rupees(filter.min)}`;
  else if (filter.max !== undefined) label += ` under ${rupees(filter.max)}`;
  return filter.page > 1 ? `${label} – Page ${filter.page}` : label;
}
