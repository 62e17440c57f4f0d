import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CASH_LIMIT_MESSAGE, creditRoutes } from '../../../contract/credit';
import { orderActionRoutes } from '../../../contract/order-actions';
import { type AdminOrder, adminApi } from '../../api/admin';
import { ApiError } from '../../api/client';
import { creditApi } from '../../api/credit';
import { answerOf } from '../../test/answers';
import { adminOrderOf, anOrder } from '../../test/fixtures';
import { ADMIN_LIFECYCLE_DEFAULTS } from '../../test/order-fixture';
import { Notices } from '../ui/Notice';
import OrderDetailPage from './OrderDetailPage';

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A dealer's credit order of ₹90,000 due on 6 April 2999, nothing paid yet; `over` changes any field. */
const creditOrder = (over: Partial<AdminOrder> = {}): AdminOrder => {
  const { _id, number, createdAt, status, deliverystatus, products, shippinginfo } = anOrder();
  return adminOrderOf({
    _id,
    number,
    createdAt,
    status,
    deliverystatus,
    products,
    shippinginfo,
    paymentstatus: 'Due',
    totalamount: 90000,
    razorpay_order_id: 'credit_o1',
    razorpay_payment_id: '',
    duedate: '2999-04-06',
    amountdue: 90000,
    payments: [],
    flag: null,
    refundstatus: 'none',
    ...ADMIN_LIFECYCLE_DEFAULTS,
    ...over,
  });
};

function show(first: AdminOrder, after?: AdminOrder) {
  const detail = vi.spyOn(adminApi.orders, 'detail');
  detail.mockResolvedValueOnce(answerOf(orderActionRoutes, 'GET /o1/api/admin/orders/:id', { success: true, order: first }));
  detail.mockResolvedValue(answerOf(orderActionRoutes, 'GET /o1/api/admin/orders/:id', { success: true, order: after ?? first }));
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

async function fillPayment(amount: string, method: string, reference: string, receivedon: string) {
  fireEvent.click(await screen.findByTestId('open-record-payment'));
  const dialog = await screen.findByTestId('record-payment-dialog');
  fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: amount } });
  fireEvent.change(within(dialog).getByLabelText(/Method/), { target: { value: method } });
  fireEvent.change(within(dialog).getByLabelText(/Reference/), { target: { value: reference } });
  fireEvent.change(within(dialog).getByLabelText(/Received on/), { target: { value: receivedon } });
  fireEvent.click(within(dialog).getByTestId('submit-record-payment'));
  return dialog;
}

describe('a credit order on the back-office order page', () => {
  it('shows its due date and amount due; a NEFT payment is recorded after a question, and the order shows Paid', async () => {
    const paidOrder = creditOrder({
      paymentstatus: 'Paid',
      amountdue: 0,
      payments: [{ amount: 90000, method: 'neft', reference: 'UTR881', receivedon: '2999-03-20' }],
    });
    show(creditOrder(), paidOrder);
    const record = vi.spyOn(creditApi, 'recordPayment').mockResolvedValue(
      answerOf(creditRoutes, 'POST /o1/api/admin/payments/:id', {
        success: true,
        message: 'Payment recorded',
        order: anOrder({ paymentstatus: 'Paid', amountdue: 0, duedate: '2999-04-06' }),
      }),
    );
    const section = await screen.findByTestId('credit-section');
    expect(within(section).getByTestId('credit-duedate')).toHaveTextContent('2999-04-06');
    expect(within(section).getByTestId('credit-amountdue')).toHaveTextContent('₹90,000.00');
    await fillPayment('90000', 'neft', 'UTR881', '2999-03-20');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, record it' }));
    await waitFor(() => expect(screen.getByTestId('detail-payment')).toHaveTextContent('Paid'));
    expect(record).toHaveBeenCalledWith('o1', { amount: 90000, method: 'neft', reference: 'UTR881', receivedon: '2999-03-20' });
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
    expect(screen.queryByTestId('record-payment-dialog')).toBeNull();
    expect(within(screen.getByTestId('credit-section')).getByTestId('credit-payment')).toHaveTextContent(
      '₹90,000.00 · NEFT · UTR881 · 2999-03-20',
    );
    expect(screen.queryByTestId('open-record-payment')).toBeNull();
  });

  it('keeps the form open with the server’s sentence when it refuses (the s.269ST cash rule), and a refused field beside it', async () => {
    show(creditOrder({ paymentstatus: 'Partially paid', amountdue: 250000, totalamount: 300000 }));
    const record = vi
      .spyOn(creditApi, 'recordPayment')
      .mockRejectedValueOnce(new ApiError(CASH_LIMIT_MESSAGE, 400, { success: false, message: CASH_LIMIT_MESSAGE }));
    const dialog = await fillPayment('200000', 'cash', '', '2999-03-20');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, record it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CASH_LIMIT_MESSAGE);
    expect(record).toHaveBeenCalledWith('o1', { amount: 200000, method: 'cash', reference: '', receivedon: '2999-03-20' });
    // A refused field is shown beside it.
    record.mockRejectedValueOnce(
      new ApiError('Validation failed', 400, {
        success: false,
        message: 'Validation failed',
        errors: [{ path: 'receivedon', message: 'Received on must be a date (YYYY-MM-DD)' }],
      }),
    );
    fireEvent.click(within(dialog).getByTestId('submit-record-payment'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, record it' }));
    expect(await within(dialog).findByTestId('payment-receivedon-error')).toHaveTextContent(
      'Received on must be a date (YYYY-MM-DD)',
    );
  });

  it('asks for the amount before sending anything', async () => {
    show(creditOrder());
    const record = vi.spyOn(creditApi, 'recordPayment');
    const dialog = await fillPayment('', 'upi', '', '2999-03-20');
    expect(await within(dialog).findByTestId('payment-amount-error')).toHaveTextContent('Enter the amount received, in rupees');
    expect(record).not.toHaveBeenCalled();
  });

  it('shows no credit section for an order paid at checkout', async () => {
    const { duedate: _, amountdue: __, payments: ___, ...paidAtCheckout } = creditOrder();
    show(adminOrderOf({ ...paidAtCheckout, paymentstatus: 'Paid', razorpay_payment_id: 'pay_X' }));
    expect(await screen.findByTestId('order-detail')).toBeInTheDocument();
    expect(screen.queryByTestId('credit-section')).toBeNull();
  });
});

describe('refunding a credit order paid outside the shop', () => {
  const paidByNeft = (over: Partial<AdminOrder> = {}) =>
    creditOrder({
      paymentstatus: 'Paid',
      amountdue: 0,
      payments: [{ amount: 90000, method: 'neft', reference: 'UTR881', receivedon: '2999-03-20' }],
      refundable: 90000,
      refundableoffline: 90000,
      ...over,
    });

  it('asks how the money is paid back and its reference, and sends them; the refund shows how it went back', async () => {
    const refunded = paidByNeft({
      paymentstatus: 'Partially refunded',
      refundable: 85000,
      refundableoffline: 85000,
      refundedamount: 5000,
      refunds: [
        {
          _id: 'r1',
          amount: 5000,
          status: 'processed',
          reason: 'Price agreed lower',
          createdAt: '2999-03-21T06:30:00.000Z',
          method: 'neft',
          reference: 'UTR-BACK-1',
        },
      ],
    });
    show(paidByNeft(), refunded);
    const refund = vi.spyOn(adminApi.orders, 'refund').mockResolvedValue(
      answerOf(orderActionRoutes, 'POST /o1/api/admin/refund/:id', {
        success: true,
        message: 'Refund processed',
        order: refunded,
      }),
    );
    fireEvent.click(await screen.findByTestId('open-refund'));
    const dialog = await screen.findByTestId('refund-dialog');
    expect(dialog).toHaveTextContent('₹90,000.00 of it was received outside the shop and is paid back outside it');
    // Paid wholly outside the shop: no choice of Razorpay.
    expect(within(dialog).queryByRole('radio')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '5000' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Price agreed lower' } });
    fireEvent.click(within(dialog).getByTestId('submit-refund'));
    expect(
      await within(dialog).findByText('Give the reference of the payment back (UTR, UPI reference or cheque number)'),
    ).toBeInTheDocument();
    expect(refund).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/Paid back by/), { target: { value: 'neft' } });
    fireEvent.change(within(dialog).getByLabelText(/Reference/), { target: { value: 'UTR-BACK-1' } });
    fireEvent.click(within(dialog).getByTestId('submit-refund'));
    expect(await screen.findByText(/paid back to the customer by NEFT \(UTR-BACK-1\)/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(screen.queryByTestId('refund-dialog')).toBeNull());
    expect(refund).toHaveBeenCalledWith('o1', {
      amount: 5000,
      reason: 'Price agreed lower',
      method: 'neft',
      reference: 'UTR-BACK-1',
    });
    expect(await screen.findByTestId('refund-paid-back')).toHaveTextContent('paid back by NEFT UTR-BACK-1');
  });

  it('offers Razorpay for the part paid online, which sends no method, and caps each part at what it received', async () => {
    show(
      paidByNeft({
        payments: [
          { amount: 40000, method: 'neft', reference: 'UTR881', receivedon: '2999-03-20' },
          { amount: 50000, method: 'razorpay', reference: 'pay_ONLINE', receivedon: '2999-03-21' },
        ],
        refundableoffline: 40000,
      }),
    );
    const refund = vi.spyOn(adminApi.orders, 'refund');
    fireEvent.click(await screen.findByTestId('open-refund'));
    const dialog = await screen.findByTestId('refund-dialog');
    expect(within(dialog).getByLabelText(/Outside the shop/)).toBeChecked();
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '40000.01' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Returned' } });
    fireEvent.change(within(dialog).getByLabelText(/Reference/), { target: { value: 'UTR-2' } });
    fireEvent.click(within(dialog).getByTestId('submit-refund'));
    expect(await within(dialog).findByText('At most ₹40,000.00 received outside the shop can be paid back')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByLabelText(/Through Razorpay/));
    expect(within(dialog).queryByLabelText(/Paid back by/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund everything' }));
    expect(within(dialog).getByLabelText(/Amount/)).toHaveValue('50000.00');
    fireEvent.click(within(dialog).getByTestId('submit-refund'));
    expect(await screen.findByText('The money goes back to the customer’s payment method.')).toBeInTheDocument();
    expect(refund).not.toHaveBeenCalled();
  });

  it('warns before cancelling that money received outside the shop is not refunded by the cancel', async () => {
    show(paidByNeft({ cancellable: true }));
    const cancel = vi.spyOn(adminApi.orders, 'cancel');
    fireEvent.click(await screen.findByTestId('admin-cancel'));
    expect(
      await screen.findByText(
        'The units go back on sale. ₹90,000.00 received outside the shop is paid back outside it: record it with Refund.',
      ),
    ).toBeInTheDocument();
    expect(cancel).not.toHaveBeenCalled();
  });
});
