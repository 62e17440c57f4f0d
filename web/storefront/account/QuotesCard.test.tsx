import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountRoutes } from '../../../contract/accounts';
import { creditRoutes } from '../../../contract/credit';
import { paymentRoutes } from '../../../contract/payments';
import { shippingZoneRoutes } from '../../../contract/shipping-zones';
import { quoteRoutes } from '../../../contract/wholesale';
import { answerOf } from '../../test/answers';
import { aCreditBuyer, anOrder, savedAddressOf } from '../../test/fixtures';
import { loadToaster } from '../../ui/notify';
import { QuotesCard } from './QuotesCard';

/** The shop's own toaster, as the storefront shows it. */
const { default: ShopToaster } = await loadToaster();

const AT = '2026-11-20T10:00:00.000Z';
const line = (id: string, productname: string, quantity: number, listprice: number, price: number | null) => ({
  _id: id,
  productId: null,
  productname,
  productsize: '',
  productcolour: '',
  quantity,
  listprice,
  price,
});
const QUOTED = {
  _id: 'q-quoted',
  number: 'Q/26-27/000007',
  status: 'quoted' as const,
  lines: [line('l1', 'Burmese Ruby', 3, 10_000, 8_000), line('l2', 'Zambian Emerald', 2, 8_000, 6_500)],
  note: '',
  merchantnote: 'Best price for the lot',
  validuntil: '2999-01-01T00:00:00.000Z',
  createdAt: AT,
  orderId: null,
};
const WAITING = {
  ...QUOTED,
  _id: 'q-waiting',
  number: 'Q/26-27/000008',
  status: 'requested' as const,
  merchantnote: '',
  validuntil: null,
  lines: [line('l3', 'Blue Sapphire', 5, 12_000, null)],
};
const HOME = savedAddressOf({
  _id: 'a1',
  label: 'Shop',
  country: 'IN',
  fullname: 'Rohit Jain',
  mobileno: '9876543210',
  address: '4 Sarafa Bazaar',
  city: 'Ludhiana',
  pincode: '141008',
  state: 'Punjab',
  gstin: '',
  isdefault: true,
  createdAt: AT,
});
const WORKSHOP = savedAddressOf({
  ...HOME,
  _id: 'a2',
  label: 'Workshop',
  address: '12 Ghumar Mandi',
  pincode: '141001',
  isdefault: false,
});
const SHIPS = {
  fullname: 'Rohit Jain',
  mobileno: '9876543210',
  address: '4 Sarafa Bazaar',
  city: 'Ludhiana',
  pincode: '141008',
  state: 'Punjab',
};
const signed = { razorpay_order_id: 'order_Q000000000001', razorpay_payment_id: 'pay_Q00000000001', razorpay_signature: 'ab12' };
const placed = anOrder({ _id: 'o-quote', quoteId: 'q-quoted' });

let bodies: Record<string, unknown[]>;
let asked: string[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  bodies = {};
  asked = [];
  const routes: Record<string, () => Response> = {
    'GET /o1/api/quotes': () =>
      json(200, answerOf(quoteRoutes, 'GET /o1/api/quotes', { success: true, quotes: [QUOTED, WAITING] })),
    'GET /u1/api/addresses': () =>
      json(200, answerOf(accountRoutes, 'GET /u1/api/addresses', { success: true, addresses: [HOME, WORKSHOP] })),
    'POST /u1/api/addresses': () =>
      json(201, answerOf(accountRoutes, 'POST /u1/api/addresses', { success: true, addresses: [HOME, WORKSHOP] })),
    'GET /o1/api/shipping-rates': () =>
      json(
        200,
        answerOf(shippingZoneRoutes, 'GET /o1/api/shipping-rates', {
          success: true,
          rates: [
            { _id: 'r-standard', name: 'Standard', amount: 0, mindays: 3, maxdays: 10 },
            { _id: 'r-express', name: 'Express', amount: 500, mindays: 2, maxdays: 5 },
          ],
        }),
      ),
    'POST /o1/api/quotes/q-quoted/accept': () =>
      json(
        200,
        answerOf(quoteRoutes, 'POST /o1/api/quotes/:id/accept', {
          success: true,
          razorpayOrder: { id: 'order_Q000000000001', amount: 3_700_000, currency: 'INR' },
          provider: 'sandbox',
          key: 'sandbox',
          totalamount: 37_000,
          holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
        }),
      ),
    'POST /o1/api/sandbox/pay': () =>
      json(200, answerOf(paymentRoutes, 'POST /o1/api/sandbox/pay', { success: true, ...signed })),
    'POST /o1/api/verify-and-place': () =>
      json(201, answerOf(paymentRoutes, 'POST /o1/api/verify-and-place', { success: true, message: 'Placed', order: placed })),
    'POST /o1/api/credit-order': () =>
      json(201, answerOf(creditRoutes, 'POST /o1/api/credit-order', { success: true, message: 'Placed', order: placed })),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path.split('?')[0]}`;
      asked.push(path);
      if (init.body) bodies[key] = [...(bodies[key] ?? []), JSON.parse(String(init.body))];
      const route = routes[key];
      return route ? route() : json(404, { success: false, message: `No route ${key}` });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderCard(user = aCreditBuyer(null)) {
  const router = createMemoryRouter(
    [
      {
        path: '/account',
        element: (
          <>
            <QuotesCard user={user} />
            <ShopToaster />
          </>
        ),
      },
      { path: '/my-orders', element: <p>My orders page</p> },
    ],
    { initialEntries: ['/account'] },
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

describe('your quotes', () => {
  it('shows each quote’s status, the quoted prices beside the list prices, the note and the validity', async () => {
    renderCard();
    const [quoted, waiting] = await screen.findAllByTestId('quote');
    expect(within(quoted as HTMLElement).getByTestId('quote-status')).toHaveTextContent('Priced');
    expect(quoted).toHaveTextContent('Burmese Ruby × 3');
    expect(quoted).toHaveTextContent('₹8,000');
    expect(quoted).toHaveTextContent('Best price for the lot');
    expect(quoted).toHaveTextContent('₹37,000');
    expect(quoted).toHaveTextContent(/valid until/);
    expect(within(waiting as HTMLElement).getByTestId('quote-status')).toHaveTextContent('Waiting for a price');
    expect(within(waiting as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('Accept and pay: the default address to start with, a rate for the quote’s total, then the sandbox and the order', async () => {
    const { user, router } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Accept and pay' }));
    const form = await screen.findByTestId('quote-checkout');
    expect(within(form).getByRole('radio', { name: /Shop/ })).toBeChecked();
    await user.click(await within(form).findByRole('radio', { name: /Express/ }));
    expect(within(form).getByTestId('total-to-pay')).toHaveTextContent('₹37,500');
    expect(asked).toContain('/o1/api/shipping-rates?country=IN&quote=q-quoted');
    await user.click(within(form).getByRole('button', { name: 'Continue to Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-orders'));
    expect(bodies['POST /o1/api/quotes/q-quoted/accept']).toEqual([{ shippinginfo: SHIPS, shippingrate: 'r-express' }]);
    expect(bodies['POST /o1/api/verify-and-place']).toEqual([{ ...signed, shippinginfo: SHIPS }]);
    expect(router.state.location.search).toBe('?placed=o-quote');
    expect(bodies['POST /u1/api/addresses']).toBeUndefined();
  });

  it('ships to another saved address when one is chosen', async () => {
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Accept and pay' }));
    const form = await screen.findByTestId('quote-checkout');
    await user.click(within(form).getByRole('radio', { name: /Workshop/ }));
    await within(form).findByRole('radio', { name: /Standard/ });
    await user.click(within(form).getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('dialog', { name: 'Sandbox payment' });
    expect(bodies['POST /o1/api/quotes/q-quoted/accept']).toEqual([
      { shippinginfo: { ...SHIPS, address: '12 Ghumar Mandi', pincode: '141001' }, shippingrate: 'r-standard' },
    ]);
  });

  it('ships to a new address, checked as the checkout checks it, and saves it when asked', async () => {
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Accept and pay' }));
    const form = await screen.findByTestId('quote-checkout');
    await user.click(within(form).getByRole('radio', { name: 'A new address' }));
    await within(form).findByRole('radio', { name: /Standard/ });
    await user.click(within(form).getByRole('button', { name: 'Continue to Payment' }));
    expect(within(form).getByTestId('error-address')).toBeInTheDocument();
    expect(bodies['POST /o1/api/quotes/q-quoted/accept']).toBeUndefined();
    await user.type(within(form).getByLabelText('Address'), '7 Mall Road');
    await user.type(within(form).getByLabelText('City'), 'Amritsar');
    await user.type(within(form).getByLabelText('PIN Code'), '143001');
    await user.click(within(form).getByRole('checkbox', { name: 'Save this address' }));
    await user.click(within(form).getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('dialog', { name: 'Sandbox payment' });
    const to = { ...SHIPS, address: '7 Mall Road', city: 'Amritsar', pincode: '143001' };
    expect(bodies['POST /o1/api/quotes/q-quoted/accept']).toEqual([{ shippinginfo: to, shippingrate: 'r-standard' }]);
    expect(bodies['POST /u1/api/addresses']).toEqual([to]);
  });

  it('Cancel closes the form and pays nothing', async () => {
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Accept and pay' }));
    await user.click(within(await screen.findByTestId('quote-checkout')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('quote-checkout')).toBeNull();
    expect(bodies['POST /o1/api/quotes/q-quoted/accept']).toBeUndefined();
  });

  it('a business with credit may order the quote on credit, to the address and rate chosen', async () => {
    const { user, router } = renderCard(aCreditBuyer());
    await user.click(await screen.findByRole('button', { name: 'Order on credit' }));
    const form = await screen.findByTestId('quote-checkout');
    await user.click(await within(form).findByRole('radio', { name: /Express/ }));
    await user.click(within(form).getByRole('button', { name: 'Place order on credit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-orders'));
    expect(bodies['POST /o1/api/credit-order']).toEqual([
      { shippinginfo: SHIPS, shippingrate: 'r-express', quoteId: 'q-quoted' },
    ]);
  });

  it('offers no credit to a business without it', async () => {
    renderCard(aCreditBuyer(null));
    await screen.findByRole('button', { name: 'Accept and pay' });
    expect(screen.queryByRole('button', { name: 'Order on credit' })).toBeNull();
  });
});
