import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { priceGroupRoutes } from '../../../contract/wholesale';
import type { User } from '../../api/auth';
import type { Product } from '../../api/catalogue';
import { SESSION_KEY } from '../../auth/session';
import { answerOf } from '../../test/answers';
import { aCreditBuyer, aProduct, SHOPPER } from '../../test/fixtures';
import { PurchasePanel } from './PurchasePanel';

/** The business's own prices, as GET /p1/api/my-prices gives them: below the shop's price of both stones. */
const MY_PRICES = [
  { productId: 'p1', price: 81_000, tiers: [{ minquantity: 5, price: 78_000 }] },
  { productId: 'p3', price: 36_000, tiers: [] },
];
let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (!path.startsWith('/p1/api/my-prices')) return new Response('{"message":"Route not found"}', { status: 404 });
      asked.push(path);
      const answer = answerOf(priceGroupRoutes, 'GET /p1/api/my-prices', { success: true, prices: MY_PRICES });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel(product: Product, user: User | null) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(SESSION_KEY, user);
  const router = createMemoryRouter([
    { path: '/', element: <PurchasePanel product={product} rattiInCarats={0.91} id="panel" /> },
  ]);
  return render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const ruby = aProduct({ _id: 'p1', productprice: 90_000 });
const onSale = aProduct({
  _id: 'p3',
  productprice: 50_000,
  saleprice: 40_000,
  sale: { name: 'Diwali', percentoff: 20, endsAt: '2026-12-31T00:00:00.000Z' },
});

describe('the phone’s buy bar', () => {
  it('shows an approved business the trade price the panel shows, not the shop’s', async () => {
    renderPanel(ruby, aCreditBuyer());
    expect(await screen.findByTestId('trade-price')).toHaveTextContent('Trade price ₹81,000');
    expect(screen.getByTestId('buy-bar-price')).toHaveTextContent('Price ₹81,000.00Trade price');
    expect(screen.getByTestId('buy-bar-price')).not.toHaveTextContent('90,000');
    expect(asked).toEqual(['/p1/api/my-prices?ids=p1']);
  });

  it('gives a business on a sale its trade price in place of the sale price and its "% off"', async () => {
    renderPanel(onSale, aCreditBuyer());
    await waitFor(() => expect(screen.getByTestId('buy-bar-price')).toHaveTextContent('₹36,000'));
    expect(screen.getByTestId('buy-bar-price')).not.toHaveTextContent('% off');
    expect(screen.getByTestId('trade-price')).toHaveTextContent('₹36,000');
  });

  it('shows a retail shopper and a visitor the shop’s price and "% off", and asks nothing', async () => {
    for (const user of [SHOPPER, null]) {
      const { unmount } = renderPanel(onSale, user);
      expect(await screen.findByTestId('buy-bar-price')).toHaveTextContent('Price ₹40,000.0020% off');
      expect(screen.queryByTestId('trade-price')).toBeNull();
      unmount();
    }
    expect(asked).toEqual([]);
  });
});
