import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyRoutes } from '../../../contract/currencies';
import { type AdminCurrencies, currencyApi } from '../../api/currencies';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
import CurrenciesPage, { checkFxRate } from './CurrenciesPage';

const NOW = new Date().toISOString();
const OLD = new Date(Date.now() - 9 * 24 * 60 * 60_000).toISOString();
const answer = (refresh: Partial<AdminCurrencies['refresh']> = {}): AdminCurrencies =>
  answerOf(currencyRoutes, 'GET /a1/api/admin/currencies', {
    success: true,
    base: 'INR',
    updatedAt: NOW,
    currencies: [
      { code: 'INR', rate: 1, decimals: 2, symbol: '₹', updatedAt: NOW },
      { code: 'EUR', rate: 0.0109, decimals: 2, symbol: '€', updatedAt: OLD },
      { code: 'USD', rate: 0.0118, decimals: 2, symbol: 'US$', updatedAt: NOW },
    ],
    refresh: { enabled: false, lastAttemptAt: null, lastSuccessAt: null, lastError: null, ...refresh },
  });

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <CurrenciesPage />
        <Notices />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('currencies screen', () => {
  it('shows each rate with its rupee value and age, adds and removes currencies, and saves the whole set', async () => {
    vi.spyOn(currencyApi.admin, 'list').mockResolvedValue(answer());
    const save = vi.spyOn(currencyApi.admin, 'save').mockResolvedValue(answer());
    const user = userEvent.setup();
    renderPage();
    const rows = await screen.findAllByTestId('currency-row');
    expect(rows.map((r) => within(r).getByRole('textbox').getAttribute('id'))).toEqual(['fx-EUR', 'fx-USD']);
    expect(rows[0]?.textContent).toContain('Older than 7 days');
    expect(rows[1]?.textContent).toContain('1 USD = ₹84.75');

    await user.click(screen.getByRole('button', { name: 'Remove EUR' }));
    await user.selectOptions(screen.getByLabelText('Add a currency'), 'AED');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save currencies' }));
    expect(await screen.findByText('Enter the rate as a number (units per rupee, at most 10 decimals)')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('AED'), '0.0433');
    await user.click(screen.getByRole('button', { name: 'Save currencies' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith([
      { code: 'USD', rate: 0.0118 },
      { code: 'AED', rate: 0.0433 },
    ]);
    expect(await screen.findByText('Currencies saved')).toBeTruthy();
  });

  it('says when the daily refresh failed and that the rates were kept', async () => {
    vi.spyOn(currencyApi.admin, 'list').mockResolvedValue(
      answer({
        enabled: true,
        lastAttemptAt: NOW,
        lastSuccessAt: OLD,
        lastError: 'The rates could not be fetched: the rates source answered 503',
      }),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('answered 503');
    expect(alert.textContent).toContain('The rates below were kept');
  });

  it('checks a typed rate as the server does', () => {
    expect(checkFxRate('0.0118')).toBeUndefined();
    expect(checkFxRate('0')).toBe('A rate must be more than 0');
    expect(checkFxRate('-1')).toBe('Enter the rate as a number (units per rupee, at most 10 decimals)');
    expect(checkFxRate('0.00000000001')).toBe('Enter the rate as a number (units per rupee, at most 10 decimals)');
  });
});
