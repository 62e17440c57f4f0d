import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessRoutes, priceGroupRoutes } from '../../../contract/wholesale';
import { answerOf } from '../../test/answers';
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

let sent: unknown[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET' && path.startsWith('/u1/api/admin/businesses')) {
        return json(
          200,
          answerOf(businessRoutes, 'GET /u1/api/admin/businesses', {
            success: true,
            businesses: [BUSINESS],
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
          <Toaster />
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
});
