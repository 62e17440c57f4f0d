import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { METALS, type Metal, madeToOrderRoutes } from '../../../contract/made-to-order';
import { type MetalRate, madeToOrderApi } from '../../api/made-to-order';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
import MetalRatesPage, { checkRate } from './MetalRatesPage';

const GIVEN = '2026-11-20T06:00:00.000Z';
const rate = (metal: Metal, pergram: number | null, current = pergram !== null): MetalRate => ({
  metal,
  label: METALS[metal],
  pergram,
  updatedAt: pergram === null ? null : GIVEN,
  current,
});
const RATES: MetalRate[] = [
  rate('gold-24k', 7800, false),
  rate('gold-22k', 7150.5),
  rate('gold-18k', null),
  rate('gold-14k', null),
  rate('silver-925', 95),
  rate('panchdhatu', null),
];

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <MetalRatesPage />
        <Notices />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('metal rates screen', () => {
  it('shows each metal’s rate, marks the stale and the missing, and saves only the rates typed', async () => {
    vi.spyOn(madeToOrderApi.rates, 'list').mockResolvedValue(
      answerOf(madeToOrderRoutes, 'GET /a1/api/metal-rates', { success: true, rates: RATES }),
    );
    const save = vi.spyOn(madeToOrderApi.rates, 'save').mockImplementation(async (sent) =>
      answerOf(madeToOrderRoutes, 'PUT /a1/api/admin/metal-rates', {
        success: true,
        rates: RATES.map((r) => {
          const mine = sent.find((s) => s.metal === r.metal);
          return mine ? { ...r, pergram: mine.pergram, updatedAt: '2026-11-28T06:00:00.000Z', current: true } : r;
        }),
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const rows = await screen.findAllByTestId('metal-rate');
    expect(rows).toHaveLength(6);
    expect(within(rows[0] as HTMLElement).getByTestId('rate-state').textContent).toContain('Older than 3 days');
    expect(within(rows[1] as HTMLElement).getByTestId('rate-now').textContent).toContain('7,150.50');
    expect(within(rows[2] as HTMLElement).getByText(/Not given yet/)).toBeTruthy();

    await user.type(screen.getByLabelText('22 karat gold (916)'), '7200');
    await user.type(screen.getByLabelText('Panchdhatu'), '0');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText('Rate must be more than 0')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Panchdhatu'));
    await user.type(screen.getByLabelText('Panchdhatu'), '40.5');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith([
      { metal: 'gold-22k', pergram: 7200 },
      { metal: 'panchdhatu', pergram: 40.5 },
    ]);
    expect(await screen.findByText('2 rates saved')).toBeTruthy();
    const after = screen.getAllByTestId('metal-rate');
    expect(within(after[5] as HTMLElement).getByTestId('rate-now').textContent).toContain('40.50');
    expect((screen.getByLabelText('22 karat gold (916)') as HTMLInputElement).value).toBe('');
  });

  it('checks a typed rate as the server does', () => {
    expect(checkRate('')).toBeUndefined();
    expect(checkRate('7150.50')).toBeUndefined();
    expect(checkRate('1.005')).toBe('Rate must be a number of rupees with at most 2 decimals');
    expect(checkRate('-3')).toBe('Rate must be a number of rupees with at most 2 decimals');
    expect(checkRate('0.00')).toBe('Rate must be more than 0');
    expect(checkRate('1000001')).toBe('Rate must be at most ₹10,00,000 a gram');
  });
});
