import { Link } from 'react-router';
import type { ListingNames } from '../../../contract/listing';
import { Icon } from '../../ui/icons';
import { type CatalogueFilter, formatFilter, GEM_BOUNDS, GEM_LISTS } from './filterGrammar';
import { filterChips } from './filterHelpers';
import { listingTitle } from './listingTitle';

type Names = ListingNames;

/** A subcategory as the shop shows it: its display name when it has one. */
const shownIn = (names: Names) => (name: string) =>
  names.subcategories.find((s) => s.name.toLowerCase() === name.toLowerCase())?.shown || name;

const GEM_KEYS = new Set<string>([...GEM_BOUNDS, ...GEM_LISTS]);

/**
 * What the filter in force finds, in words: the listing's label as its page title words it ("Ruby Gemstones under
 * ₹50,000"), then the gem terms ("From 4.5 ratti, Burma (Myanmar)"). The sort is no part of what is found.
 * @forTests the filter's heading is unit-tested.
 */
export function filterHeading(filter: CatalogueFilter, names: Names): string {
  const label = listingTitle(formatFilter({ ...filter, page: 1, sort: 'newest' }), names);
  const gems = filterChips(filter, shownIn(names))
    .filter((c) => GEM_KEYS.has(c.key) || GEM_KEYS.has(c.key.split('-')[0] as string))
    .map((c) => c.label);
  return gems.length ? `${label}, ${gems.join(', ')}` : label;
}

/**
 * The filter in force, named and taken apart: a heading that says what the listing shows (when the page's own heading
 * does not already say it) and a chip for each filter, a link to the listing without it. Links work before the app
 * runs too. Nothing when no filter is in force.
 */
export function ActiveFilters({ filter, names, pageHeading }: { filter: CatalogueFilter; names: Names; pageHeading: string }) {
  const chips = filterChips(filter, shownIn(names));
  if (chips.length === 0) return null;
  const heading = filterHeading(filter, names);
  // A plain name search is named by the page's own heading (Search results for "…") and its chip: no third time.
  const finds = chips.filter((c) => c.key !== 'sort');
  const onlySearch = finds.length === 1 && finds[0]?.key === 'search';
  const named = !onlySearch && heading.trim().toLowerCase() !== pageHeading.trim().toLowerCase();
  return (
    <section aria-label="Active filters" className="mt-4" data-testid="active-filters">
      {named ? (
        <h2 className="mb-2 text-base font-semibold text-gray-900" data-testid="filter-heading">
          {heading}
        </h2>
      ) : null}
      <ul className="flex flex-wrap gap-2">
        {chips.map((c) => (
          <li key={c.key}>
            <Link
              to={`/${formatFilter(c.without)}`}
              aria-label={`Remove filter: ${c.label}`}
              className="inline-flex h-8 items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-1 pr-2 pl-3 text-sm font-medium text-brand-700 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              {c.label}
              <Icon name="close" className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
