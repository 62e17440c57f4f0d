import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Business, priceGroupRoutes } from '../../../contract/wholesale';
import type { User } from '../../api/auth';
import { answerOf } from '../../test/answers';
import { SHOPPER, userOf } from '../../test/fixtures';
import { TradePrice } from './TradePrice';

const PRODUCT = '66666666-6666-4666-8666-666666666666';
let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      return new Response(
        JSON.stringify(
          answerOf(priceGroupRoutes, 'GET /p1/api/my-prices', {
            success: true,
            prices: [{ productId: PRODUCT, price: 9000, tiers: [{ minquantity: 10, price: 8500 }] }],
          }),
        ),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const userWith = (status: Business['status'] | null): User =>
  userOf({
    ...SHOPPER,
    business:
      status === null
        ? null
        : {
            _id: 'b1',
            status,
            legalname: 'Mehta Gems LLP',
            tradename: '',
            gstin: '03AABCM1234K1Z5',
            address: '4 Chaura Bazar',
            city: 'Ludhiana',
            state: 'Punjab',
            pincode: '141008',
            note: '',
            reason: '',
            pricegroup: null,
            credit: null,
            createdAt: '2026-11-01T00:00:00Z',
            updatedAt: '2026-11-01T00:00:00Z',
          },
  });

function renderFor(user: User | null) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <TradePrice productId={PRODUCT} user={user} />
    </QueryClientProvider>,
  );
}

describe('Trade price on the product page', () => {
  it('shows an approved business its trade price and tiers, asked of /my-prices', async () => {
    renderFor(userWith('approved'));
    expect(await screen.findByTestId('trade-price')).toHaveTextContent('Trade price ₹9,000.00');
    expect(screen.getByRole('list', { name: 'Trade prices by quantity' })).toHaveTextContent('10 or more: ₹8,500.00 each');
    expect(asked).toEqual([`/p1/api/my-prices?ids=${PRODUCT}`]);
  });

  it('asks nothing and shows nothing for a visitor, a retail buyer or a pending business', async () => {
    for (const user of [null, userWith(null), userWith('pending')]) {
      const { unmount } = renderFor(user);
      await waitFor(() => expect(screen.queryByTestId('trade-price')).toBeNull());
      unmount();
    }
    expect(asked).toEqual([]);
  });
});
