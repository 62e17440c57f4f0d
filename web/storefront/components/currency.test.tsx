import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyRoutes } from '../../../contract/currencies';
import { currencyApi } from '../../api/currencies';
import { answerOf } from '../../test/answers';
import { Approx, CurrencyPicker } from './currency';

const NOW = new Date().toISOString();
const OLD = new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString();

function renderPrices() {
  vi.spyOn(currencyApi, 'list').mockResolvedValue(
    answerOf(currencyRoutes, 'GET /a1/api/currencies', {
      success: true,
      base: 'INR',
      updatedAt: NOW,
      currencies: [
        { code: 'INR', rate: 1, decimals: 2, symbol: '₹', updatedAt: NOW },
        { code: 'AUD', rate: 0.0181, decimals: 2, symbol: 'A$', updatedAt: OLD },
        { code: 'KWD', rate: 0.003654, decimals: 3, symbol: 'KWD', updatedAt: NOW },
        { code: 'USD', rate: 0.0118, decimals: 2, symbol: 'US$', updatedAt: NOW },
      ],
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <CurrencyPicker />
      <p data-testid="price">
        ₹24,000 <Approx rupees={24_000} />
      </p>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('prices in the shopper’s currency', () => {
  it('shows rupees alone by default; a picked currency adds its approximate price, remembered in this browser', async () => {
    const user = renderPrices();
    const picker = screen.getByLabelText('Currency');
    await within(picker).findByRole('option', { name: 'USD' });
    // A rate older than 7 days would not be charged: it is not offered.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['INR', 'KWD', 'USD']);
    expect(screen.queryByTestId('approx-price')).toBeNull();

    await user.selectOptions(picker, 'USD');
    expect(screen.getByTestId('approx-price')).toHaveTextContent('≈ US$283.20');
    expect(window.localStorage.getItem('shop.currency')).toBe('USD');

    // three-decimal dinars, rounded up to a unit that can be charged: 87.696 → 87.700
    await user.selectOptions(picker, 'KWD');
    expect(screen.getByTestId('approx-price')).toHaveTextContent('≈ KWD 87.700');

    await user.selectOptions(picker, 'INR');
    expect(screen.queryByTestId('approx-price')).toBeNull();
  });

  it('starts from the currency remembered', async () => {
    window.localStorage.setItem('shop.currency', 'USD');
    renderPrices();
    expect(await screen.findByTestId('approx-price')).toHaveTextContent('≈ US$283.20');
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
  });
});
