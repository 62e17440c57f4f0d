import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shippingZoneRoutes } from '../../../contract/shipping-zones';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
import ShippingZonesPage from './ShippingZonesPage';

const ZONES = [
  {
    _id: 'zone-india',
    name: 'India',
    countries: ['IN'],
    rates: [
      { _id: 'rate-standard', name: 'Standard', price: 0, freeabove: null, mindays: 3, maxdays: 10 },
      { _id: 'rate-express', name: 'Express', price: 500, freeabove: 50_000, mindays: 2, maxdays: 5 },
    ],
  },
  {
    _id: 'zone-world',
    name: 'Worldwide',
    countries: ['US', 'AE', 'GB'],
    rates: [{ _id: 'rate-world', name: 'Insured international', price: 4000, freeabove: 150_000, mindays: 7, maxdays: 15 }],
  },
];

let sent: unknown[];
let putAnswer: () => Response;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  putAnswer = () => json(200, answerOf(shippingZoneRoutes, 'PUT /a1/api/admin/shipping/zones', { success: true, zones: ZONES }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET' && path === '/a1/api/shipping/zones') {
        return json(200, answerOf(shippingZoneRoutes, 'GET /a1/api/shipping/zones', { success: true, zones: ZONES }));
      }
      if (init.method === 'PUT' && path === '/a1/api/admin/shipping/zones') {
        sent.push(JSON.parse(String(init.body)));
        return putAnswer();
      }
      return json(404, { success: false, message: 'No route' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ShippingZonesPage />
        <Notices />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('shipping zones screen', () => {
  it('names the countries, and saves the set with a country removed, ids and rates kept', async () => {
    const user = userEvent.setup();
    renderPage();
    const world = await screen.findByRole('region', { name: 'Zone Worldwide' });
    expect(within(world).getByText('United States')).toBeInTheDocument();
    expect(within(world).getByText('United Arab Emirates')).toBeInTheDocument();
    expect(within(world).getByLabelText('Worldwide rate 1 freeabove')).toHaveValue('150000');
    await user.click(within(world).getByRole('button', { name: 'Remove United States' }));
    await user.click(screen.getByRole('button', { name: 'Save zones' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      zones: [
        {
          _id: 'zone-india',
          name: 'India',
          countries: ['IN'],
          rates: [
            { _id: 'rate-standard', name: 'Standard', price: 0, freeabove: null, mindays: 3, maxdays: 10 },
            { _id: 'rate-express', name: 'Express', price: 500, freeabove: 50_000, mindays: 2, maxdays: 5 },
          ],
        },
        {
          _id: 'zone-world',
          name: 'Worldwide',
          countries: ['AE', 'GB'],
          rates: [{ _id: 'rate-world', name: 'Insured international', price: 4000, freeabove: 150_000, mindays: 7, maxdays: 15 }],
        },
      ],
    });
    expect(await screen.findByText('Shipping zones saved')).toBeInTheDocument();
  });

  it('shows why the shop refused the zones (a country in two zones)', async () => {
    putAnswer = () => json(400, { success: false, message: 'India is in two zones: India and Gulf' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: 'Zone India' });
    await user.click(screen.getByRole('button', { name: 'Add a zone' }));
    const added = screen.getByRole('region', { name: 'Zone New zone' });
    await user.selectOptions(within(added).getByLabelText('Add a country'), 'IN');
    expect(within(added).getByText('India')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save zones' }));
    expect(await screen.findByText('India is in two zones: India and Gulf')).toBeInTheDocument();
  });
});
