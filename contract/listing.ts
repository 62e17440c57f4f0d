/**
 * What a listing term means in words: the same on the server (the page's <title> and description) and in the
 * web app (the listing's heading and title). Imports no zod, so the storefront's listing chunk stays small.
 */
import { nameToFilterWord, parseFilter } from './filter.js';
import { formatRupees } from './money.js';

/** A subcategory as a listing reads it: its name (which makes its address), its category, and the name it shows. */
type ListingSubcategory = {
  name: string;
  category: string;
  /** The display name the merchant gave (Cat's Eye for Catseye); absent or '' when none. */
  shown?: string;
};

/** The catalogue's names, as a listing term is read against them. */
export type ListingNames = {
  categories: string[];
  /** Each subcategory with the category it belongs to. */
  subcategories: ListingSubcategory[];
};

type Listing = {
  categories: string[];
  subcategories: ListingSubcategory[];
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

/** "Ruby Gemstones", "Jewellery Rings", "Cat's Eye Gemstones" (display names), "All Products" … */
export function listingLabel(listing: Listing): string {
  const subs = unique(listing.subcategories.map((s) => s.shown || s.name));
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

/**
 * The one address of the page a listing term shows (without the leading `/`, not URL-encoded): the term less its
 * sort (the same products in another order), and with the category a stone stands under when the term names stones
 * without one (`ruby` → `gemstones-ruby`, `natural-yellow-sapphire-min-5000` → `gemstones-natural-yellow-sapphire-min-5000`):
 * the address the header's menus link to, the same products. A stone of that name under two categories keeps its
 * short address, which lists both. `all` for an empty term.
 */
export function canonicalListingTerm(term: string, names: ListingNames): string {
  const words = term.toLowerCase().split('-');
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 'sort' && i + 1 < words.length) {
      i += 1;
      continue;
    }
    kept.push(words[i] as string);
  }
  const canonical = kept.filter(Boolean).join('-') || 'all';
  const listing = readListingTerm(canonical, names);
  if (listing.categories.length || !listing.subcategories.length) return canonical;
  const under = unique(listing.subcategories.map((s) => s.category));
  const category = under.length === 1 ? nameToFilterWord(under[0] as string) : '';
  return category ? `${category}-${canonical}` : canonical;
}
