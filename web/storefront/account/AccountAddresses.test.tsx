import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountRoutes } from '../../../contract/accounts';
import { authRoutes } from '../../../contract/auth';
import type { Address } from '../../api/account';
import { answerOf } from '../../test/answers';
import { SHOPPER, savedAddressOf } from '../../test/fixtures';
import AccountPage from './AccountPage';

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = (addresses: Address[]) => json(200, answerOf(accountRoutes, 'GET /u1/api/addresses', { success: true, addresses }));

let posted: unknown[];
let saved: Address[];

beforeEach(() => {
  posted = [];
  saved = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path.split('?')[0]}`;
      if (key === 'GET /u1/api/checkuser') {
        return json(200, answerOf(authRoutes, 'GET /u1/api/checkuser', { success: true, user: SHOPPER }));
      }
      if (key === 'GET /u1/api/addresses') return list(saved);
      if (key === 'POST /u1/api/addresses') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        saved = [
          savedAddressOf({
            _id: 'a1',
            label: '',
            gstin: '',
            isdefault: true,
            createdAt: '2026-01-01T00:00:00Z',
            ...body,
            mobileno: '+14155550123',
          }),
        ];
        return list(saved);
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
  return userEvent.setup();
}

describe('saved addresses abroad', () => {
  it('asks the country first; abroad the phone, ZIP code and region are checked before saving, and the card names the country', async () => {
    const user = renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    const field = (label: string) => within(form).getByLabelText(label);
    expect(field('Country')).toHaveValue('IN');
    expect(field('PIN Code')).toBeInTheDocument();
    expect(field('GSTIN (optional, for a business)')).toBeInTheDocument();

    await user.selectOptions(field('Country'), 'US');
    expect(within(form).queryByLabelText('GSTIN (optional, for a business)')).toBeNull();
    await user.type(field('Full Name'), 'Ann Lee');
    await user.type(field('Phone Number (with country code)'), '4155550123');
    await user.type(field('Address'), '1 Market Street');
    await user.type(field('City'), 'San Francisco');
    await user.type(field('ZIP code'), '941');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(field('Phone Number (with country code)')).toHaveAccessibleDescription(
      'Enter a valid phone number for the United States, with its country code',
    );
    expect(field('ZIP code')).toHaveAccessibleDescription('Enter a valid ZIP code for the United States');
    expect(field('State / Region')).toHaveAccessibleDescription('Enter the state or region for the United States');
    expect(posted).toEqual([]);

    await user.clear(field('Phone Number (with country code)'));
    await user.type(field('Phone Number (with country code)'), '+1 415 555 0123');
    await user.type(field('ZIP code'), '05');
    await user.type(field('State / Region'), 'CA');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      country: 'US',
      fullname: 'Ann Lee',
      mobileno: '+1 415 555 0123',
      pincode: '94105',
      state: 'CA',
      gstin: '',
    });
    const card = await screen.findByTestId('address-card');
    expect(card).toHaveTextContent('San Francisco 94105, CA');
    expect(card).toHaveTextContent('United States');
    expect(card).toHaveTextContent('Phone: +14155550123');
  });
});
