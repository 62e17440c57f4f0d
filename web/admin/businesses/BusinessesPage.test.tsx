import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditRoutes } from '../../../contract/credit';
import { businessRoutes, priceGroupRoutes } from '../../../contract/wholesale';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
import BusinessesPage from './BusinessesPage';

const AT = '2026-01-01T00:00:00.000Z';
const GROUP = {
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Jewellers',
  percentoff: 10,
  tiers: [],
  categoryIds: [],
  businesses: 0,
  createdAt: AT,
  updatedAt: AT,
};
const BUSINESS = {
  _id: '44444444-4444-4444-8444-444444444444',
  status: 'pending' as const,
  legalname: 'Sharma Gems Private Limited',
  tradename: 'Sharma Gems',
  gstin: '03AABCR1001K1Z5',
  address: '12 Ghumar Mandi',
  city: 'Ludhiana',
  state: 'Punjab',
  pincode: '141001',
  note: '',
  reason: '',
  pricegroup: null,
  credit: null,
  createdAt: AT,
  updatedAt: AT,
  user: { _id: '55555555-5555-4555-8555-555555555555', fullname: 'Ravi Sharma', mobileno: '9876543210' },
};

/** An approved dealer with 30 days' credit, and its statement for March: an invoice and a NEFT payment. */
const DEALER = { ...BUSINESS, _id: '66666666-6666-4666-8666-666666666666', status: 'approved' as const, tradename: 'Mehta Gems' };
const MARCH = answerOf(creditRoutes, 'GET /u1/api/admin/businesses/:id/statement', {
  success: true,
  from: '2026-03-01',
  to: '2026-03-31',
  opening: 0,
  closing: 50000,
  lines: [
    { date: '2026-03-07', type: 'invoice', number: 'RG/25-26/000042', debit: 90000, credit: 0, balance: 90000 },
    { date: '2026-03-20', type: 'payment', number: 'NEFT UTR881 order RG-000042', debit: 0, credit: 40000, balance: 50000 },
  ],
});

let sent: unknown[];
let asked: string[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      asked.push(path);
      if (method === 'GET' && path.startsWith(`/u1/api/admin/businesses/${DEALER._id}/statement`)) return json(200, MARCH);
      if (method === 'GET' && path.startsWith('/u1/api/admin/businesses')) {
        return json(
          200,
          answerOf(businessRoutes, 'GET /u1/api/admin/businesses', {
            success: true,
            businesses: [BUSINESS, DEALER],
            pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 20 },
          }),
        );
      }
      if (method === 'GET' && path === '/p1/api/admin/price-groups') {
        return json(200, answerOf(priceGroupRoutes, 'GET /p1/api/admin/price-groups', { success: true, pricegroups: [GROUP] }));
      }
      if (method === 'PATCH') {
        sent.push(JSON.parse(String(init.body)));
        const { user: _user, ...business } = BUSINESS;
        return json(
          200,
          answerOf(businessRoutes, 'PATCH /u1/api/admin/businesses/:id', {
            success: true,
            message: 'Business updated',
            business: { ...business, status: 'approved', pricegroup: { _id: GROUP._id, name: GROUP.name } },
          }),
        );
      }
      return json(404, { success: false, message: 'No route' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('businesses screen', () => {
  it('approves a business into a price group', async () => {
    const user = userEvent.setup();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <BusinessesPage />
          <Notices />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click((await screen.findAllByRole('button', { name: 'Review Sharma Gems' }))[0] as HTMLElement);
    await screen.findByRole('option', { name: 'Jewellers (10% off)' });
    await user.selectOptions(screen.getByLabelText('Price group'), GROUP._id);
    await user.click(screen.getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ status: 'approved', pricegroupId: GROUP._id });
  });

  it('shows an approved business’s statement for a period, with its PDF; a pending one has none', async () => {
    const user = userEvent.setup();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <BusinessesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findAllByRole('button', { name: 'Review Sharma Gems' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Statement of Sharma Gems' })).toBeNull();
    await user.click((await screen.findAllByRole('button', { name: 'Statement of Mehta Gems' }))[0] as HTMLElement);
    const dialog = await screen.findByTestId('business-statement');
    const [from, to] = within(dialog).getAllByDisplayValue(/^\d{4}-\d{2}-\d{2}$/) as HTMLInputElement[];
    await user.clear(from as HTMLInputElement);
    await user.type(from as HTMLInputElement, '2026-03-01');
    await user.clear(to as HTMLInputElement);
    await user.type(to as HTMLInputElement, '2026-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(asked).toContain(`/u1/api/admin/businesses/${DEALER._id}/statement?from=2026-03-01&to=2026-03-31&format=json`),
    );
    const lines = await within(dialog).findAllByTestId('statement-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      '07 Mar 2026InvoiceRG/25-26/000042₹90,000.00₹90,000.00',
      '20 Mar 2026PaymentNEFT UTR881 order RG-000042₹40,000.00₹50,000.00',
    ]);
    expect(within(dialog).getByTestId('statement-summary')).toHaveTextContent('Balance on 31 Mar 2026: ₹50,000.00 owed');
    expect(within(dialog).getByTestId('statement-pdf')).toHaveAttribute(
      'href',
      `/u1/api/admin/businesses/${DEALER._id}/statement?from=2026-03-01&to=2026-03-31&format=pdf`,
    );
  });
});
