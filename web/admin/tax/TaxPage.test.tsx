import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USUAL_GST_RATES } from '../../../contract/gst-rules';
import { settingsRoutes } from '../../../contract/settings';
import { adminApi, type TaxRow } from '../../api/admin';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
import TaxPage from './TaxPage';

/** A row as the server sends it: the usual rate and its basis are those of the HSN code's schedule. */
const taxRow = (r: Omit<TaxRow, 'usualrate' | 'basis'>): TaxRow => {
  const usual = USUAL_GST_RATES[r.hsn];
  return { ...r, usualrate: usual ? usual.rateBp / 100 : null, basis: usual?.basis ?? null };
};
const gemsRow = taxRow({
  categoryId: '11111111-1111-4111-8111-111111111111',
  categoryname: 'Gemstones',
  hsn: '7103',
  gstrate: 0.25,
  isdefault: false,
});
const jewelleryRow = taxRow({
  categoryId: '22222222-2222-4222-8222-222222222222',
  categoryname: 'Jewellery',
  hsn: '7113',
  gstrate: 3,
  isdefault: false,
});
const coralsRow = taxRow({
  categoryId: '33333333-3333-4333-8333-333333333333',
  categoryname: 'Corals',
  hsn: '7103',
  gstrate: 0.25,
  isdefault: true,
});
const rows: TaxRow[] = [gemsRow, jewelleryRow, coralsRow];

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <TaxPage />
        <Notices />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tax screen', () => {
  it('edits one category in place and sends the other categories’ own rows with it', async () => {
    vi.spyOn(adminApi.tax, 'list').mockResolvedValue(
      answerOf(settingsRoutes, 'GET /a1/api/admin/tax', { success: true, tax: rows }),
    );
    const save = vi.spyOn(adminApi.tax, 'save').mockImplementation(async (tax) =>
      answerOf(settingsRoutes, 'PUT /a1/api/admin/tax', {
        success: true,
        message: 'Tax rates saved',
        tax: rows.map((r) => {
          const mine = tax.find((t) => t.categoryId === r.categoryId);
          return taxRow(mine ? { ...r, ...mine, isdefault: false } : { ...r, hsn: '7103', gstrate: 0.25, isdefault: true });
        }),
      }),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'Tax per category' });
    expect(within(list).getAllByTestId('tax-row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Edit tax of Corals' }));
    const form = screen.getByRole('form', { name: 'Tax of Corals' });
    const hsn = within(form).getByLabelText('HSN code of Corals');
    const rate = within(form).getByLabelText('GST rate (%) of Corals');

    await userEvent.clear(hsn);
    await userEvent.type(hsn, '71a');
    await userEvent.clear(rate);
    await userEvent.type(rate, '3.125');
    await userEvent.click(within(form).getByRole('button', { name: 'Save tax of Corals' }));
    expect(within(form).getByText('HSN code must be 4 to 8 digits')).toBeInTheDocument();
    expect(within(form).getByText('GST rate must be a number with at most 2 decimals')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();

    await userEvent.clear(hsn);
    await userEvent.type(hsn, '7116');
    await userEvent.clear(rate);
    await userEvent.type(rate, '0.25');
    await userEvent.click(within(form).getByRole('button', { name: 'Save tax of Corals' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith([
        { categoryId: rows[0]?.categoryId, hsn: '7103', gstrate: 0.25 },
        { categoryId: rows[1]?.categoryId, hsn: '7113', gstrate: 3 },
        { categoryId: rows[2]?.categoryId, hsn: '7116', gstrate: 0.25 },
      ]),
    );
    expect(await screen.findByText('Corals: HSN 7116, GST 0.25%')).toBeInTheDocument();
    const corals = within(list).getAllByTestId('tax-row')[2] as HTMLElement;
    expect(within(corals).getByTestId('tax-hsn')).toHaveTextContent('7116');
    expect(within(corals).getByTestId('tax-rate')).toHaveTextContent('0.25%');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says where each HSN code’s usual rate comes from, and warns of a rate that is not it', async () => {
    const old = { ...gemsRow, gstrate: 3 };
    vi.spyOn(adminApi.tax, 'list').mockResolvedValue(
      answerOf(settingsRoutes, 'GET /a1/api/admin/tax', {
        success: true,
        tax: [old, jewelleryRow, taxRow({ ...coralsRow, hsn: '9999' })],
      }),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'Tax per category' });
    const [gems, jewellery, corals] = within(list).getAllByTestId('tax-row') as HTMLElement[];
    expect(within(gems as HTMLElement).getByTestId('tax-basis')).toHaveTextContent(
      /^Not the scheduled rate: .*HSN 7103\): 0\.25%, Schedule VI, since 1 October 2019/,
    );
    expect(within(jewellery as HTMLElement).getByTestId('tax-basis')).toHaveTextContent(
      'Jewellery (HSN 7113): 3%, Schedule V of notification 1/2017-Central Tax (Rate)',
    );
    expect(within(jewellery as HTMLElement).getByTestId('tax-basis')).not.toHaveTextContent('Not the scheduled rate');
    expect(within(corals as HTMLElement).queryByTestId('tax-basis')).toBeNull();
  });
});
