import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gstRoutes } from '../../../contract/gst';
import { adminApi, type GstReport } from '../../api/admin';
import { answerOf } from '../../test/answers';
import ReportsPage, { currentMonthInIndia } from './ReportsPage';

const taxes = { taxablevalue: 97087.38, igst: 2912.62, cgst: 0, sgst: 0 };
const report = (month: string): GstReport =>
  answerOf(gstRoutes, 'GET /o1/api/admin/gst-report', {
    success: true,
    month,
    b2b: [
      { gstin: '27AAPFU0939F1ZV', invoice: 'RG/26-27/000042', date: `${month}-05`, value: 100000, pos: 'Maharashtra', ...taxes },
    ],
    b2cl: [],
    exp: [
      {
        type: 'WOPAY',
        invoice: 'RG/26-27/000043',
        date: `${month}-06`,
        value: 250000,
        currency: 'INR',
        portcode: '',
        shippingbill: '',
        shippingbilldate: '',
        taxablevalue: 250000,
        igst: 0,
      },
    ],
    b2cs: [{ pos: 'Punjab', rate: 3, taxablevalue: 970.87, igst: 0, cgst: 14.56, sgst: 14.57 }],
    hsn: [{ hsn: '7103', quantity: 2, taxablevalue: 98058.25, igst: 2912.62, cgst: 14.56, sgst: 14.57 }],
    creditnotes: [],
    receiptvouchers: [{ voucher: 'RV/26-27/000007', date: `${month}-07`, gstin: '', value: 90546, pos: '03-Punjab', ...taxes }],
    refundvouchers: [],
  });

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ReportsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reports screen', () => {
  it('the month is India’s: 31 March 19:00 UTC is already April there', () => {
    expect(currentMonthInIndia(new Date('2027-03-31T18:29:59Z'))).toBe('2027-03');
    expect(currentMonthInIndia(new Date('2027-03-31T18:30:00Z'))).toBe('2027-04');
  });

  it('shows each section of the month picked, with the files of that month to download', async () => {
    const get = vi.spyOn(adminApi.gst, 'report').mockImplementation(async (month) => report(month));
    renderPage();
    const now = currentMonthInIndia();
    await waitFor(() => expect(get).toHaveBeenCalledWith(now));
    const b2b = await screen.findByTestId('section-b2b');
    expect(within(b2b).getByRole('row', { name: /RG\/26-27\/000042/ })).toHaveTextContent('27AAPFU0939F1ZV');
    expect(within(b2b).getByText('₹1,00,000.00')).toBeInTheDocument();
    expect(within(screen.getByTestId('section-b2cl')).getByText('Nothing this month.')).toBeInTheDocument();
    const exports = screen.getByTestId('section-exp');
    expect(within(exports).getByRole('heading', { name: 'Exports (1)' })).toBeInTheDocument();
    expect(within(exports).getByRole('row', { name: /RG\/26-27\/000043/ })).toHaveTextContent('WOPAY');
    expect(within(exports).getAllByText('₹2,50,000.00')).toHaveLength(2);
    expect(within(screen.getByTestId('section-b2cs')).getByText('Punjab')).toBeInTheDocument();
    expect(within(screen.getByTestId('section-hsn')).getByText('7103')).toBeInTheDocument();
    expect(within(screen.getByTestId('section-creditnotes')).getByText('Nothing this month.')).toBeInTheDocument();
    // the advances received and paid back, one by one
    const receipts = screen.getByTestId('section-receiptvouchers');
    expect(within(receipts).getByText('RV/26-27/000007')).toBeInTheDocument();
    expect(within(receipts).getByRole('heading')).toHaveTextContent('Receipt vouchers (1)');
    expect(within(screen.getByTestId('section-refundvouchers')).getByText('Nothing this month.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/o1/api/admin/gst-report?month=${now}&format=csv`,
    );

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-05' } });
    await waitFor(() => expect(get).toHaveBeenCalledWith('2026-05'));
    expect(await screen.findByText('GSTR-1 for May 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download JSON' })).toHaveAttribute(
      'href',
      '/o1/api/admin/gst-report?month=2026-05&format=json',
    );
    expect(screen.getByRole('link', { name: 'Download for the GST portal' })).toHaveAttribute(
      'href',
      '/o1/api/admin/gst-report?month=2026-05&format=portal',
    );
  });
});
