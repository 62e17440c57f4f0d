import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../../../contract/auth';
import { creditRoutes } from '../../../contract/credit';
import { answerOf } from '../../test/answers';
import { aCreditBuyer, SHOPPER } from '../../test/fixtures';
import AccountPage from './AccountPage';

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** March: ₹10,000 owed before it, an invoice of ₹90,000, a NEFT payment of ₹40,000 and a credit note of ₹5,000. */
const march = answerOf(creditRoutes, 'GET /u1/api/business/statement', {
  success: true,
  from: '2026-03-01',
  to: '2026-03-31',
  opening: 10000,
  closing: 55000,
  lines: [
    { date: '2026-03-07', type: 'invoice', number: 'RG/25-26/000042', debit: 90000, credit: 0, balance: 100000 },
    { date: '2026-03-10', type: 'creditnote', number: 'RG/CN/25-26/000003', debit: 0, credit: 5000, balance: 95000 },
    { date: '2026-03-20', type: 'payment', number: 'NEFT UTR881 order RG-000042', debit: 0, credit: 40000, balance: 55000 },
  ],
});

let asked: string[];
let user = aCreditBuyer({ outstanding: 55000 });
let statement: () => Response;

beforeEach(() => {
  asked = [];
  user = aCreditBuyer({ outstanding: 55000 });
  statement = () => json(200, march);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path.split('?')[0]}`;
      if (key === 'GET /u1/api/checkuser')
        return json(200, answerOf(authRoutes, 'GET /u1/api/checkuser', { success: true, user }));
      if (key === 'GET /u1/api/business/statement') {
        asked.push(path);
        return statement();
      }
      return json(404, { success: false, message: `No route ${key}` });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAccount() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/account', Component: AccountPage }], { initialEntries: ['/account'] });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const card = async () => within(await screen.findByRole('region', { name: 'Statement of account' }));

describe('the statement of account on the account page', () => {
  it('asks for the period chosen and shows each line with its running balance, opening, closing and the PDF link', async () => {
    renderAccount();
    const c = await card();
    fireEvent.change(c.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(c.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(c.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(asked).toContain('/u1/api/business/statement?from=2026-03-01&to=2026-03-31&format=json'));
    const table = await c.findByTestId('statement');
    expect(within(table).getByTestId('statement-opening')).toHaveTextContent('01 Mar 2026Opening balance₹10,000.00');
    const lines = within(table).getAllByTestId('statement-line');
    expect(lines.map((l) => Array.from(l.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['07 Mar 2026', 'Invoice', 'RG/25-26/000042', '₹90,000.00', '', '₹1,00,000.00'],
      ['10 Mar 2026', 'Credit note', 'RG/CN/25-26/000003', '', '₹5,000.00', '₹95,000.00'],
      ['20 Mar 2026', 'Payment', 'NEFT UTR881 order RG-000042', '', '₹40,000.00', '₹55,000.00'],
    ]);
    expect(within(table).getByTestId('statement-closing')).toHaveTextContent('31 Mar 2026Closing balance₹55,000.00');
    expect(c.getByTestId('statement-summary')).toHaveTextContent('Balance on 31 Mar 2026: ₹55,000.00 owed');
    expect(c.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/u1/api/business/statement?from=2026-03-01&to=2026-03-31&format=pdf',
    );
  });

  it('starts with this financial year up to today', async () => {
    renderAccount();
    const c = await card();
    const from = (c.getByLabelText('From') as HTMLInputElement).value;
    const to = (c.getByLabelText('To') as HTMLInputElement).value;
    expect(from).toMatch(/^\d{4}-04-01$/);
    expect(to >= from).toBe(true);
    await waitFor(() => expect(asked[0]).toBe(`/u1/api/business/statement?from=${from}&to=${to}&format=json`));
  });

  it('refuses a period that ends before it starts without asking, and shows the server’s sentence', async () => {
    renderAccount();
    const c = await card();
    await waitFor(() => expect(asked).toHaveLength(1));
    fireEvent.change(c.getByLabelText('From'), { target: { value: '2026-03-31' } });
    fireEvent.change(c.getByLabelText('To'), { target: { value: '2026-03-01' } });
    fireEvent.click(c.getByRole('button', { name: 'Show' }));
    expect(await c.findByText('The first day must not be after the last')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    statement = () => json(403, { success: false, message: 'Only a business account has a statement' });
    fireEvent.change(c.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.click(c.getByRole('button', { name: 'Show' }));
    expect(await c.findByTestId('statement-error')).toHaveTextContent('Only a business account has a statement');
  });

  it('is not shown to a shopper without a business account', async () => {
    user = SHOPPER;
    renderAccount();
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Statement of account' })).toBeNull();
    expect(asked).toEqual([]);
  });
});
