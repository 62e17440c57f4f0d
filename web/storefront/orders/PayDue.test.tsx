import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../../../contract/auth';
import { creditRoutes } from '../../../contract/credit';
import { orderRoutes } from '../../../contract/order-routes';
import { paymentRoutes } from '../../../contract/payments';
import type { Order } from '../../api/orders';
import { answerOf } from '../../test/answers';
import { aCreditBuyer, anOrder } from '../../test/fixtures';
import { loadToaster } from '../../ui/notify';
import type { RazorpayOptions } from '../checkout/razorpay';
import MyOrdersPage from './MyOrdersPage';

/** The shop's own toaster, as the storefront shows it. */
const { default: ShopToaster } = await loadToaster();

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

/** A credit order of ₹90,000 placed on 7 March, due on 6 April, of which ₹40,000 was paid by NEFT. */
const partly = anOrder({
  _id: 'o-credit',
  number: 'RG-000042',
  totalamount: 90000,
  paymentstatus: 'Partially paid',
  razorpay_order_id: 'credit_o-credit',
  razorpay_payment_id: '',
  duedate: '2999-04-06',
  amountdue: 50000,
  payments: [{ amount: 40000, method: 'neft', reference: 'UTR123', receivedon: '2025-03-20' }],
});
const paid = anOrder({ ...partly, paymentstatus: 'Paid', amountdue: 0, payments: [...(partly.payments ?? [])] });
const dueOrder = (provider: 'sandbox' | 'razorpay') =>
  answerOf(creditRoutes, 'POST /o1/api/pay-due/:id', {
    success: true,
    razorpayOrder: { id: 'order_DUE0000000001', amount: 5000000, currency: 'INR' },
    provider,
    key: provider === 'razorpay' ? 'rzp_test_key' : 'sandbox',
    totalamount: 50000,
    holdExpiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
  });
const signed = { razorpay_order_id: 'order_DUE0000000001', razorpay_payment_id: 'pay_DUE000000001', razorpay_signature: 'cd34' };

type Handler = (body: unknown) => Response;
let routes: Record<string, Handler>;
let bodies: Record<string, unknown[]>;
let orders: Order[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  bodies = {};
  orders = [partly];
  routes = {
    'GET /u1/api/checkuser': () =>
      json(200, answerOf(authRoutes, 'GET /u1/api/checkuser', { success: true, user: aCreditBuyer({ outstanding: 50000 }) })),
    'GET /o1/api/my-orders': () => json(200, answerOf(orderRoutes, 'GET /o1/api/my-orders', { success: true, orders })),
    'POST /o1/api/pay-due/o-credit': () => json(200, dueOrder('sandbox')),
    'POST /o1/api/sandbox/pay': () =>
      json(200, answerOf(paymentRoutes, 'POST /o1/api/sandbox/pay', { success: true, ...signed })),
    'POST /o1/api/verify-and-place': () => {
      orders = [paid];
      return json(
        201,
        answerOf(paymentRoutes, 'POST /o1/api/verify-and-place', { success: true, message: 'Payment received', order: paid }),
      );
    },
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

function renderOrders(entry = '/my-orders') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/my-orders', Component: MyOrdersPage }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
      <ShopToaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('a credit order in My Orders', () => {
  it('shows its due date, the amount due and the payments received; a paid one asks nothing', async () => {
    renderOrders();
    const due = await screen.findByTestId('order-due');
    expect(within(due).getByTestId('amount-due')).toHaveTextContent('₹50,000.00');
    expect(within(due).getByTestId('due-date')).toHaveTextContent('06 Apr 2999');
    expect(due).toHaveTextContent('Due on 06 Apr 2999');
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Partially paid');
    expect(screen.getByTestId('order-payments')).toHaveTextContent('₹40,000.00 paid by NEFT on 20 Mar 2025 (UTR123)');
    cleanup();
    orders = [paid];
    renderOrders();
    expect(await screen.findByTestId('order-card')).toBeInTheDocument();
    expect(screen.queryByTestId('order-due')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('shows money paid back outside the shop with how it went back', async () => {
    orders = [
      anOrder({
        ...paid,
        paymentstatus: 'Partially refunded',
        refundedamount: 5000,
        refunds: [
          {
            _id: 'r1',
            amount: 5000,
            status: 'processed',
            reason: 'Price agreed lower',
            createdAt: '2025-03-21T06:30:00.000Z',
            method: 'neft',
            reference: 'UTR-BACK-1',
          },
        ],
      }),
    ];
    renderOrders();
    expect(await screen.findByTestId('order-refund')).toHaveTextContent(
      '₹5,000.00 refunded by NEFT (UTR-BACK-1) · Price agreed lower',
    );
  });

  it('says Overdue once the due date has passed', async () => {
    orders = [anOrder({ ...partly, duedate: '2025-04-06' })];
    renderOrders();
    expect(await screen.findByTestId('order-due')).toHaveTextContent('Overdue since 06 Apr 2025');
  });

  it('heads the order just placed on credit with what to pay and by when', async () => {
    orders = [anOrder({ ...partly, paymentstatus: 'Due', amountdue: 90000, payments: [] })];
    renderOrders('/my-orders?placed=o-credit');
    expect(
      await screen.findByText('Thank you! Your order is placed on credit: please pay ₹90,000.00 by 06 Apr 2999.'),
    ).toHaveAttribute('role', 'status');
  });

  it('Pay now pays what is due in the sandbox, verifies it without an address, and the order shows Paid', async () => {
    const user = renderOrders();
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    expect(within(dialog).getByTestId('sandbox-amount')).toHaveTextContent('₹50,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Payment received. Thank you!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-payment')).toHaveTextContent('Paid'));
    expect(screen.queryByTestId('order-due')).toBeNull();
    expect(bodies['POST /o1/api/pay-due/o-credit']).toEqual([{}]);
    expect(bodies['POST /o1/api/verify-and-place']).toEqual([signed]);
  });

  it('Pay now opens Razorpay Checkout for the amount due and verifies what it hands back', async () => {
    routes['POST /o1/api/pay-due/o-credit'] = () => json(200, dueOrder('razorpay'));
    let opened: RazorpayOptions | undefined;
    window.Razorpay = class {
      constructor(private options: RazorpayOptions) {}
      open() {
        opened = this.options;
        this.options.handler(signed);
      }
      on() {}
    };
    const user = renderOrders();
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Payment received. Thank you!')).toBeInTheDocument();
    expect(opened).toMatchObject({ order_id: 'order_DUE0000000001', amount: 5000000, key: 'rzp_test_key' });
    expect(bodies['POST /o1/api/verify-and-place']).toEqual([signed]);
  });

  it('shows the server’s sentence when nothing is due any more', async () => {
    routes['POST /o1/api/pay-due/o-credit'] = () => json(409, { success: false, message: 'Nothing is due on this order' });
    const user = renderOrders();
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Nothing is due on this order')).toBeInTheDocument();
    expect(bodies['POST /o1/api/verify-and-place']).toBeUndefined();
  });
});
