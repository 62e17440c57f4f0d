import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartRoutes } from '../../../contract/cart';
import type { Product } from '../../api/catalogue';
import { SESSION_KEY } from '../../auth/session';
import { useCartCount } from '../../cart/cartCount';
import { answerOf } from '../../test/answers';
import { aCartLine, productOf, SHOPPER } from '../../test/fixtures';
import { notify } from '../../ui/notify';
import { gemFacts } from './links';
import { ProductCard } from './ProductCard';
import { ProductCardSkeleton } from './ProductCardSkeleton';

const at = '2025-01-01T00:00:00.000Z';
const product = (over: Partial<Product> = {}): Product =>
  productOf({
    _id: 'p1',
    productname: 'Burmese Ruby (Manik) 4.55 Carat Oval',
    slug: 'burmese-ruby-manik-4-55-carat-oval',
    productprice: 90000,
    productdescription: '',
    productimages: [],
    productvideo: '',
    productsizes: [],
    productcolours: [],
    rating: 4.8,
    reviewcount: 2,
    metatitle: '',
    metadescription: '',
    productbrand: '',
    stockquantity: 1,
    isActive: true,
    category: { _id: 'c1', categoryname: 'Gemstones' },
    subcategory: { _id: 's1', subcategoryname: 'Ruby' },
    treatment: 'Unheated, untreated',
    cut: '',
    certification: 'GIA',
    shape: 'Oval',
    composition: '',
    origin: 'Burma (Myanmar)',
    excatdimensions: '',
    dimensiontype: '',
    refractiveindex: '',
    specificgravity: '',
    returnpolicy: '',
    weightcarrat: 4.55,
    weightratti: 5,
    weightkachiratti: null,
    weightpakkiratti: null,
    weightgrams: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'Signed out' }), { status: 401 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(p: Product) {
  const router = createMemoryRouter([{ path: '/', element: <ProductCard product={p} /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('gem facts on a product card', () => {
  it('shows carat, shape and origin under the three-word name', () => {
    renderCard(product());
    expect(screen.getByRole('link', { name: 'Burmese Ruby (Manik)...' })).toBeTruthy();
    expect(screen.getByTestId('gem-facts').textContent).toBe('4.55 ct · Oval · Burma');
  });

  it('leaves out what a product does not have, and keeps the line (empty) so cards line up', () => {
    renderCard(product({ weightcarrat: null, shape: '', origin: '' }));
    const facts = screen.getByTestId('gem-facts');
    expect(facts.textContent).toBe('');
    expect(facts.className).toContain('h-4');
  });

  it('reads the facts of any product', () => {
    expect(gemFacts({ weightcarrat: 7.2, shape: 'Cushion', origin: 'Sri Lanka (Ceylon)' })).toBe('7.20 ct · Cushion · Sri Lanka');
    expect(gemFacts({ weightcarrat: 0, shape: ' ', origin: 'Colombia' })).toBe('Colombia');
    expect(gemFacts({ weightcarrat: 3, shape: 'Round', origin: '' })).toBe('3.00 ct · Round');
  });

  it('has a skeleton with a line for the facts as well (no shift when cards arrive)', () => {
    const { container } = render(<ProductCardSkeleton />);
    expect(container.querySelectorAll('.h-4').length).toBe(2);
  });
});

describe('Add to Cart on a card', () => {
  it('adds the card’s product once; the header’s count is the POST’s answer, with no second request', async () => {
    /** The calls to the cart's routes, in order. */
    const calls: string[] = [];
    const sent: unknown[] = [];
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit = {}) => {
        const key = `${init.method ?? 'GET'} ${path}`;
        if (path.startsWith('/c2/')) calls.push(key);
        if (key === 'GET /c2/api/count')
          return json(answerOf(cartRoutes, 'GET /c2/api/count', { success: true, data: { count: 0 } }));
        if (key !== 'POST /c2/api/add')
          return new Response(JSON.stringify({ success: false, message: 'No route' }), { status: 404 });
        sent.push(JSON.parse(String(init.body)));
        return json(answerOf(cartRoutes, 'POST /c2/api/add', { success: true, message: 'Added to cart', data: [aCartLine()] }));
      }),
    );
    const told = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    qc.setQueryData(SESSION_KEY, SHOPPER);
    function Count() {
      return <output data-testid="cart-count">{useCartCount()}</output>;
    }
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <Count />
            <ProductCard product={product({ productsizes: ['5 Ratti'], productcolours: ['Red'] })} />
          </>
        ),
      },
    ]);
    render(
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls).toEqual(['GET /c2/api/count']));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('1'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled());
    expect(qc.isFetching()).toBe(0);
    expect(calls).toEqual(['GET /c2/api/count', 'POST /c2/api/add']);
    expect(sent).toEqual([{ productId: 'p1', productcolour: 'Red', productsize: '5 Ratti', quantity: 1 }]);
    expect(told.mock.calls).toEqual([['Added to cart!']]);
    told.mockRestore();
  });
});
