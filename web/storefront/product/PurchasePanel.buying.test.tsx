import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartRoutes } from '../../../contract/cart';
import type { User } from '../../api/auth';
import { takeCartAction } from '../../auth/returnTo';
import { SESSION_KEY } from '../../auth/session';
import { useCartCount } from '../../cart/cartCount';
import { answerOf } from '../../test/answers';
import { aCartLine, aProduct, SHOPPER } from '../../test/fixtures';
import { notify } from '../../ui/notify';
import { PurchasePanel } from './PurchasePanel';

configure({ asyncUtilTimeout: 5000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Every call the panel made to the cart's routes, in order, and the bodies it sent. */
let cartCalls: string[];
let sent: unknown[];
let told: { success: string[]; error: string[] };
beforeEach(() => {
  cartCalls = [];
  sent = [];
  told = { success: [], error: [] };
  vi.spyOn(notify, 'success').mockImplementation((m) => void told.success.push(m));
  vi.spyOn(notify, 'error').mockImplementation((m) => void told.error.push(m));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      if (!path.startsWith('/c2/')) return json(404, { success: false, message: `No route ${key}` });
      cartCalls.push(key);
      if (init.body) sent.push(JSON.parse(String(init.body)));
      if (key === 'GET /c2/api/count')
        return json(200, answerOf(cartRoutes, 'GET /c2/api/count', { success: true, data: { count: 1 } }));
      if (key === 'POST /c2/api/add') {
        const lines = [aCartLine({ cartItemId: 'c0', _id: 'c0', productId: 'p0' }), aCartLine({ productsize: '6 Ratti' })];
        return json(200, answerOf(cartRoutes, 'POST /c2/api/add', { success: true, message: 'Added to cart', data: lines }));
      }
      if (key === 'POST /c2/api/buy-now') {
        return json(200, answerOf(cartRoutes, 'POST /c2/api/buy-now', { success: true, data: [aCartLine({ cartItemId: '' })] }));
      }
      return json(404, { success: false, message: `No route ${key}` });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function CartBadge() {
  return <output data-testid="cart-count">{useCartCount()}</output>;
}

const RUBY = aProduct({ productsizes: ['5 Ratti', '6 Ratti'] });

function renderPanel(user: User | null) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(SESSION_KEY, user);
  const router = createMemoryRouter(
    [
      {
        path: '/ruby/:slug',
        element: (
          <>
            <CartBadge />
            <PurchasePanel product={RUBY} rattiInCarats={0.91} id="buy" />
          </>
        ),
      },
      { path: '/checkout', element: <h1>Checkout screen</h1> },
      { path: '/signin', element: <h1>Sign-in screen</h1> },
    ],
    { initialEntries: ['/ruby/burmese-ruby'] },
  );
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, qc };
}

describe('the product page’s Add to Cart and Buy Now', () => {
  it('Add to Cart adds the size chosen, once; the count is the POST’s answer, with no second request', async () => {
    const { qc } = renderPanel(SHOPPER);
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('1'));
    const user = userEvent.setup();
    await user.click(screen.getByText('6 Ratti'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('2'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled());
    expect(qc.isFetching()).toBe(0);
    expect(cartCalls).toEqual(['GET /c2/api/count', 'POST /c2/api/add']);
    expect(sent).toEqual([{ productId: 'p1', productsize: '6 Ratti', quantity: 1 }]);
    expect(told).toEqual({ success: ['Added to cart!'], error: [] });
  });

  it('Buy Now goes to the checkout of that item alone: the shop is asked about it, the cart is not touched', async () => {
    const { router } = renderPanel(SHOPPER);
    await waitFor(() => expect(cartCalls).toEqual(['GET /c2/api/count']));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('heading', { name: 'Checkout screen' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?product=p1&qty=1&size=5+Ratti');
    expect(cartCalls).toEqual(['GET /c2/api/count', 'POST /c2/api/buy-now']);
    expect(told).toEqual({ success: [], error: [] });
  });

  it('a visitor’s Buy Now goes to Sign In first, the item kept for after; their Add to Cart goes to their guest cart', async () => {
    const { router } = renderPanel(null);
    await waitFor(() => expect(cartCalls).toEqual(['GET /c2/api/count']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('2'));
    expect(cartCalls).toEqual(['GET /c2/api/count', 'POST /c2/api/add']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled());
    window.history.replaceState(null, '', '/ruby/burmese-ruby');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fruby%2Fburmese-ruby');
    expect(takeCartAction()).toEqual({ kind: 'buy', line: { productId: 'p1', productsize: '5 Ratti', quantity: 1 } });
    expect(cartCalls).toEqual(['GET /c2/api/count', 'POST /c2/api/add']);
  });
});
