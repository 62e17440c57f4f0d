import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { priceGroupRoutes } from '../../../contract/wholesale';
import type { User } from '../../api/auth';
import { SESSION_KEY } from '../../auth/session';
import { answerOf } from '../../test/answers';
import { aCreditBuyer, aProduct, SHOPPER, userOf } from '../../test/fixtures';
import { ProductCard } from './ProductCard';

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path.startsWith('/p1/api/my-prices')) asked.push(path);
      return new Response(
        JSON.stringify(
          answerOf(priceGroupRoutes, 'GET /p1/api/my-prices', {
            success: true,
            prices: [
              { productId: 'p1', price: 81_000, tiers: [] },
              // Not covered by the group: the storefront price, no trade price shown.
              { productId: 'p2', price: 50_000, tiers: [] },
              // On sale at ₹40,000: the trade price is lower still.
              { productId: 'p3', price: 36_000, tiers: [] },
            ],
          }),
        ),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const CARDS = [
  aProduct({ _id: 'p1', productprice: 90_000 }),
  aProduct({ _id: 'p2', productprice: 50_000, slug: 'p2' }),
  aProduct({ _id: 'p3', productprice: 50_000, saleprice: 40_000, slug: 'p3' }),
];

function renderCards(user: User | null) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(SESSION_KEY, user);
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <ul>
          {CARDS.map((p) => (
            <li key={p._id} data-testid={`card-${p._id}`}>
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('Trade price on product cards', () => {
  it('shows an approved business the trade price below the card’s price, the page’s cards asked in one request', async () => {
    renderCards(aCreditBuyer(null));
    await waitFor(() => expect(screen.getAllByTestId('card-trade-price')).toHaveLength(2));
    expect(screen.getByTestId('card-p1')).toHaveTextContent('Trade price ₹81,000');
    expect(screen.getByTestId('card-p3')).toHaveTextContent('Trade price ₹36,000');
    expect(screen.getByTestId('card-p2')).not.toHaveTextContent('Trade price');
    expect(asked).toEqual(['/p1/api/my-prices?ids=p1%2Cp2%2Cp3']);
  });

  it('asks nothing and shows nothing for a visitor, a retail buyer or a pending business', async () => {
    const pending = aCreditBuyer(null);
    const notYet = userOf({
      ...pending,
      business: { ...(pending.business as NonNullable<User['business']>), status: 'pending' },
    });
    for (const who of [null, SHOPPER, notYet]) {
      renderCards(who);
      await screen.findByTestId('card-p1');
      expect(screen.queryByTestId('card-trade-price')).toBeNull();
      cleanup();
    }
    expect(asked).toEqual([]);
  });
});
