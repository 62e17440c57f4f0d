import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../api/cart';
import CheckoutPage from './CheckoutPage';
import type { RazorpayOptions } from './razorpay';

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

const account = { _id: 'u1', fullname: 'Meera Kapoor', mobileno: '9876543210', role: 'USER', createdAt: '2025-01-01T00:00:00Z' };
const ruby: CartItem = {
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
};
const shipping = {
  fullname: 'Meera Kapoor',
  mobileno: '9876543210',
  address: '12 Mall Road',
  city: 'Ludhiana',
  pincode: '141001',
};
const paymentOrder = (provider: 'sandbox' | 'razorpay') => ({
  success: true,
  razorpayOrder: { id: 'order_TEST00000000001', amount: 9000000, currency: 'INR' },
  provider,
  key: provider === 'razorpay' ? 'rzp_test_key' : 'sandbox',
  totalamount: 90000,
  holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
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

beforeEach(() => {
  bodies = {};
  routes = {
    'GET /u1/api/checkuser': () => json(200, { success: true, user: account }),
    'GET /c2/api/all': () => json(200, { success: true, data: [ruby] }),
    'GET /c2/api/count': () => json(200, { success: true, data: { count: 1 } }),
    'POST /o1/api/razorpay-order': () => json(200, paymentOrder('sandbox')),
    'POST /o1/api/sandbox/pay': () => json(200, { success: true, ...signed }),
    'POST /o1/api/verify-and-place': () => json(201, { success: true, message: 'Order placed', order: { _id: 'o1' } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      bodies[key] = [...(bodies[key] ?? []), body];
      const handler = routes[key];
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
      <Toaster />
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

  it('sandbox: Pay places the order and goes to /my-orders', async () => {
    const { user, router } = renderCheckout();
    await fillAndContinue(user);
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    expect(within(dialog).getByTestId('sandbox-amount')).toHaveTextContent('₹90,000.00');
    expect(bodies['POST /o1/api/razorpay-order']).toEqual([{ shippinginfo: shipping }]);
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
    routes['GET /c2/api/all'] = () => json(200, { success: true, data: [{ ...ruby, stockquantity: 0 }] });
    renderCheckout();
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
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
