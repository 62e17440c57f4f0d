import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productRoutes } from '../../../contract/products';
import { priceGroupRoutes } from '../../../contract/wholesale';
import { answerOf } from '../../test/answers';
import PriceGroupsPage from './PriceGroupsPage';

const CAT = {
  _id: '11111111-1111-4111-8111-111111111111',
  categoryname: 'Gemstones',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const GROUP = {
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Jewellers',
  percentoff: 10,
  tiers: [{ minquantity: 10, percentoff: 15 }],
  categoryIds: [CAT._id],
  businesses: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let sent: { method: string; path: string; body: unknown }[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET' && path === '/p1/api/admin/price-groups') {
        return json(200, answerOf(priceGroupRoutes, 'GET /p1/api/admin/price-groups', { success: true, pricegroups: [GROUP] }));
      }
      if (method === 'GET' && path === '/p1/api/categories') {
        return json(200, answerOf(productRoutes, 'GET /p1/api/categories', { success: true, categories: [CAT] }));
      }
      sent.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST') {
        return json(
          201,
          answerOf(priceGroupRoutes, 'POST /p1/api/admin/price-groups', {
            success: true,
            message: 'Price group created',
            pricegroup: { ...GROUP, _id: '33333333-3333-4333-8333-333333333333', name: 'Dealers', businesses: 0 },
          }),
        );
      }
      if (method === 'DELETE') {
        return json(409, {
          success: false,
          message: 'This price group is given to businesses: move them to another group first',
        });
      }
      return json(404, { success: false, message: 'No route' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <PriceGroupsPage />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('price groups screen', () => {
  it('lists each group with its percentage, tiers, categories and businesses', async () => {
    renderPage();
    expect(await screen.findByText('Jewellers')).toBeInTheDocument();
    expect(await screen.findByText('10% off · 15% from 10 · Gemstones · 2 businesses')).toBeInTheDocument();
  });

  it('creates a group with tiers and a category; refuses tiers it cannot read; shows the 409 of a group in use', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Jewellers');
    await user.type(screen.getByLabelText('Name'), 'Dealers');
    await user.clear(screen.getByLabelText('Percent off list prices (0–60)'));
    await user.type(screen.getByLabelText('Percent off list prices (0–60)'), '8');
    await user.type(screen.getByLabelText(/Volume tiers/), '10 pieces');
    await user.click(screen.getByRole('button', { name: 'Create price group' }));
    expect(await screen.findByText('Write tiers as quantity:percent, separated by commas (10:12, 25:15)')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Volume tiers/));
    await user.type(screen.getByLabelText(/Volume tiers/), '10:12, 25:15');
    await user.click(await screen.findByLabelText('Gemstones'));
    await user.click(screen.getByRole('button', { name: 'Create price group' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/p1/api/admin/price-groups',
      body: {
        name: 'Dealers',
        percentoff: 8,
        tiers: [
          { minquantity: 10, percentoff: 12 },
          { minquantity: 25, percentoff: 15 },
        ],
        categoryIds: [CAT._id],
      },
    });
    expect(await screen.findByText('Price group created')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Jewellers' }));
    expect(
      await screen.findByText('This price group is given to businesses: move them to another group first'),
    ).toBeInTheDocument();
  });
});
