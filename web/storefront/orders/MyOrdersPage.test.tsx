import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../../../contract/auth';
import { orderRoutes } from '../../../contract/order-routes';
import { reviewRoutes } from '../../../contract/reviews';
import type { Order } from '../../api/orders';
import { reviewsApi } from '../../api/reviews';
import { answerOf } from '../../test/answers';
import { A_RING_SETTING, orderOf, SHOPPER } from '../../test/fixtures';
import { LIFECYCLE_DEFAULTS } from '../../test/order-fixture';
import { formatOrderDate, paymentClass, statusClass } from './format';
import MyOrdersPage from './MyOrdersPage';

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

const order: Order = orderOf({
  _id: 'o1',
  number: 'RG-000007',
  createdAt: new Date(2025, 2, 7, 15, 4).toISOString(),
  status: 'Shipped',
  deliverystatus: 'shipped',
  paymentstatus: 'Paid',
  totalamount: 150000,
  products: [
    {
      _id: 'line-1',
      productId: null,
      productname: 'Burmese Ruby',
      productprice: 75000,
      listprice: 75000,
      productimage: '/uploads/abc/640.webp',
      quantity: 2,
      size: '5 ratti',
      colour: 'Red',
    },
  ],
  shippinginfo: {
    fullname: 'Meera Kapoor',
    mobileno: '9876543210',
    address: '12 Mall Road',
    city: 'Ludhiana',
    pincode: '141001',
  },
  razorpay_order_id: 'order_ABCDEFGHIJKLMN',
  razorpay_payment_id: 'pay_ABCDEFGHIJKLMN',
  ...LIFECYCLE_DEFAULTS,
});

let orders: Order[];
beforeEach(() => {
  orders = [order];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const body =
        path === '/u1/api/checkuser'
          ? answerOf(authRoutes, 'GET /u1/api/checkuser', { success: true, user: SHOPPER })
          : path === '/o1/api/my-orders'
            ? answerOf(orderRoutes, 'GET /o1/api/my-orders', { success: true, orders })
            : null;
      return new Response(JSON.stringify(body ?? { success: false, message: 'No route' }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderOrders(entry = '/my-orders') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/my-orders', Component: MyOrdersPage }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('my orders', () => {
  it('heads the order just placed "placed and paid", but not once it is cancelled', async () => {
    renderOrders('/my-orders?placed=o1');
    expect(await screen.findByText('Thank you! Your order is placed and paid.')).toBeInTheDocument();
    cleanup();
    orders = [{ ...order, deliverystatus: 'cancelled', status: 'Cancelled', paymentstatus: 'Refunded' }];
    renderOrders('/my-orders?placed=o1');
    expect(await screen.findByTestId('order-card')).toBeInTheDocument();
    expect(screen.queryByText('Thank you! Your order is placed and paid.')).toBeNull();
  });

  it('formats dates as DD MMM YYYY, hh:mm A', () => {
    expect(formatOrderDate(new Date(2025, 2, 7, 15, 4).toISOString())).toBe('07 Mar 2025, 03:04 PM');
    expect(formatOrderDate(new Date(2024, 11, 31, 0, 5).toISOString())).toBe('31 Dec 2024, 12:05 AM');
    expect(formatOrderDate(new Date(2024, 0, 1, 12, 0).toISOString())).toBe('01 Jan 2024, 12:00 PM');
  });

  it('colours statuses: Delivered green, Shipped blue, else yellow; Paid green, else red', () => {
    expect(statusClass('Delivered')).toContain('green');
    expect(statusClass('Shipped')).toContain('blue');
    expect(statusClass('Pending')).toContain('yellow');
    expect(statusClass('Returned')).toContain('yellow');
    expect(paymentClass('Paid')).toContain('green');
    expect(paymentClass('Refunded')).toContain('red');
  });

  it('shows each order with its date, statuses, total, lines, shipping and ids', async () => {
    renderOrders();
    const card = await screen.findByTestId('order-card');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Orders');
    expect(card).toHaveTextContent('07 Mar 2025, 03:04 PM');
    expect(within(card).getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(within(card).getByTestId('order-status').className).toContain('blue');
    expect(within(card).getByTestId('order-payment').className).toContain('green');
    expect(within(card).getByTestId('order-total')).toHaveTextContent('₹1,50,000.00');
    const line = within(card).getByTestId('order-line');
    expect(line).toHaveTextContent('Burmese Ruby');
    expect(line).toHaveTextContent('Qty: 2');
    expect(line).toHaveTextContent('Size: 5 ratti');
    expect(line).toHaveTextContent('Red');
    expect(within(line).getByRole('img', { name: 'Burmese Ruby' })).toHaveAttribute('src', '/uploads/abc/320.webp');
    expect(card).toHaveTextContent('Shipping to: Meera Kapoor, 12 Mall Road, Ludhiana - 141001, 9876543210');
    expect(card).toHaveTextContent('Order number: RG-000007');
    expect(within(card).getByTestId('order-number')).toHaveTextContent(/^RG-000007$/);
    expect(card).toHaveTextContent('Payment ID: pay_ABCDEFGHIJKLMN');
  });

  it('an order shipped abroad names its region and country', async () => {
    orders = [
      {
        ...order,
        shippinginfo: {
          country: 'US',
          fullname: 'Ann Lee',
          mobileno: '+12125550123',
          address: '350 Fifth Avenue',
          city: 'New York',
          pincode: '10118',
          state: 'NY',
        },
      },
    ];
    renderOrders();
    const card = await screen.findByTestId('order-card');
    expect(card).toHaveTextContent('Shipping to: Ann Lee, 350 Fifth Avenue, New York - 10118, NY, United States, +12125550123');
  });

  it("says You haven't placed any orders yet. with Start Shopping to /products", async () => {
    orders = [];
    renderOrders();
    expect(await screen.findByText("You haven't placed any orders yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
  });
});

describe('reviewing a delivered line', () => {
  const delivered = (review: Order['products'][number]['review'] = null): Order => ({
    ...order,
    status: 'Delivered',
    deliverystatus: 'delivered',
    products: order.products.map((l) => ({ ...l, review })),
  });

  it('offers no review before delivery', async () => {
    renderOrders();
    await screen.findByTestId('order-card');
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('sends the stars, title, text and a photo of the line, and asks for stars and 20 characters first', async () => {
    orders = [delivered()];
    const create = vi.spyOn(reviewsApi, 'create').mockResolvedValue(
      answerOf(reviewRoutes, 'POST /p1/api/reviews', {
        success: true,
        message: 'Thank you for your review',
        review: {
          _id: 'r1',
          rating: 4,
          title: 'Deep red',
          body: 'A clean stone, exactly as in the pictures.',
          photos: [],
          author: 'Meera K.',
          verified: true,
          createdAt: '2026-11-20T10:00:00.000Z',
          updatedAt: '2026-11-20T10:00:00.000Z',
          reply: null,
          helpful: 0,
          status: 'pending',
          rejectreason: '',
          product: { _id: 'p1', productname: 'Burmese Ruby', slug: 'burmese-ruby' },
          orderId: 'o1',
          lineId: 'line-1',
        },
      }),
    );
    renderOrders();
    await userEvent.click(await screen.findByRole('button', { name: 'Write a review' }));
    const form = await screen.findByRole('form', { name: 'Your review' });
    await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(create).not.toHaveBeenCalled();
    expect(within(form).getByText('Choose from 1 to 5 stars')).toBeInTheDocument();
    expect(within(form).getByText('Write at least 20 characters')).toBeInTheDocument();

    await userEvent.click(within(form).getByLabelText('4 stars'));
    await userEvent.type(within(form).getByLabelText('Title'), 'Deep red');
    await userEvent.type(within(form).getByLabelText('Your review'), 'A clean stone, exactly as in the pictures.');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'ruby.jpg', { type: 'image/jpeg' });
    await userEvent.upload(within(form).getByLabelText('Photos (up to 3)'), photo);
    await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(create).toHaveBeenCalledTimes(1);
    const sent = create.mock.calls[0]?.[0] as FormData;
    expect(Object.fromEntries([...sent.entries()].filter(([k]) => k !== 'photos'))).toEqual({
      orderId: 'o1',
      lineId: 'line-1',
      rating: '4',
      title: 'Deep red',
      body: 'A clean stone, exactly as in the pictures.',
    });
    expect((sent.getAll('photos') as File[]).map((f) => f.name)).toEqual(['ruby.jpg']);
  });

  it('shows where the buyer’s review stands instead of the button', async () => {
    orders = [delivered({ _id: 'r1', status: 'pending', rating: 5 })];
    renderOrders();
    expect(await screen.findByTestId('line-review-status')).toHaveTextContent('Your review is waiting for approval');
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('shows a made-to-order piece’s stage of making, and its HUID once hallmarked', async () => {
    const ring = { ...order.products[0]!, _id: 'line-2', quantity: 1, setting: A_RING_SETTING };
    orders = [
      orderOf({
        ...order,
        status: 'Confirmed',
        deliverystatus: 'confirmed',
        products: [
          { ...ring, production: { stage: 'casting', huid: null } },
          { ...order.products[0]!, production: null },
        ],
      }),
      orderOf({ ...order, _id: 'o2', products: [{ ...ring, production: { stage: 'ready', huid: 'AB12CD' } }] }),
    ];
    renderOrders();
    const [making, ready] = await screen.findAllByTestId('piece-stage');
    expect(making).toHaveTextContent('Made to order: Solitaire ring, 22 karat gold (916), ring size 14');
    expect(making).toHaveTextContent('Being made: casting (step 2 of 6)');
    expect(within(making as HTMLElement).getByRole('listitem', { current: 'step' })).toHaveTextContent('Casting');
    expect(making).not.toHaveTextContent('HUID');
    expect(ready).toHaveTextContent('Ready: it ships with the rest of your order');
    expect(ready).toHaveTextContent('Hallmark (HUID): AB12CD');
    // The plain stone beside the piece has no stage.
    expect(screen.getAllByTestId('piece-stage')).toHaveLength(2);
  });

  /** An invoice not registered with the IRP (a consumer's). */
  const NO_IRN = { irn: null, ackno: null, ackdate: null, einvoicestatus: 'notrequired' as const };

  const receipt = { number: 'RV/26-27/000004', url: '/o1/api/receipt/o1' };
  const received = {
    kind: 'receipt' as const,
    ...receipt,
    url: '/o1/api/receipt-voucher/v1',
    amount: 90546,
    date: '2026-07-01T10:00:00.000Z',
  };

  it('offers the receipt of an advance paid for a piece, saying the invoice follows, then both once it is made', async () => {
    const vouchers = [received];
    orders = [orderOf({ ...order, status: 'Confirmed', deliverystatus: 'confirmed', receipt, vouchers, invoice: null })];
    renderOrders();
    const waiting = await screen.findByTestId('advance-receipt');
    expect(within(waiting).getByRole('link', { name: 'Download receipt for your advance' })).toHaveAttribute(
      'href',
      received.url,
    );
    expect(waiting).toHaveTextContent('(RV/26-27/000004) ₹90,546.00 received');
    expect(waiting).toHaveTextContent('The tax invoice follows when your piece is made.');
    expect(screen.queryByRole('link', { name: 'Download invoice' })).toBeNull();
    cleanup();

    orders = [
      orderOf({ ...order, receipt, vouchers, invoice: { number: 'RG/26-27/000002', url: '/o1/api/invoice/o1', ...NO_IRN } }),
    ];
    renderOrders();
    const made = await screen.findByTestId('advance-receipt');
    expect(made).not.toHaveTextContent('The tax invoice follows');
    expect(screen.getByRole('link', { name: 'Download invoice' })).toHaveAttribute('href', '/o1/api/invoice/o1');
    cleanup();

    // an order of ready stock has no receipt: its invoice came with the payment
    orders = [orderOf({ ...order, invoice: { number: 'RG/26-27/000003', url: '/o1/api/invoice/o1', ...NO_IRN } })];
    renderOrders();
    await screen.findByRole('link', { name: 'Download invoice' });
    expect(screen.queryByTestId('advance-receipt')).toBeNull();
  });

  it('offers the refund voucher of an advance paid back for a cancelled piece, and no invoice to follow', async () => {
    const refunded = {
      kind: 'refund' as const,
      number: 'RF/26-27/000001',
      url: '/o1/api/refund-voucher/r1',
      amount: 90546,
      date: '2026-07-02T10:00:00.000Z',
    };
    orders = [
      orderOf({
        ...order,
        status: 'Cancelled',
        deliverystatus: 'cancelled',
        receipt,
        vouchers: [received, refunded],
        invoice: null,
      }),
    ];
    renderOrders();
    const vouchers = await screen.findByTestId('advance-receipt');
    expect(within(vouchers).getByRole('link', { name: 'Download refund voucher' })).toHaveAttribute('href', refunded.url);
    expect(within(vouchers).getByTestId('voucher-refund')).toHaveTextContent('(RF/26-27/000001) ₹90,546.00 refunded');
    expect(within(vouchers).getByTestId('voucher-receipt')).toHaveTextContent('(RV/26-27/000004) ₹90,546.00 received');
    expect(vouchers).not.toHaveTextContent('The tax invoice follows');
  });
});
