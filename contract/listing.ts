/**
 * What a listing term means in words: the same on the server (the page's <title> and description) and in the
 * web app (the listing's heading and title). Imports no zod, so the storefront's listing chunk stays small.
 */
import { nameToFilterWord, parseFilter } from './filter.js';
import { formatRupees } from './money.js';

/** The catalogue's names, as a listing term is read against them. */
export type ListingNames = {
  categories: string[];
  /** Each subcategory with the category it belongs to. */
  subcategories: { name: string; category: string }[];
};

type Listing = {
  categories: string[];
  subcategories: { name: string; category: string }[];
  search: string[];
  min?: number;
  max?: number;
  page: number;
};

/**
 * Reads a listing term with the storefront's grammar (contract/filter.ts), and pairs each named
 * subcategory with its category: a subcategory name means every subcategory of that name, or only
 * those under the named categories when the term names categories too.
 */
export function readListingTerm(term: string, names: ListingNames): Listing {
  const filter = parseFilter(term, { categories: names.categories, subcategories: names.subcategories.map((s) => s.name) });
  const subKeys = new Set(filter.subcategories.map(nameToFilterWord));
  const catKeys = new Set(filter.categories.map(nameToFilterWord));
  const subcategories = names.subcategories.filter(
    (s) => subKeys.has(nameToFilterWord(s.name)) && (catKeys.size === 0 || catKeys.has(nameToFilterWord(s.category))),
  );
  return {
    categories: filter.categories,
    subcategories,
    search: filter.search,
    min: filter.min,
    max: filter.max,
    page: filter.page,
  };
}

const titleCase = (words: string[]) => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
const rupees = (n: number) => formatRupees(n, 'auto');
const unique = (list: string[]) => [...new Set(list)];

/** "Ruby Gemstones", "Jewellery Rings", "Blue Sapphire Gemstones from ₹5,000", "All Products" … */
export function listingLabel(listing: Listing): string {
  const subs = unique(listing.subcategories.map((s) => s.name));
  const cats = unique(listing.categories.length ? listing.categories : listing.subcategories.map((s) => s.category));
  const cat = cats.join(' and ');
  let subject: string;
  if (subs.length) {
    const sub = subs.join(' and ');
    // Plural subcategories read after the category ("Jewellery Rings"), stones before it ("Ruby Gemstones").
    subject = /s$/i.test(subs[subs.length - 1] as string) ? `${cat} ${sub}` : `${sub} ${cat}`;
  } else {
    subject = cat;
  }
  const words = titleCase(listing.search);
  let label = [words, subject].filter(Boolean).join(' ') || 'All Products';
  if (listing.min !== undefined && listing.max !== undefined) label += ` ${rupees(listing.min)} to ${rupees(listing.max)}`;
  else if (listing.min !== undefined) label += ` from ${rupees(listing.min)}`;
  else if (listing.max !== undefined) label += ` under ${rupees(listing.max)}`;
  return label;
}

/** A listing's title: its label, and the page after the first ("All Products – Page 2"). */
export function listingTitle(term: string, names: ListingNames): string {
  const listing = readListingTerm(term, names);
  const label = listingLabel(listing);
  return listing.page > 1 ? `${label} – Page ${listing.page}` : label;
}
