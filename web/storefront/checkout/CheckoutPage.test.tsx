import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountRoutes } from '../../../contract/accounts';
import { authRoutes } from '../../../contract/auth';
import { cartRoutes } from '../../../contract/cart';
import { creditRoutes } from '../../../contract/credit';
import { currencyRoutes } from '../../../contract/currencies';
import { orderRoutes } from '../../../contract/order-routes';
import { paymentRoutes } from '../../../contract/payments';
import { promotionRoutes } from '../../../contract/promotions';
import { shippingZoneRoutes } from '../../../contract/shipping-zones';
import type { Address } from '../../api/account';
import type { CartItem } from '../../api/cart';
import type { Order, PaymentOrder } from '../../api/orders';
import { answerOf } from '../../test/answers';
import { A_RING_SETTING, aCartLine, aCreditBuyer, anOrder, cartLineOf, SHOPPER, savedAddressOf } from '../../test/fixtures';
import { loadToaster } from '../../ui/notify';
import CheckoutPage from './CheckoutPage';
import type { RazorpayOptions } from './razorpay';

/** The shop's own toaster, as the storefront shows it. */
const { default: ShopToaster } = await loadToaster();

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

const ruby: CartItem = cartLineOf({
  cartItemId: 'c1',
  _id: 'c1',
  productId: 'p1',
  productname: 'Burmese Ruby',
  productprice: 45000,
  listprice: 45000,
  productimages: [],
  productcolours: ['Red'],
  productsizes: ['5 ratti'],
  productcolour: 'Red',
  productsize: '5 ratti',
  quantity: 2,
  stockquantity: 5,
  unavailable: false,
});
const shipping = {
  fullname: 'Meera Kapoor',
  mobileno: '9876543210',
  address: '12 Mall Road',
  city: 'Ludhiana',
  pincode: '141001',
  state: 'Punjab',
};
const paymentOrder = (provider: 'sandbox' | 'razorpay', over: Partial<PaymentOrder> = {}) =>
  answerOf(paymentRoutes, 'POST /o1/api/razorpay-order', {
    success: true,
    razorpayOrder: { id: 'order_TEST00000000001', amount: 9000000, currency: 'INR' },
    provider,
    key: provider === 'razorpay' ? 'rzp_test_key' : 'sandbox',
    totalamount: 90000,
    holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...over,
  });
const signed = {
  razorpay_order_id: 'order_TEST00000000001',
  razorpay_payment_id: 'pay_TEST0000000001',
  razorpay_signature: 'ab12',
};

type Handler = (body: unknown) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let bodies: Record<string, unknown[]>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const cartLines = (data: CartItem[]) => json(200, answerOf(cartRoutes, 'GET /c2/api/all', { success: true, data }));
const addresses = (list: Address[]) =>
  json(200, answerOf(accountRoutes, 'GET /u1/api/addresses', { success: true, addresses: list }));
const STANDARD = { _id: 'rate-standard', name: 'Standard', amount: 0, mindays: 3, maxdays: 10 };
const EXPRESS = { _id: 'rate-express', name: 'Express', amount: 500, mindays: 2, maxdays: 5 };
const indiaRates = (rates = [STANDARD, { ...EXPRESS, amount: 0 }]) =>
  json(200, answerOf(shippingZoneRoutes, 'GET /o1/api/shipping-rates', { success: true, rates }));
const myOrders = (orders: Order[]) => json(200, answerOf(orderRoutes, 'GET /o1/api/my-orders', { success: true, orders }));
/** The order placed by the payment: two of the ruby, shipped to the address typed. */
const placed = anOrder({
  totalamount: 90000,
  products: [{ ...anOrder().products[0]!, productprice: 45000, listprice: 45000, quantity: 2 }],
  shippinginfo: shipping,
  razorpay_order_id: signed.razorpay_order_id,
  razorpay_payment_id: signed.razorpay_payment_id,
  cancellable: true,
});

beforeEach(() => {
  bodies = {};
  routes = {
    'GET /u1/api/checkuser': () => json(200, answerOf(authRoutes, 'GET /u1/api/checkuser', { success: true, user: SHOPPER })),
    'GET /c2/api/all': () => cartLines([ruby]),
    'GET /c2/api/count': () => json(200, answerOf(cartRoutes, 'GET /c2/api/count', { success: true, data: { count: 1 } })),
    'GET /u1/api/addresses': () => addresses([]),
    'GET /o1/api/my-orders': () => myOrders([]),
    'GET /o1/api/shipping-rates': () => indiaRates(),
    'POST /o1/api/razorpay-order': () => json(200, paymentOrder('sandbox')),
    'POST /o1/api/sandbox/pay': () =>
      json(200, answerOf(paymentRoutes, 'POST /o1/api/sandbox/pay', { success: true, ...signed })),
    'POST /o1/api/verify-and-place': () =>
      json(
        201,
        answerOf(paymentRoutes, 'POST /o1/api/verify-and-place', { success: true, message: 'Order placed', order: placed }),
      ),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      bodies[key] = [...(bodies[key] ?? []), body];
      // A route answers whatever its query (the shipping rates are asked with the country and the coupon).
      const handler = routes[key] ?? routes[key.split('?')[0] as string];
      return handler ? handler(body) : json(404, { success: false, message: `No route ${key}` });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.Razorpay;
});

function renderCheckout() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/checkout', Component: CheckoutPage },
      { path: '/my-orders', element: <h1>My orders screen</h1> },
      { path: '/signin', element: <h1>Sign in screen</h1> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
      <ShopToaster />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

async function fillAndContinue(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('Burmese Ruby');
  await user.type(screen.getByLabelText('Address'), shipping.address);
  await user.type(screen.getByLabelText('City'), shipping.city);
  await user.type(screen.getByLabelText('PIN Code'), shipping.pincode);
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
}

describe('checkout', () => {
  it('sends signed-out visitors to /signin', async () => {
    routes['GET /u1/api/checkuser'] = () => json(401, { success: false, message: 'Please sign in to continue' });
    const { router } = renderCheckout();
    expect(await screen.findByText('Sign in screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('shows the order summary with the total', async () => {
    renderCheckout();
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByText('Burmese Ruby')).toBeInTheDocument();
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹90,000.00');
  });

  it('puts the summary before the form, with free shipping, the ways to pay and the total beside the button', async () => {
    renderCheckout();
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    const form = screen.getByRole('form', { name: 'Shipping Details' });
    // Read (and shown on a phone) first.
    expect(summary.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Lines, as the cart counts them: one line of two stones is "1 item".
    expect(summary).toHaveTextContent('Subtotal (1 item)');
    // A lone line is shown on a phone too: nothing to fold.
    expect(within(summary).getByTestId('summary-line').className).not.toMatch(/\bhidden\b/);
    expect(within(summary).queryByRole('button', { name: /Show all/ })).toBeNull();
    expect(within(summary).getByTestId('checkout-shipping')).toHaveTextContent('ShippingFree');
    const methods = within(within(summary).getByTestId('payment-methods')).getAllByRole('listitem');
    expect(methods.map((m) => m.textContent)).toEqual(['Credit and debit cards', 'UPI', 'Net banking', 'Wallets']);
    expect(within(form).getByTestId('total-to-pay')).toHaveTextContent('₹90,000.00');
  });

  it('offers the shipping methods with their days and price; the cheapest is chosen, another is sent with the payment', async () => {
    routes['GET /o1/api/shipping-rates'] = () => indiaRates([STANDARD, EXPRESS]);
    const { user } = renderCheckout();
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    const choice = await within(summary).findByRole('group', { name: 'Shipping method' });
    expect(within(choice).getByRole('radio', { name: /Standard\s*3–10 business days\s*Free/ })).toBeChecked();
    const express = within(choice).getByRole('radio', { name: /Express\s*2–5 business days\s*₹500/ });
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹90,000.00');
    await user.click(express);
    expect(within(summary).getByTestId('checkout-shipping')).toHaveTextContent('Shipping₹500');
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹90,500.00');
    routes['POST /o1/api/razorpay-order'] = () =>
      json(
        200,
        paymentOrder('sandbox', {
          totalamount: 90_500,
          shippingamount: 500,
          shipping: { name: 'Express', amount: 500, mindays: 2, maxdays: 5 },
        }),
      );
    await fillAndContinue(user);
    await screen.findByRole('dialog', { name: 'Sandbox payment' });
    expect(bodies['POST /o1/api/razorpay-order']?.[0]).toMatchObject({ shippingrate: 'rate-express' });
  });

  it('says so when the shop does not ship to the country', async () => {
    routes['GET /o1/api/shipping-rates'] = () => json(409, { success: false, message: 'We do not ship to India yet' });
    renderCheckout();
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    expect(await within(summary).findByTestId('shipping-error')).toHaveTextContent('We do not ship to India yet');
  });

  it('on a phone, several lines fold away behind Show all (the summary stays compact); a lone line shows', async () => {
    const line = (n: number) =>
      cartLineOf({ ...ruby, cartItemId: `c${n}`, _id: `c${n}`, productname: `Stone ${n}`, quantity: 1 });
    routes['GET /c2/api/all'] = () => cartLines([line(1), line(2), line(3)]);
    const { user } = renderCheckout();
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    const lines = within(summary).getAllByTestId('summary-line');
    expect(lines.map((l) => l.className.includes('hidden'))).toEqual([true, true, true]);
    expect(summary).toHaveTextContent('Subtotal (3 items)');
    const toggle = within(summary).getByRole('button', { name: 'Show all 3 items' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(
      within(summary)
        .getAllByTestId('summary-line')
        .some((l) => l.className.includes('hidden')),
    ).toBe(false);
    expect(within(summary).getByRole('button', { name: 'Show fewer items' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('sandbox: Pay places the order and goes to /my-orders', async () => {
    const { user, router } = renderCheckout();
    await fillAndContinue(user);
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    expect(within(dialog).getByTestId('sandbox-amount')).toHaveTextContent('₹90,000.00');
    expect(bodies['POST /o1/api/razorpay-order']).toEqual([{ shippinginfo: shipping, shippingrate: 'rate-standard' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Payment successful! Order placed.')).toBeInTheDocument();
    expect(await screen.findByText('My orders screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-orders');
    expect(bodies['POST /o1/api/sandbox/pay']).toEqual([{ razorpay_order_id: 'order_TEST00000000001', outcome: 'success' }]);
    expect(bodies['POST /o1/api/verify-and-place']).toEqual([{ ...signed, shippinginfo: shipping }]);
  });

  it('sandbox: Cancel says Payment cancelled. and lets the shopper try again', async () => {
    const { user } = renderCheckout();
    await fillAndContinue(user);
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Payment cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
    expect(screen.getByLabelText('City')).toHaveValue('Ludhiana');
    expect(bodies['POST /o1/api/verify-and-place']).toBeUndefined();
  });

  it('sandbox: a refused payment stays in the dialog with the reason', async () => {
    routes['POST /o1/api/sandbox/pay'] = () => json(402, { success: false, message: 'Payment failed: card declined' });
    const { user } = renderCheckout();
    await fillAndContinue(user);
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Fail' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Payment failed: card declined');
    expect(bodies['POST /o1/api/sandbox/pay']).toEqual([{ razorpay_order_id: 'order_TEST00000000001', outcome: 'failure' }]);
    expect(bodies['POST /o1/api/verify-and-place']).toBeUndefined();
  });

  it('a signature the server rejects says Payment verification failed.', async () => {
    routes['POST /o1/api/verify-and-place'] = () => json(400, { success: false, message: 'Invalid payment signature' });
    const { user, router } = renderCheckout();
    await fillAndContinue(user);
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Payment verification failed.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(bodies['POST /o1/api/verify-and-place']).toHaveLength(1);
  });

  it('asks again when placing fails on the way, then says Error placing order. Try again.', async () => {
    routes['POST /o1/api/verify-and-place'] = () => json(503, { success: false, message: 'Service unavailable' });
    const { user } = renderCheckout();
    await fillAndContinue(user);
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Error placing order. Try again.', undefined, { timeout: 6000 })).toBeInTheDocument();
    expect(bodies['POST /o1/api/verify-and-place']).toHaveLength(3);
    expect(screen.queryByText('Payment verification failed.')).toBeNull();
  });

  it('a refused payment order says Something went wrong. with the reason', async () => {
    routes['POST /o1/api/razorpay-order'] = () => json(409, { success: false, message: 'Only 1 of Burmese Ruby left' });
    const { user } = renderCheckout();
    await fillAndContinue(user);
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText('Only 1 of Burmese Ruby left')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  });

  it('does not ask for payment while the form is invalid', async () => {
    const { user } = renderCheckout();
    await screen.findByText('Burmese Ruby');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all shipping details.');
    expect(bodies['POST /o1/api/razorpay-order']).toBeUndefined();
  });

  it('blocks payment while a line is unavailable', async () => {
    routes['GET /c2/api/all'] = () => cartLines([cartLineOf({ ...ruby, stockquantity: 0 })]);
    renderCheckout();
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
  });

  it('shows a made-to-order piece with its parts, and says before payment that it returns only if defective', async () => {
    routes['GET /c2/api/all'] = () =>
      cartLines([aCartLine({ productname: 'Burmese Ruby', productprice: 260907, listprice: 260907, setting: A_RING_SETTING })]);
    renderCheckout();
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    await within(summary).findByText('Burmese Ruby');
    expect(within(summary).getByTestId('piece-parts')).toHaveTextContent(
      'Made to order: Solitaire ring (ring), 22 karat gold (916), ring size 14',
    );
    expect(within(summary).getByTestId('piece-parts')).toHaveTextContent('Metal: 4.04 g at ₹7,195.00/g');
    expect(within(summary).getByTestId('piece-returns')).toHaveTextContent('returned only if defective');
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹2,60,907.00');
  });

  it('says nothing of made-to-order returns for ready stock', async () => {
    renderCheckout();
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    await within(summary).findByText('Burmese Ruby');
    expect(within(summary).queryByTestId('piece-returns')).toBeNull();
  });

  describe('addresses', () => {
    const saved = (over: Partial<Address>) =>
      savedAddressOf({
        _id: 'a1',
        country: 'IN',
        label: 'Home',
        ...shipping,
        gstin: '',
        isdefault: true,
        createdAt: '2026-01-01T00:00:00Z',
        ...over,
      });

    it('starts from the default saved address', async () => {
      routes['GET /u1/api/addresses'] = () =>
        addresses([saved({ _id: 'a2', label: 'Shop', address: '9 Chaura Bazar' }), saved({ _id: 'a1', isdefault: false })]);
      renderCheckout();
      expect(await screen.findByRole('radio', { name: /Shop/ })).toBeChecked();
      expect(screen.getByLabelText('Address')).toHaveValue('9 Chaura Bazar');
      expect(screen.getByLabelText('State')).toHaveValue('Punjab');
      expect(bodies['GET /o1/api/my-orders']).toBeUndefined();
    });

    it('with none saved, starts from the last order’s address', async () => {
      routes['GET /o1/api/my-orders'] = () =>
        myOrders([
          anOrder({
            _id: 'o2',
            shippinginfo: { ...shipping, address: '3 Sarabha Nagar', state: 'Punjab', gstin: '03AACCR5678M1ZY' },
          }),
          anOrder({ _id: 'o1', shippinginfo: { ...shipping, address: 'Old address' } }),
        ]);
      renderCheckout();
      expect(await screen.findByLabelText('Address')).toHaveValue('3 Sarabha Nagar');
      // the last order's GSTIN is not carried over: "Buying for a business?" starts unticked, no GSTIN asked
      expect(screen.getByLabelText('Buying for a business?')).not.toBeChecked();
      expect(screen.queryByLabelText('GSTIN (for a business invoice)')).toBeNull();
      expect(screen.queryByRole('group', { name: 'Saved addresses' })).toBeNull();
    });

    it('asks the rates of the saved address’s country, and of the country the shopper picks; an address abroad goes with the payment', async () => {
      const INSURED = { _id: 'rate-insured', name: 'Insured international', amount: 4000, mindays: 7, maxdays: 15 };
      routes['GET /o1/api/shipping-rates?country=US'] = () => indiaRates([INSURED]);
      routes['GET /o1/api/shipping-rates?country=GB'] = () =>
        json(409, { success: false, message: 'We do not ship to United Kingdom yet' });
      const newYork = {
        country: 'US',
        fullname: 'Ann Lee',
        mobileno: '+12125550123',
        address: '350 Fifth Avenue',
        city: 'New York',
        pincode: '10118',
        state: 'NY',
      };
      routes['GET /u1/api/addresses'] = () => addresses([saved({ ...newYork, label: 'New York' })]);
      routes['POST /o1/api/razorpay-order'] = () =>
        json(
          200,
          paymentOrder('sandbox', {
            totalamount: 94_000,
            shippingamount: 4000,
            shipping: { name: 'Insured international', amount: 4000, mindays: 7, maxdays: 15 },
          }),
        );
      const { user } = renderCheckout();
      const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
      expect(await screen.findByLabelText('Country')).toHaveValue('US');
      const choice = await within(summary).findByRole('group', { name: 'Shipping method' });
      expect(within(choice).getByRole('radio', { name: /Insured international\s*7–15 business days\s*₹4,000/ })).toBeChecked();
      expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹94,000.00');
      expect(Object.keys(bodies).filter((k) => k.startsWith('GET /o1/api/shipping-rates'))).toEqual([
        'GET /o1/api/shipping-rates?country=US',
      ]);

      // Another country: its own answer, here a country the shop does not ship to.
      await user.selectOptions(screen.getByLabelText('Country'), 'GB');
      expect(await within(summary).findByTestId('shipping-error')).toHaveTextContent('We do not ship to United Kingdom yet');
      await user.selectOptions(screen.getByLabelText('Country'), 'US');
      await user.click(screen.getByRole('radio', { name: /New York/ }));
      await within(summary).findByRole('group', { name: 'Shipping method' });
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      await screen.findByRole('dialog', { name: 'Sandbox payment' });
      expect(bodies['POST /o1/api/razorpay-order']).toEqual([{ shippinginfo: newYork, shippingrate: 'rate-insured' }]);
    });

    it('an address abroad pays in the currency picked in the header, showing the exact amount charged in it', async () => {
      const INSURED = { _id: 'rate-insured', name: 'Insured international', amount: 4000, mindays: 7, maxdays: 15 };
      routes['GET /o1/api/shipping-rates?country=US'] = () => indiaRates([INSURED]);
      const at = new Date().toISOString();
      routes['GET /a1/api/currencies'] = () =>
        json(
          200,
          answerOf(currencyRoutes, 'GET /a1/api/currencies', {
            success: true,
            base: 'INR',
            updatedAt: at,
            currencies: [
              { code: 'INR', rate: 1, decimals: 2, symbol: '₹', updatedAt: at },
              { code: 'EUR', rate: 0.0109, decimals: 2, symbol: '€', updatedAt: at },
              { code: 'USD', rate: 0.011812, decimals: 2, symbol: 'US$', updatedAt: at },
            ],
          }),
        );
      const newYork = {
        country: 'US',
        fullname: 'Ann Lee',
        mobileno: '+12125550123',
        address: '350 Fifth Avenue',
        city: 'New York',
        pincode: '10118',
        state: 'NY',
      };
      routes['GET /u1/api/addresses'] = () => addresses([saved({ ...newYork, label: 'New York' })]);
      routes['POST /o1/api/razorpay-order'] = () =>
        json(
          200,
          paymentOrder('sandbox', {
            razorpayOrder: { id: 'order_TEST00000000001', amount: 111_033, currency: 'USD' },
            totalamount: 94_000,
            currency: 'USD',
            currencyamount: 1110.33,
            fxrate: 0.011812,
            shippingamount: 4000,
            shipping: { name: 'Insured international', amount: 4000, mindays: 7, maxdays: 15 },
          }),
        );
      window.localStorage.setItem('shop.currency', 'USD');
      try {
        const { user } = renderCheckout();
        const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
        await within(summary).findByRole('group', { name: 'Shipping method' });
        // ₹94,000 × 0.011812 = 1,110.328 → charged rounded up to the cent
        expect(await within(summary).findByTestId('checkout-charge')).toHaveTextContent('Charged in USDUS$1,110.33');
        expect(screen.getByTestId('total-to-pay')).toHaveTextContent('US$1,110.33 (₹94,000.00)');
        await user.selectOptions(within(summary).getByLabelText('Pay in'), 'EUR');
        expect(within(summary).getByTestId('checkout-charge')).toHaveTextContent('€1,024.60');
        await user.selectOptions(within(summary).getByLabelText('Pay in'), 'USD');
        await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
        const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
        expect(within(dialog).getByTestId('sandbox-amount')).toHaveTextContent('US$1,110.33');
        expect(bodies['POST /o1/api/razorpay-order']).toEqual([
          { shippinginfo: newYork, shippingrate: 'rate-insured', currency: 'USD' },
        ]);
      } finally {
        window.localStorage.removeItem('shop.currency');
      }
    });

    it('Save this address saves it as the payment starts', async () => {
      routes['POST /u1/api/addresses'] = (body) =>
        json(
          201,
          answerOf(accountRoutes, 'POST /u1/api/addresses', {
            success: true,
            addresses: [saved({ ...(body as Partial<Address>), _id: 'a9' })],
          }),
        );
      const { user } = renderCheckout();
      await screen.findByText('Burmese Ruby');
      await user.click(screen.getByLabelText('Save this address'));
      await fillAndContinue(user);
      await screen.findByRole('dialog', { name: 'Sandbox payment' });
      await waitFor(() => expect(bodies['POST /u1/api/addresses']).toEqual([shipping]));
      // Now a saved address: offered, chosen, nothing more to save (the form is behind the payment window).
      expect(await screen.findByRole('radio', { name: /Home/, hidden: true })).toBeChecked();
      expect(screen.queryByLabelText('Save this address')).toBeNull();
    });

    it('a refused save is said, and the payment goes on', async () => {
      routes['POST /u1/api/addresses'] = () => json(409, { success: false, message: 'You can save at most 20 addresses' });
      const { user } = renderCheckout();
      await screen.findByText('Burmese Ruby');
      await user.click(screen.getByLabelText('Save this address'));
      await fillAndContinue(user);
      expect(await screen.findByText('This address could not be saved.')).toBeInTheDocument();
      expect(screen.getByText('You can save at most 20 addresses')).toBeInTheDocument();
      expect(await screen.findByRole('dialog', { name: 'Sandbox payment' })).toBeInTheDocument();
    });
  });

  describe('coupon', () => {
    const checked = (code: string, discountamount: number, subtotal = 90000) =>
      json(
        200,
        answerOf(promotionRoutes, 'POST /c2/api/coupon', {
          success: true,
          coupon: { code, discountamount },
          total: subtotal - discountamount,
          subtotal,
        }),
      );

    it('checks the code on the server, shows the discount and total it gives, and sends the code with the payment order', async () => {
      routes['POST /c2/api/coupon'] = (body) =>
        (body as { code: string }).code === 'DIWALI10'
          ? checked('DIWALI10', 9000)
          : json(404, { success: false, message: 'This coupon code is not valid' });
      routes['POST /o1/api/razorpay-order'] = () =>
        json(
          200,
          paymentOrder('sandbox', {
            razorpayOrder: { id: 'order_TEST00000000001', amount: 8100000, currency: 'INR' },
            totalamount: 81000,
            discountamount: 9000,
            couponcode: 'DIWALI10',
          }),
        );
      const { user } = renderCheckout();
      const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
      await user.click(within(summary).getByRole('button', { name: 'Have a coupon?' }));
      await user.type(within(summary).getByLabelText('Coupon code'), 'nosuch');
      await user.click(within(summary).getByRole('button', { name: 'Apply' }));
      await waitFor(() =>
        expect(within(summary).getByLabelText('Coupon code')).toHaveAccessibleDescription('This coupon code is not valid'),
      );
      expect(within(summary).queryByTestId('checkout-discount')).toBeNull();
      expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹90,000.00');

      // Typing again clears the message; a good code (any case) shows the server's discount and total.
      await user.clear(within(summary).getByLabelText('Coupon code'));
      expect(within(summary).getByLabelText('Coupon code')).not.toHaveAttribute('aria-invalid');
      await user.type(within(summary).getByLabelText('Coupon code'), 'diwali10');
      await user.click(within(summary).getByRole('button', { name: 'Apply' }));
      expect(await within(summary).findByTestId('coupon-applied')).toHaveTextContent(
        'Coupon DIWALI10 applied: you save ₹9,000.00',
      );
      expect(within(summary).getByTestId('checkout-discount')).toHaveTextContent('Discount (DIWALI10)−₹9,000.00');
      expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹81,000.00');
      expect(screen.getByTestId('total-to-pay')).toHaveTextContent('₹81,000.00');
      expect(bodies['POST /c2/api/coupon']).toEqual([{ code: 'NOSUCH' }, { code: 'DIWALI10' }]);

      await fillAndContinue(user);
      const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
      expect(within(dialog).getByTestId('sandbox-amount')).toHaveTextContent('₹81,000.00');
      expect(bodies['POST /o1/api/razorpay-order']).toEqual([
        { shippinginfo: shipping, coupon: 'DIWALI10', shippingrate: 'rate-standard' },
      ]);
    });

    it('a code the checkout refuses (used up meanwhile) is checked again and its reason shown beside the field', async () => {
      let left = true;
      routes['POST /c2/api/coupon'] = () =>
        left ? checked('LAST1', 1000) : json(409, { success: false, message: 'This coupon has been used up' });
      routes['POST /o1/api/razorpay-order'] = () => {
        left = false;
        return json(409, { success: false, message: 'This coupon has been used up' });
      };
      const { user } = renderCheckout();
      const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
      await user.click(within(summary).getByRole('button', { name: 'Have a coupon?' }));
      await user.type(within(summary).getByLabelText('Coupon code'), 'LAST1');
      await user.click(within(summary).getByRole('button', { name: 'Apply' }));
      expect(await within(summary).findByTestId('checkout-total')).toHaveTextContent('₹89,000.00');
      await fillAndContinue(user);
      expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
      await waitFor(() =>
        expect(within(summary).getByLabelText('Coupon code')).toHaveAccessibleDescription('This coupon has been used up'),
      );
      expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹90,000.00');
      expect(within(summary).queryByTestId('checkout-discount')).toBeNull();

      // Paying on without it sends no code.
      routes['POST /o1/api/razorpay-order'] = () => json(200, paymentOrder('sandbox'));
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      await screen.findByRole('dialog', { name: 'Sandbox payment' });
      expect(bodies['POST /o1/api/razorpay-order']?.[1]).toEqual({ shippinginfo: shipping, shippingrate: 'rate-standard' });
    });

    it('Buy Now checks the coupon and the shipping against the item alone, never a cart line', async () => {
      routes['POST /c2/api/coupon'] = () => checked('GEM5', 2250, 45000);
      routes['POST /c2/api/buy-now'] = () =>
        json(
          200,
          answerOf(cartRoutes, 'POST /c2/api/buy-now', {
            success: true,
            data: [{ ...ruby, cartItemId: '', _id: '', quantity: 1 }],
          }),
        );
      const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const router = createMemoryRouter([{ path: '/checkout', Component: CheckoutPage }], {
        initialEntries: ['/checkout?product=p1&qty=1&size=5+ratti'],
      });
      render(
        <QueryClientProvider client={qc}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      const user = userEvent.setup();
      const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
      const item = { productId: 'p1', quantity: 1, productsize: '5 ratti' };
      expect(bodies['POST /c2/api/buy-now']).toEqual([item]);
      expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹45,000.00');
      await user.click(await within(summary).findByRole('button', { name: 'Have a coupon?' }));
      await user.type(within(summary).getByLabelText('Coupon code'), 'GEM5');
      await user.click(within(summary).getByRole('button', { name: 'Apply' }));
      expect(await within(summary).findByTestId('checkout-total')).toHaveTextContent('₹42,750.00');
      expect(bodies['POST /c2/api/coupon']).toEqual([{ code: 'GEM5', buynow: item }]);
      // the shipping rates are asked for the item alone, as its checkout is charged
      const asked = Object.keys(bodies).filter((k) => k.startsWith('GET /o1/api/shipping-rates'));
      expect(asked.length).toBeGreaterThan(0);
      for (const k of asked) expect(k).toMatch(/[?&]product=p1&qty=1&size=5(\+|%20)ratti(&|$)/);
    });
  });

  describe('Buy Now', () => {
    const boughtLine = { ...ruby, cartItemId: '', _id: '', quantity: 1, productname: 'Kashmir Sapphire' };
    beforeEach(() => {
      routes['POST /c2/api/buy-now'] = () =>
        json(200, answerOf(cartRoutes, 'POST /c2/api/buy-now', { success: true, data: [boughtLine] }));
    });
    const renderBuyNow = (path = '/checkout?product=p2&qty=1') => {
      const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const router = createMemoryRouter(
        [
          { path: '/checkout', Component: CheckoutPage },
          { path: '/my-orders', element: <h1>My orders screen</h1> },
        ],
        { initialEntries: [path] },
      );
      render(
        <QueryClientProvider client={qc}>
          <RouterProvider router={router} />
          <ShopToaster />
        </QueryClientProvider>,
      );
      return { router, user: userEvent.setup() };
    };

    it('shows and pays for the item alone, sends it (not a cart line) with the payment, and changes nothing in the cart', async () => {
      const { router, user } = renderBuyNow();
      const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
      expect(await within(summary).findByText('Kashmir Sapphire')).toBeInTheDocument();
      expect(within(summary).queryByText('Burmese Ruby')).toBeNull();
      expect(summary).toHaveTextContent('Subtotal (1 item)');
      expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('₹45,000.00');
      await user.type(screen.getByLabelText('Address'), shipping.address);
      await user.type(screen.getByLabelText('City'), shipping.city);
      await user.type(screen.getByLabelText('PIN Code'), shipping.pincode);
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
      expect(bodies['POST /o1/api/razorpay-order']).toEqual([
        { shippinginfo: shipping, shippingrate: 'rate-standard', buynow: { productId: 'p2', quantity: 1 } },
      ]);
      await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-orders'));
      const changed = Object.keys(bodies).filter((k) => /^(POST|PATCH|DELETE) \/c2\/api\/(?!buy-now|coupon)/.test(k));
      expect(changed).toEqual([]);
    });

    it('says why the item cannot be bought any more instead of showing the cart', async () => {
      routes['POST /c2/api/buy-now'] = () => json(409, { success: false, message: '"Kashmir Sapphire" is out of stock' });
      renderBuyNow();
      expect(await screen.findByTestId('buy-now-refused')).toHaveTextContent('"Kashmir Sapphire" is out of stock');
      expect(screen.queryByText('Burmese Ruby')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Continue to Payment' })).toBeNull();
    });
  });

  describe('Razorpay mode', () => {
    beforeEach(() => {
      routes['POST /o1/api/razorpay-order'] = () => json(200, paymentOrder('razorpay'));
    });

    function fakeRazorpay() {
      const opened: RazorpayOptions[] = [];
      window.Razorpay = class {
        constructor(private options: RazorpayOptions) {}
        open() {
          opened.push(this.options);
        }
        on() {}
      };
      return opened;
    }

    it('opens Razorpay Checkout with the order, INR, the shopper and the four methods; the handler places the order', async () => {
      const opened = fakeRazorpay();
      const { user, router } = renderCheckout();
      await fillAndContinue(user);
      await waitFor(() => expect(opened).toHaveLength(1));
      const options = opened[0]!;
      expect(options).toMatchObject({
        key: 'rzp_test_key',
        amount: 9000000,
        currency: 'INR',
        order_id: 'order_TEST00000000001',
        prefill: { name: 'Meera Kapoor', contact: '9876543210' },
      });
      // Checkout stops taking the payment when the stock hold ends (15 minutes here)
      expect(options.timeout).toBeGreaterThan(10 * 60);
      expect(options.timeout).toBeLessThanOrEqual(15 * 60);
      const methods = JSON.stringify(options.config);
      for (const m of ['card', 'upi', 'netbanking', 'wallet']) expect(methods).toContain(`"method":"${m}"`);
      options.handler(signed);
      expect(await screen.findByText('Payment successful! Order placed.')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-orders'));
      expect(bodies['POST /o1/api/verify-and-place']).toEqual([{ ...signed, shippinginfo: shipping }]);
    });

    it('closing Razorpay Checkout says Payment cancelled.', async () => {
      const opened = fakeRazorpay();
      const { user } = renderCheckout();
      await fillAndContinue(user);
      await waitFor(() => expect(opened).toHaveLength(1));
      opened[0]!.modal?.ondismiss?.();
      expect(await screen.findByText('Payment cancelled.')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled());
    });

    it('loads checkout.js only on pay and says so when it cannot', async () => {
      const added: string[] = [];
      const append = document.body.appendChild.bind(document.body);
      vi.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
        if (node instanceof HTMLScriptElement) {
          added.push(node.src);
          queueMicrotask(() => node.onerror?.(new Event('error')));
          return node;
        }
        return append(node);
      });
      const { user } = renderCheckout();
      await screen.findByText('Burmese Ruby');
      expect(added).toEqual([]);
      await fillAndContinue(user);
      expect(await screen.findByText('Failed to load payment gateway. Try again.')).toBeInTheDocument();
      expect(added).toEqual(['https://checkout.razorpay.com/v1/checkout.js']);
    });
  });
});

describe('checkout on credit', () => {
  const signedInAs = (user: ReturnType<typeof aCreditBuyer>) => {
    routes['GET /u1/api/checkuser'] = () => json(200, answerOf(authRoutes, 'GET /u1/api/checkuser', { success: true, user }));
  };
  const onCredit = anOrder({
    _id: 'o-credit',
    totalamount: 90000,
    paymentstatus: 'Due',
    razorpay_payment_id: '',
    duedate: '2025-04-06',
    amountdue: 90000,
    payments: [],
  });

  it('is not offered to a shopper without credit terms', async () => {
    signedInAs(aCreditBuyer(null));
    renderCheckout();
    await screen.findByText('Burmese Ruby');
    expect(screen.queryByTestId('how-to-pay')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeInTheDocument();
  });

  it('shows the terms and the credit still available, places the order on credit and lands on it in My Orders', async () => {
    signedInAs(aCreditBuyer({ days: 30, limit: 500000, outstanding: 120000.5 }));
    routes['POST /o1/api/credit-order'] = () =>
      json(
        201,
        answerOf(creditRoutes, 'POST /o1/api/credit-order', {
          success: true,
          message: 'Order placed on credit',
          order: onCredit,
        }),
      );
    const { user, router } = renderCheckout();
    const choice = await screen.findByRole('group', { name: 'How to pay' });
    expect(within(choice).getByRole('radio', { name: /Pay now/ })).toBeChecked();
    const credit = within(choice).getByRole('radio', { name: /Place order on credit/ });
    expect(within(choice).getByTestId('credit-terms')).toHaveTextContent(
      'Pay within 30 days of the order. Available credit: ₹3,79,999.50 of ₹5,00,000.00.',
    );
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeInTheDocument();
    await user.click(credit);
    await screen.findByText('Burmese Ruby');
    await user.type(screen.getByLabelText('Address'), shipping.address);
    await user.type(screen.getByLabelText('City'), shipping.city);
    await user.type(screen.getByLabelText('PIN Code'), shipping.pincode);
    await user.click(screen.getByRole('button', { name: 'Place order on credit' }));
    expect(await screen.findByText('My orders screen')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?placed=o-credit');
    expect(bodies['POST /o1/api/credit-order']).toEqual([
      { shippinginfo: { ...shipping, fullname: 'Rohit Jain' }, shippingrate: 'rate-standard' },
    ]);
    expect(bodies['POST /o1/api/razorpay-order']).toBeUndefined();
  });

  it('shows the server’s sentence when the order passes the limit, and stays on the checkout', async () => {
    signedInAs(aCreditBuyer({ limit: 100000, outstanding: 50000 }));
    const refusal = 'This order would take what you owe past your credit limit of ₹1,00,000.00';
    routes['POST /o1/api/credit-order'] = () => json(409, { success: false, message: refusal });
    const { user, router } = renderCheckout();
    const choice = await screen.findByRole('group', { name: 'How to pay' });
    await user.click(within(choice).getByRole('radio', { name: /Place order on credit/ }));
    expect(within(choice).getByTestId('credit-short')).toHaveTextContent('more than the credit available');
    await screen.findByText('Burmese Ruby');
    await user.type(screen.getByLabelText('Address'), shipping.address);
    await user.type(screen.getByLabelText('City'), shipping.city);
    await user.type(screen.getByLabelText('PIN Code'), shipping.pincode);
    await user.click(screen.getByRole('button', { name: 'Place order on credit' }));
    expect(await screen.findByTestId('credit-error')).toHaveTextContent(refusal);
    expect(router.state.location.pathname).toBe('/checkout');
    expect(screen.getByRole('button', { name: 'Place order on credit' })).toBeEnabled();
  });

  it('warns a business with an overdue order', async () => {
    signedInAs(aCreditBuyer({ overdue: true, outstanding: 20000 }));
    renderCheckout();
    expect(await screen.findByTestId('credit-overdue')).toHaveTextContent('An order of yours is overdue');
  });
});
