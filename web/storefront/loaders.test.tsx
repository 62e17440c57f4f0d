import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productRoutes } from '../../contract/products';
import { loaderAddress, type ScreenLoader } from '../../contract/screen-loader';
import { storefrontRoutes } from '../../contract/storefront';
import { subcategoryRoutes } from '../../contract/subcategories';
import { answerOf } from '../test/answers';
import { aProduct, categoryOf, subcategoryOf } from '../test/fixtures';
import HomePage from './home/HomePage';
import { homeLoader } from './home/loader';
import ListingPage from './listing/ListingPage';
import { listingLoader } from './listing/loader';
import { productLoader } from './product/loader';
import ProductPage from './product/ProductPage';

/**
 * A server-rendered page carries its screen's loader's answers under the loader's keys (server/http/page/render.ts).
 * Seeded so, each screen shows them and asks the API for none of them again: a screen that asked with another key
 * than its loader's would fetch its first read once more in the browser.
 */

const RUBY = aProduct({ _id: 'p-ruby', productname: 'Burmese Ruby 4 Carat', slug: 'burmese-ruby-4-carat' });
const GEMSTONES = categoryOf({
  _id: 'c1',
  categoryname: 'Gemstones',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});
const RUBY_STONE = subcategoryOf({
  _id: 's1',
  subcategoryname: 'Ruby',
  category: { _id: 'c1', categoryname: 'Gemstones' },
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

/** What each route a loader reads answers, as the API sends it (checked against the contract). */
const ANSWERS: Record<string, Record<string, unknown>> = {
  'GET /p1/api/filter/:filterstring': answerOf(productRoutes, 'GET /p1/api/filter/:filterstring', {
    success: true,
    products: [RUBY],
    pagination: { totalPages: 1, totalCount: 1, currentPage: 1 },
    filter: { categories: [], subcategories: [], sort: 'newest', page: 1, search: [] },
    didyoumean: null,
  }),
  'GET /p1/api/categories': answerOf(productRoutes, 'GET /p1/api/categories', { success: true, categories: [GEMSTONES] }),
  'GET /s2/api/all': answerOf(subcategoryRoutes, 'GET /s2/api/all', {
    success: true,
    data: [RUBY_STONE],
    pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 100 },
  }),
  'GET /p1/api/slug/:slug': answerOf(productRoutes, 'GET /p1/api/slug/:slug', {
    success: true,
    product: RUBY,
    relatedProducts: [],
    rattiincarats: 0.91,
    delivery: null,
  }),
  'GET /a1/api/storefront': answerOf(storefrontRoutes, 'GET /a1/api/storefront', {
    success: true,
    storefront: { slides: [], banners: [], tiles: [], films: [], faq: [] },
  }),
};

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify({ success: false, message: 'Not in this test' }), { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A query client as the browser's, holding the loader's answers under its keys as a rendered page hands them over. */
function seeded(loader: ScreenLoader) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  for (const q of loader.queries) {
    const answer = ANSWERS[q.route];
    if (!answer) throw new Error(`No answer in this test for ${q.route}`);
    client.setQueryData(q.key, q.field ? answer[q.field] : answer);
  }
  return client;
}

async function show(loader: ScreenLoader, address: string, path: string, element: React.ReactNode) {
  render(
    <QueryClientProvider client={seeded(loader)}>
      <MemoryRouter initialEntries={[address]}>
        <Suspense>
          <Routes>
            <Route path={path} element={element} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // Whatever the screen starts on mounting has started.
  await act(async () => {});
}

/** The API addresses of the loader's reads the screen asked for again (any page of a paged one). */
const askedAgain = (loader: ScreenLoader) =>
  loader.queries.map((q) => loaderAddress(q).split('?')[0]).filter((path) => asked.some((url) => url.split('?')[0] === path));

describe('a screen taken over from its loader’s answers', () => {
  it('the listing shows its products and filter names and asks for none of them again', async () => {
    const loader = listingLoader('All');
    await show(loader, '/All', '/:term', <ListingPage />);
    expect(await screen.findByTitle('Burmese Ruby 4 Carat')).toBeInTheDocument();
    expect(screen.getByTestId('listing-count')).toHaveTextContent('Showing 1 of 1 product');
    expect(askedAgain(loader)).toEqual([]);
  });

  it('the product page shows its product and does not ask for it again', async () => {
    const loader = productLoader(RUBY.slug);
    await show(loader, `/gemstones/ruby/${RUBY.slug}`, '/:category/:subcategory/:slug', <ProductPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Burmese Ruby 4 Carat' })).toBeInTheDocument();
    expect(askedAgain(loader)).toEqual([]);
  });

  it('the home page does not ask for its content again', async () => {
    const loader = homeLoader();
    await show(loader, '/', '/', <HomePage />);
    expect(askedAgain(loader)).toEqual([]);
  });
});
