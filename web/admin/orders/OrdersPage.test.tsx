import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderRoutes } from '../../../contract/order-routes';
import { type AdminOrder, adminApi, type OrderPage } from '../../api/admin';
import { answerOf } from '../../test/answers';
import { adminOrderOf } from '../../test/fixtures';
import { ADMIN_LIFECYCLE_DEFAULTS } from '../../test/order-fixture';
import OrdersPage, { FILTER_DEBOUNCE_MS, toQuery } from './OrdersPage';

const order = (over: Partial<AdminOrder> = {}): AdminOrder =>
  adminOrderOf({
    _id: 'o-1',
    number: 'RG-000001',
    createdAt: '2025-03-10T06:30:00.000Z',
    status: 'Pending',
    deliverystatus: 'pending',
    paymentstatus: 'Paid',
    totalamount: 150000.5,
    products: [
      {
        _id: 'line-1',
        productId: null,
        productname: 'Old Emerald',
        productprice: 1200,
        listprice: 1200,
        productimage: '/uploads/e/640.webp',
        quantity: 2,
        size: '5 Ratti',
        colour: 'Green',
      },
    ],
    shippinginfo: {
      fullname: 'Asha Verma',
      mobileno: '9876543210',
      address: '12 Mall Road',
      city: 'Ludhiana',
      pincode: '141001',
    },
    razorpay_order_id: 'order_ABC',
    razorpay_payment_id: 'pay_XYZ',
    flag: null,
    refundstatus: 'none',
    ...ADMIN_LIFECYCLE_DEFAULTS,
    ...over,
  });

const page = (orders: AdminOrder[], totalOrders = orders.length): OrderPage =>
  answerOf(orderRoutes, 'GET /o1/api/admin/orders', {
    success: true,
    orders,
    pagination: {
      currentPage: 1,
      totalPages: Math.max(1, Math.ceil(totalOrders / 10)),
      totalOrders,
      hasNextPage: false,
      hasPrevPage: false,
      limit: 10,
    },
  });

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/dashboard/orders']}>
        <OrdersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('orders filters', () => {
  it('trims the search and leaves blank filters out', () => {
    expect(toQuery({ search: '  pay_1 ', status: '', startDate: '', endDate: '' })).toEqual({ search: 'pay_1' });
    expect(toQuery({ search: '   ', status: 'shipped', startDate: '2025-01-01', endDate: '' })).toEqual({
      status: 'shipped',
      startDate: '2025-01-01',
    });
  });

  it('waits 300 ms after the last change before asking the server, then shows the filtered count', async () => {
    const list = vi
      .spyOn(adminApi.orders, 'list')
      .mockImplementation(async (f) => page(f.search ? [order()] : [order(), order({ _id: 'o-2' })], f.search ? 1 : 25));
    renderPage();
    await waitFor(() => expect(screen.getByTestId('orders-summary')).toHaveTextContent('Showing 2 of 25 orders'));
    expect(list).toHaveBeenCalledTimes(1);

    const search = screen.getByLabelText('Search', { selector: '#of-search' });
    expect(search).toHaveAttribute('placeholder', 'Name, mobile, e-mail, order, invoice or payment no.');
    const started = Date.now();
    fireEvent.change(search, { target: { value: ' pay' } });
    fireEvent.change(search, { target: { value: ' pay_XYZ ' } });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(list).toHaveBeenLastCalledWith({ search: 'pay_XYZ' }, 1);
    await waitFor(() => expect(screen.getByTestId('orders-summary')).toHaveTextContent('Showing 1 of 1 order (filtered)'));
    expect(screen.getByTestId('export-csv')).toHaveAttribute('href', '/o1/api/admin/orders/export.csv?search=pay_XYZ');

    // the end date cannot be before the start date
    fireEvent.change(screen.getByLabelText('Start date', { selector: '#of-start' }), { target: { value: '2025-03-01' } });
    expect(screen.getByLabelText('End date', { selector: '#of-end' })).toHaveAttribute('min', '2025-03-01');
  });

  it('shows the order line snapshot with "Product information unavailable" when the product is gone', async () => {
    vi.spyOn(adminApi.orders, 'list').mockResolvedValue(page([order()]));
    renderPage();
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByText('Old Emerald')).toBeInTheDocument();
    expect(within(card).getByText('Product information unavailable')).toBeInTheDocument();
    expect(within(card).getByText('Price: ₹1,200.00')).toBeInTheDocument();
    expect(within(card).getByTestId('order-total')).toHaveTextContent('₹1,50,000.50');
    expect(within(card).getByTestId('payment-status')).toHaveTextContent('PAID');
  });

  it('changes the delivery status only after the server agrees', async () => {
    vi.spyOn(adminApi.orders, 'list').mockResolvedValue(page([order()]));
    const update = vi
      .spyOn(adminApi.orders, 'updateDelivery')
      .mockRejectedValueOnce(new Error('refused'))
      .mockResolvedValueOnce(
        answerOf(orderRoutes, 'PATCH /o1/api/admin/update/:id', {
          success: true,
          message: 'ok',
          order: order({ deliverystatus: 'shipped', status: 'Shipped' }),
        }),
      );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    const select = (await screen.findByLabelText('Delivery Status')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'shipped' } });
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(select).toBeEnabled());
    expect(select.value).toBe('pending');
    expect(errors).toHaveBeenCalled();

    fireEvent.change(select, { target: { value: 'shipped' } });
    await waitFor(() => expect(select.value).toBe('shipped'));
    expect(update).toHaveBeenLastCalledWith('o-1', 'shipped');
    expect(within(screen.getByTestId('order-card')).getByText('Shipped', { selector: 'span' })).toBeInTheDocument();
  });

  it('asks before marking delivered an order with no shipment recorded; Cancel changes nothing', async () => {
    vi.spyOn(adminApi.orders, 'list').mockResolvedValue(page([order({ deliverystatus: 'shipped', status: 'Shipped' })]));
    const update = vi.spyOn(adminApi.orders, 'updateDelivery').mockResolvedValue(
      answerOf(orderRoutes, 'PATCH /o1/api/admin/update/:id', {
        success: true,
        message: 'ok',
        order: order({ deliverystatus: 'delivered', status: 'Delivered' }),
      }),
    );
    renderPage();
    const select = (await screen.findByLabelText('Delivery Status')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'delivered' } });
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as delivered without a shipment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(update).not.toHaveBeenCalled();
    expect(select.value).toBe('shipped');

    fireEvent.change(select, { target: { value: 'delivered' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, mark delivered' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('o-1', 'delivered'));
    await waitFor(() => expect(select.value).toBe('delivered'));
  });

  it('marks delivered at once an order whose shipment is recorded', async () => {
    const shipped = order({
      deliverystatus: 'shipped',
      status: 'Shipped',
      shipment: { carrier: 'Blue Dart', trackingnumber: 'BD123', trackingurl: '', shippedAt: '2026-11-20T06:00:00.000Z' },
    });
    vi.spyOn(adminApi.orders, 'list').mockResolvedValue(page([shipped]));
    const update = vi.spyOn(adminApi.orders, 'updateDelivery').mockResolvedValue(
      answerOf(orderRoutes, 'PATCH /o1/api/admin/update/:id', {
        success: true,
        message: 'ok',
        order: { ...shipped, deliverystatus: 'delivered', status: 'Delivered' },
      }),
    );
    renderPage();
    const select = (await screen.findByLabelText('Delivery Status')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'delivered' } });
    await waitFor(() => expect(update).toHaveBeenCalledWith('o-1', 'delivered'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('pages with "Page X of Y (Z total orders)" and goes back to page 1 when a filter changes', async () => {
    const list = vi.spyOn(adminApi.orders, 'list').mockImplementation(async (f, p) => {
      const res = page([order({ _id: `o-${p}` })], f.status ? 3 : 25);
      return answerOf(orderRoutes, 'GET /o1/api/admin/orders', { ...res, pagination: { ...res.pagination, currentPage: p } });
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderPage();
    expect(await screen.findByText('Page 1 of 3 (25 total orders)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Page 2 of 3 (25 total orders)')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({}, 2);

    fireEvent.change(screen.getByLabelText('Status', { selector: '#of-status' }), { target: { value: 'shipped' } });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ status: 'shipped' }, 1));
    expect(await screen.findByText('Page 1 of 1 (3 total orders)')).toBeInTheDocument();
  });

  it('offers "Return requested" among the statuses and asks the server for those orders', async () => {
    const list = vi.spyOn(adminApi.orders, 'list').mockResolvedValue(page([order()]));
    renderPage();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    const status = screen.getByLabelText('Status', { selector: '#of-status' });
    expect(within(status).getByRole('option', { name: 'Return requested' })).toHaveValue('return-requested');
    await userEvent.selectOptions(status, 'Return requested');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ status: 'return-requested' }, 1));
  });

  it('on a phone, filters in the "Filter Options" sheet apply with Apply Filters and reset with Clear All', async () => {
    const list = vi.spyOn(adminApi.orders, 'list').mockResolvedValue(page([order()]));
    renderPage();
    await screen.findByTestId('order-card');
    await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter Options' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(within(sheet).getByLabelText('Status'), { target: { value: 'delivered' } });
      // nothing is asked until the admin applies, even once the filters' settling time has passed
      await act(async () => {
        await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS * 2);
      });
      expect(list).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
    await userEvent.click(within(sheet).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ status: 'delivered' }, 1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filter Options' })).toBeNull());
    expect(screen.getByTestId('filter-count')).toHaveTextContent('1');

    await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
    const again = await screen.findByRole('dialog', { name: 'Filter Options' });
    expect(within(again).getByLabelText('Status')).toHaveValue('delivered');
    await userEvent.click(within(again).getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({}, 1));
    expect(screen.queryByTestId('filter-count')).toBeNull();
  });

  it('shows "No orders found" when nothing matches', async () => {
    vi.spyOn(adminApi.orders, 'list').mockResolvedValue(page([]));
    renderPage();
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.getByTestId('orders-summary')).toHaveTextContent('Showing 0 of 0 orders');
  });
});
