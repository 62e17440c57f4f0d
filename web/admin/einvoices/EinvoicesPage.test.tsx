import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { einvoiceRoutes } from '../../../contract/einvoice';
import { type Einvoice, einvoiceApi } from '../../api/einvoices';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
import EinvoicesPage from './EinvoicesPage';

const IRN = 'a'.repeat(64);
const failed: Einvoice = {
  number: 'RG/26-27/000007',
  kind: 'INV',
  orderId: 'o7',
  einvoicestatus: 'failed',
  irn: null,
  error: '2176: Buyer GSTIN is not active',
  cancelfailed: false,
};
const registered: Einvoice = {
  ...failed,
  number: 'CN/26-27/000002',
  kind: 'CRN',
  einvoicestatus: 'registered',
  irn: IRN,
  error: '',
};
const list = (einvoices: Einvoice[]) => answerOf(einvoiceRoutes, 'GET /o1/api/admin/einvoices', { success: true, einvoices });

function renderPage(path = '/dashboard/einvoices') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <EinvoicesPage />
        <Notices />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

const stuck: Einvoice = {
  ...registered,
  number: 'RG/26-27/000009',
  kind: 'INV',
  irn: 'b'.repeat(64),
  error:
    'Not cancelled within the IRP’s 24 hours: The IRN could not be cancelled: connect ECONNREFUSED. The IRN stands, so a credit note, not a cancellation, undoes the invoice.',
  cancelfailed: true,
};

describe('E-invoices screen', () => {
  it('shows an IRN whose cancellation failed as such, with its reason and no Retry', async () => {
    vi.spyOn(einvoiceApi, 'list').mockResolvedValue(list([stuck]));
    renderPage('/dashboard/einvoices?status=failed');
    const table = await screen.findByRole('table');
    expect((await within(table).findByTestId('einvoice-status')).textContent).toBe('Cancellation failed');
    expect(within(table).getByTestId('einvoice-error').textContent).toBe(stuck.error);
    expect(within(table).queryByRole('button', { name: /^Retry/ })).toBeNull();
  });

  it('opens on the failed ones from the dashboard link, shows the IRP’s error, and Retry registers one', async () => {
    const load = vi.spyOn(einvoiceApi, 'list').mockResolvedValue(list([failed]));
    const retry = vi.spyOn(einvoiceApi, 'retry').mockResolvedValue(
      answerOf(einvoiceRoutes, 'POST /o1/api/admin/einvoices/:invoiceNumber/retry', {
        success: true,
        message: 'E-invoice registered',
        einvoice: { ...failed, einvoicestatus: 'registered', irn: IRN, error: '' },
      }),
    );
    const user = userEvent.setup();
    renderPage('/dashboard/einvoices?status=failed');
    // The table (the phone's cards repeat it).
    const table = await screen.findByRole('table');
    expect(await within(table).findByTestId('einvoice-error')).toHaveTextContent('2176: Buyer GSTIN is not active');
    expect(load).toHaveBeenCalledWith('failed');
    expect(screen.getByLabelText('Status')).toHaveValue('failed');

    load.mockResolvedValue(list([{ ...failed, einvoicestatus: 'registered', irn: IRN, error: '' }]));
    await user.click(within(table).getByRole('button', { name: 'Retry invoice RG/26-27/000007' }));
    expect(retry).toHaveBeenCalledWith('RG/26-27/000007');
    expect(await screen.findByText('E-invoice registered')).toBeTruthy();
    expect(await within(table).findByText(IRN)).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('lists every status with its IRN, Retry only on a failed one, and an IRP refusal again is told', async () => {
    vi.spyOn(einvoiceApi, 'list').mockResolvedValue(list([failed, registered]));
    vi.spyOn(einvoiceApi, 'retry').mockResolvedValue(
      answerOf(einvoiceRoutes, 'POST /o1/api/admin/einvoices/:invoiceNumber/retry', {
        success: true,
        message: 'The IRP refused the e-invoice again',
        einvoice: failed,
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table');
    const statuses = await within(table).findAllByTestId('einvoice-status');
    expect(statuses.map((s) => s.textContent)).toEqual(['Failed', 'Registered']);
    expect(within(table).getByText(IRN)).toBeTruthy();
    expect(within(table).getByText('Credit note')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Retry invoice RG/26-27/000007' }));
    expect(await screen.findByText('The IRP refused the e-invoice again: 2176: Buyer GSTIN is not active')).toBeTruthy();
  });
});
