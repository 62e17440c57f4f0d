import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quoteRoutes } from '../../../contract/wholesale';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
import QuotesPage from './QuotesPage';

const AT = '2026-11-20T10:00:00.000Z';
const QUOTE = {
  _id: '66666666-6666-4666-8666-666666666666',
  number: 'Q/26-27/000007',
  status: 'requested' as const,
  lines: [
    {
      _id: '77777777-7777-4777-8777-777777777777',
      productId: null,
      productname: 'Burmese Ruby',
      productsize: '5 Ratti',
      productcolour: '',
      quantity: 3,
      listprice: 10_000,
      price: null,
    },
    {
      _id: '88888888-8888-4888-8888-888888888888',
      productId: null,
      productname: 'Zambian Emerald',
      productsize: '',
      productcolour: '',
      quantity: 2,
      listprice: 8_000,
      price: null,
    },
  ],
  note: 'For a wedding set',
  merchantnote: '',
  validuntil: null,
  createdAt: AT,
  orderId: null,
  user: { _id: '55555555-5555-4555-8555-555555555555', fullname: 'Ravi Sharma', mobileno: '9876543210' },
};

let sent: unknown[];
let listed: string[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  listed = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET' && path.startsWith('/o1/api/admin/quotes')) {
        listed.push(path);
        return json(
          200,
          answerOf(quoteRoutes, 'GET /o1/api/admin/quotes', {
            success: true,
            quotes: [QUOTE],
            pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 20 },
          }),
        );
      }
      if (method === 'PATCH') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        const { user: _user, ...quote } = QUOTE;
        return json(
          200,
          answerOf(quoteRoutes, 'PATCH /o1/api/admin/quotes/:id', {
            success: true,
            message: body.status === 'declined' ? 'Quote declined' : 'Quote sent',
            quote: { ...quote, status: body.status === 'declined' ? 'declined' : 'quoted' },
          }),
        );
      }
      return json(404, { success: false, message: 'No route' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(at = '/dashboard/quotes') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[at]}>
        <QuotesPage />
        <Notices />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('quotes screen', () => {
  it('lists by the status the dashboard links to, and filters by another', async () => {
    const user = userEvent.setup();
    renderPage('/dashboard/quotes?status=requested');
    expect((await screen.findAllByText('Q/26-27/000007')).length).toBeGreaterThan(0);
    expect(listed[0]).toContain('status=requested');
    await user.selectOptions(screen.getByLabelText('Status'), 'expired');
    await waitFor(() => expect(listed.some((p) => p.includes('status=expired'))).toBe(true));
  });

  it('prices every line with a validity', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Open Q/26-27/000007' }))[0] as HTMLElement);
    const form = await screen.findByRole('form', { name: 'Answer Q/26-27/000007' });
    const ruby = within(form).getByLabelText('Unit price of Burmese Ruby — 5 Ratti');
    await user.clear(ruby);
    await user.type(ruby, '8000');
    const emerald = within(form).getByLabelText('Unit price of Zambian Emerald');
    await user.clear(emerald);
    await user.type(emerald, '6500');
    expect(within(form).getByTestId('quote-total').textContent).toContain('37,000');
    await user.type(within(form).getByLabelText(/Note to the buyer/), 'Best price for the lot');
    await user.click(within(form).getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      lines: [
        { lineId: QUOTE.lines[0]?._id, price: 8000 },
        { lineId: QUOTE.lines[1]?._id, price: 6500 },
      ],
      note: 'Best price for the lot',
    });
    expect((sent[0] as { validuntil: string }).validuntil).toMatch(/\+05:30$/);
  });

  it('declines only with a note', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Open Q/26-27/000007' }))[0] as HTMLElement);
    const form = await screen.findByRole('form', { name: 'Answer Q/26-27/000007' });
    await user.click(within(form).getByRole('button', { name: 'Decline' }));
    const refusal = await screen.findByRole('dialog', { name: 'Error!' });
    expect(refusal).toHaveTextContent('Give the buyer a note saying why');
    expect(sent).toHaveLength(0);
    await user.click(within(refusal).getByRole('button', { name: 'OK' }));
    await user.type(within(form).getByLabelText(/Note to the buyer/), 'Stones are reserved');
    await user.click(within(form).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(sent).toEqual([{ status: 'declined', note: 'Stones are reserved' }]));
  });
});
