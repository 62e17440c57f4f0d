import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { canonicalListingTerm, type ListingNames } from '../../../contract/listing';
import { shownName } from '../../../contract/menu-names';
import { catalogueApi, type Subcategory } from '../../api/catalogue';
import { useLiveMark } from '../../ui/earlyTaps';
import { countOf } from '../../ui/plural';
import { usePageTitle } from '../../ui/usePageTitle';
import { Breadcrumb, HOME } from '../components/Breadcrumb';
import { listingErrorText } from '../components/errors';
import { Pagination } from '../components/Pagination';
import { ProductCard } from '../components/ProductCard';
import { ProductCardSkeleton } from '../components/ProductCardSkeleton';
import { ActiveFilters } from './ActiveFilters';
import { FilterBar } from './FilterBar';
import { type CatalogueFilter, formatFilter, parseFilter } from './filterGrammar';
import { withPage } from './filterHelpers';
import { listingTitle } from './listingTitle';
import { listingKeys, listingTerm } from './loader';
import { PAGE_TITLES } from './pageTitles';
import { useCatalogueNames } from './useCatalogueNames';

const SKELETONS = 30;
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';
/** The cards taken as the first row: all of it up to 4 columns (a fifth on the widest screens loads as the rest). */
const FIRST_ROW = 4;

/**
 * The listing's heading: a known page's (by the page's one address, so `/ruby` is headed as `/gemstones-ruby`), else
 * the stone's display name, the category, the search, or All Products.
 */
function headingOf(term: string, f: CatalogueFilter, subcategories: readonly Subcategory[], names: ListingNames) {
  const known = PAGE_TITLES[canonicalListingTerm(term, names)] ?? PAGE_TITLES[term];
  if (known) return known;
  const stone = f.subcategories[0];
  const shown = stone && subcategories.find((s) => s.subcategoryname.toLowerCase() === stone.toLowerCase());
  const name = (shown ? shownName(shown) : stone) ?? f.categories[0];
  if (f.search.length && !name) return `Search results for "${f.search.join(' ')}"`;
  return name ?? 'All Products';
}

/**
 * Product listing for `/all`, `/{term}` and the gemstone and jewellery pages. The URL is the state: the filter bar
 * writes a new term, pagination replaces the history entry with the same term at another page.
 */
export default function ListingPage() {
  const { term: rawTerm = 'all' } = useParams();
  const term = listingTerm(rawTerm);
  const navigate = useNavigate();
  const names = useCatalogueNames();
  useLiveMark();
  const filter = useMemo(
    () =>
      parseFilter(term, {
        categories: names.categories.map((c) => c.categoryname),
        subcategories: names.subcategories.map((s) => s.subcategoryname),
      }),
    [term, names.categories, names.subcategories],
  );

  const query = useQuery({
    queryKey: listingKeys.listing(term),
    queryFn: ({ signal }) => catalogueApi.filter(term, signal),
    retry: false,
  });

  const listingNames = useMemo(
    () => ({
      categories: names.categories.map((c) => c.categoryname),
      subcategories: names.subcategories.map((s) => ({
        name: s.subcategoryname,
        category: s.category?.categoryname ?? '',
        shown: s.displayname,
      })),
    }),
    [names.categories, names.subcategories],
  );
  const heading = headingOf(term, filter, names.subcategories, listingNames);
  const title = useMemo(() => (names.ready ? listingTitle(term, listingNames) : undefined), [names.ready, term, listingNames]);
  usePageTitle(title);
  const data = query.data;
  const currentPage = data?.pagination.currentPage ?? filter.page;

  return (
    <section className="mx-auto max-w-7xl px-4 py-6 sm:py-8" aria-labelledby="listing-heading">
      <Breadcrumb trail={[HOME]} current={heading} className="mb-2" />
      <h1 id="listing-heading" className="mb-5 font-serif text-2xl font-bold text-gray-900 sm:text-3xl">
        {heading}
      </h1>

      <FilterBar
        filter={filter}
        categories={names.categories}
        subcategories={names.subcategories}
        onApply={(f) => navigate(`/${formatFilter(f)}`)}
        onClear={() => navigate('/all')}
      />

      <ActiveFilters filter={filter} names={listingNames} pageHeading={heading} />

      {data?.didyoumean && (
        <p className="mt-5 text-base text-gray-900" data-testid="listing-didyoumean">
          Showing results for <strong className="font-semibold">{data.didyoumean}</strong>
        </p>
      )}

      <p className="mt-5 mb-4 h-5 text-sm text-gray-700" aria-live="polite" data-testid="listing-count">
        {data ? `Showing ${data.products.length} of ${countOf(data.pagination.totalCount, 'product')}` : ''}
      </p>

      {query.isPending ? (
        <ul className={GRID} aria-busy="true" aria-label="Loading products">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li key={i}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
          <p className="mb-4 font-medium text-red-800">{listingErrorText(query.error)}</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-70"
          >
            Retry
          </button>
        </div>
      ) : data && data.products.length === 0 ? (
        <div className="rounded-lg border border-gray-200 bg-gray-50 p-10 text-center">
          <p className="mb-2 text-lg font-semibold text-gray-900">No products found</p>
          <p className="mb-5 text-gray-700">Try another search, or widen the price range.</p>
          <Link to="/all" className="inline-block rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-600">
            View all products
          </Link>
        </div>
      ) : (
        <ul className={GRID} aria-label={heading}>
          {data?.products.map((p, i) => (
            // The first row is in view on any screen: its pictures load at once. The cards after it are laid out
            // and painted only as they come near the screen.
            <li key={p._id} className={i < FIRST_ROW ? undefined : 'below-fold'}>
              <ProductCard product={p} priority={i < FIRST_ROW} heading="h2" />
            </li>
          ))}
        </ul>
      )}

      {data && (
        <Pagination
          currentPage={currentPage}
          totalPages={data.pagination.totalPages}
          hrefFor={(page) => `/${withPage(term, page)}`}
        />
      )}
    </section>
  );
}
