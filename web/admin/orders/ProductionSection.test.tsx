import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderActionRoutes } from '../../../contract/order-actions';
import type { ProductionStage } from '../../../contract/production';
import { type AdminOrder, adminApi } from '../../api/admin';
import { answerOf } from '../../test/answers';
import { A_RING_SETTING, adminOrderOf, anOrder } from '../../test/fixtures';
import { ADMIN_LIFECYCLE_DEFAULTS } from '../../test/order-fixture';
import { Notices } from '../ui/Notice';
import OrderDetailPage from './OrderDetailPage';

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A paid order of a ruby set in a 22-karat ring of size 14, the piece at `stage`, with a plain pearl beside it. */
const pieceOrder = (stage: ProductionStage, huid: string | null = null, setting = A_RING_SETTING): AdminOrder => {
  const { _id, number, createdAt, status, deliverystatus, shippinginfo, products } = anOrder();
  const pearl = { ...products[0]!, _id: 'line-2', productname: 'Basra Pearl', setting: null, production: null };
  return adminOrderOf({
    _id,
    number,
    createdAt,
    status,
    deliverystatus,
    shippinginfo,
    paymentstatus: 'Paid',
    totalamount: 262907,
    products: [{ ...products[0]!, productprice: 260907, listprice: 260907, setting, production: { stage, huid } }, pearl],
    razorpay_order_id: 'order_TEST00000000001',
    razorpay_payment_id: 'pay_TEST0000000001',
    flag: null,
    refundstatus: 'none',
    ...ADMIN_LIFECYCLE_DEFAULTS,
  });
};

function show(order: AdminOrder) {
  vi.spyOn(adminApi.orders, 'detail').mockResolvedValue(
    answerOf(orderActionRoutes, 'GET /o1/api/admin/orders/:id', { success: true, order }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/dashboard/orders/:id', Component: OrderDetailPage }], {
    initialEntries: ['/dashboard/orders/o1'],
  });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
      <Notices />
    </QueryClientProvider>,
  );
}

const moved = (order: AdminOrder) =>
  answerOf(orderActionRoutes, 'PATCH /o1/api/admin/production/:orderId/:lineId', {
    success: true,
    message: 'The piece is now at casting',
    order,
  });

describe('production on the back-office order page', () => {
  it('shows the piece’s stage and moves it forward only, one stage or more, with a note', async () => {
    const production = vi.spyOn(adminApi.orders, 'production').mockResolvedValue(moved(pieceOrder('polishing')));
    show(pieceOrder('casting'));
    const section = await screen.findByTestId('production-section');
    expect(within(section).getAllByTestId('production-piece')).toHaveLength(1);
    expect(section).toHaveTextContent('in the Solitaire ring, 22 karat gold (916), ring size 14');
    expect(within(section).getByRole('listitem', { current: 'step' })).toHaveTextContent('Casting');
    const choices = within(section).getByLabelText('Move to') as HTMLSelectElement;
    expect([...choices.options].map((o) => o.value)).toEqual(['setting', 'polishing', 'hallmarking', 'ready']);

    fireEvent.change(choices, { target: { value: 'polishing' } });
    fireEvent.change(within(section).getByLabelText('Note (optional)'), { target: { value: 'Prongs checked' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Move to polishing' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, move it' }));
    await waitFor(() => expect(production).toHaveBeenCalledWith('o1', 'line-1', { stage: 'polishing', note: 'Prongs checked' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('production-section')).getByRole('listitem', { current: 'step' })).toHaveTextContent(
        'Polishing',
      ),
    );
  });

  it('asks a gold piece’s HUID before it is ready, checked as the server checks it', async () => {
    const production = vi.spyOn(adminApi.orders, 'production').mockResolvedValue(moved(pieceOrder('ready', 'AB12CD')));
    show(pieceOrder('polishing'));
    const section = await screen.findByTestId('production-section');
    fireEvent.change(within(section).getByLabelText('Move to'), { target: { value: 'ready' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Move to ready' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('A gold piece needs its HUID before it is ready');
    fireEvent.change(within(section).getByLabelText('HUID'), { target: { value: 'ab12' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Move to ready' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('6 letters and digits');
    expect(production).not.toHaveBeenCalled();

    fireEvent.change(within(section).getByLabelText('HUID'), { target: { value: 'ab12cd' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Move to ready' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, move it' }));
    await waitFor(() => expect(production).toHaveBeenCalledWith('o1', 'line-1', { stage: 'ready', huid: 'AB12CD' }));
    expect(await within(screen.getByTestId('production-section')).findByText('HUID: AB12CD')).toBeInTheDocument();
    // Ready: nothing further to move to.
    expect(within(screen.getByTestId('production-section')).queryByLabelText('Move to')).toBeNull();
  });

  it('asks no HUID of silver, and shows nothing for an order of ready stock', async () => {
    show(pieceOrder('hallmarking', null, { ...A_RING_SETTING, metal: 'silver-925' }));
    const section = await screen.findByTestId('production-section');
    expect(within(section).queryByLabelText('HUID')).toBeNull();
    cleanup();

    const { products, ...rest } = pieceOrder('designing');
    show({ ...rest, products: products.filter((l) => !l.setting) });
    expect(await screen.findByTestId('order-detail')).toBeInTheDocument();
    expect(screen.queryByTestId('production-section')).toBeNull();
  });
});
