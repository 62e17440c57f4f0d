import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productRoutes } from '../../../contract/products';
import { priceGroupRoutes } from '../../../contract/wholesale';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
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
/** What the shop answers the next PATCHes, in turn (then the group saved). */
let patchAnswers: Response[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  patchAnswers = [];
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
      if (method === 'PATCH') {
        return (
          patchAnswers.shift() ??
          json(
            200,
            answerOf(priceGroupRoutes, 'PATCH /p1/api/admin/price-groups/:id', {
              success: true,
              message: 'Price group saved',
              pricegroup: { ...GROUP, name: 'Jewellers A', percentoff: 12 },
            }),
          )
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
        <Notices />
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

  it('edits a group: its values to start with, each problem under its field (the form’s, a 400’s, a name taken), then saved', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Jewellers' }));
    const form = screen.getByRole('form', { name: 'Edit Jewellers' });
    const name = within(form).getByLabelText('Name');
    const percent = within(form).getByLabelText('Percent off list prices (0–60)');
    const tiers = within(form).getByLabelText(/Volume tiers/);
    expect(name).toHaveValue('Jewellers');
    expect(percent).toHaveValue('10');
    expect(tiers).toHaveValue('10:15');
    expect(await within(form).findByLabelText('Gemstones')).toBeChecked();

    await user.clear(name);
    await user.clear(percent);
    await user.type(percent, '75');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByTestId('error-name')).toHaveTextContent('Name is required');
    expect(within(form).getByTestId('error-percentoff')).toHaveTextContent('Percent off must be a whole number from 0 to 60');
    expect(percent).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    patchAnswers.push(
      json(400, {
        success: false,
        message: 'Tier percent off must be a whole number from 0 to 75',
        errors: [{ path: 'tiers.1.percentoff', message: 'Tier percent off must be a whole number from 0 to 75' }],
      }),
      json(409, { success: false, message: 'Another price group has this name' }),
    );
    await user.type(name, 'Dealers');
    await user.clear(percent);
    await user.type(percent, '12');
    await user.clear(tiers);
    await user.type(tiers, '10:15, 25:80');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByTestId('error-tiers')).toHaveTextContent(
      'Tier 2: Tier percent off must be a whole number from 0 to 75',
    );
    expect(within(form).queryByTestId('error-name')).toBeNull();

    await user.clear(tiers);
    await user.type(tiers, '10:15, 25:18');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Another price group has this name');

    await user.clear(name);
    await user.type(name, 'Jewellers A');
    await user.click(within(form).getByLabelText('Gemstones'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Price group saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Jewellers' })).toBeNull());
    expect(sent.map((x) => x.path)).toEqual(Array(3).fill(`/p1/api/admin/price-groups/${GROUP._id}`));
    expect(sent[2]).toEqual({
      method: 'PATCH',
      path: `/p1/api/admin/price-groups/${GROUP._id}`,
      body: {
        name: 'Jewellers A',
        percentoff: 12,
        tiers: [
          { minquantity: 10, percentoff: 15 },
          { minquantity: 25, percentoff: 18 },
        ],
        categoryIds: [],
      },
    });
  });

  it('Cancel leaves a group as it was', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Jewellers' }));
    await user.clear(within(screen.getByRole('form', { name: 'Edit Jewellers' })).getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit Jewellers' })).toBeNull();
    expect(sent).toEqual([]);
  });
});
