import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderActionRoutes } from '../../../contract/order-actions';
import { type AdminOrder, adminApi } from '../../api/admin';
import { answerOf } from '../../test/answers';
import { adminOrderOf } from '../../test/fixtures';
import { ADMIN_LIFECYCLE_DEFAULTS } from '../../test/order-fixture';
import OrderDetailPage from './OrderDetailPage';

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const order = (shippinginfo: AdminOrder['shippinginfo']): AdminOrder =>
  adminOrderOf({
    _id: 'o1',
    number: 'RG-000042',
    createdAt: '2026-03-10T06:30:00.000Z',
    status: 'Confirmed',
    deliverystatus: 'confirmed',
    paymentstatus: 'Paid',
    totalamount: 94000,
    products: [
      {
        _id: 'line-1',
        productId: null,
        productname: 'Burmese Ruby',
        productprice: 90000,
        listprice: 90000,
        productimage: '',
        quantity: 1,
        size: '',
        colour: '',
      },
    ],
    shippinginfo,
    razorpay_order_id: 'order_ABCDEFGHIJKLMN',
    razorpay_payment_id: 'pay_ABCDEFGHIJKLMN',
    flag: null,
    refundstatus: 'none',
    ...ADMIN_LIFECYCLE_DEFAULTS,
  });

function show(o: AdminOrder) {
  vi.spyOn(adminApi.orders, 'detail').mockResolvedValue(
    answerOf(orderActionRoutes, 'GET /o1/api/admin/orders/:id', { success: true, order: o }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/dashboard/orders/:id', Component: OrderDetailPage }], {
    initialEntries: ['/dashboard/orders/o1'],
  });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the back-office order page', () => {
  it('names the region and country of an address abroad, and offers its customs declaration', async () => {
    show({
      ...order({
        country: 'US',
        fullname: 'Ann Lee',
        mobileno: '+12125550123',
        address: '350 Fifth Avenue',
        city: 'New York',
        pincode: '10118',
        state: 'NY',
      }),
      invoice: {
        number: 'RG/26-27/000001',
        url: '/o1/api/invoice/o1',
        irn: null,
        ackno: null,
        ackdate: null,
        einvoicestatus: 'notrequired',
      },
    });
    expect(await screen.findByTestId('ship-country')).toHaveTextContent(/^NY, United States$/);
    expect(screen.getByText('+12125550123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download customs declaration' })).toHaveAttribute(
      'href',
      '/o1/api/admin/customs/o1',
    );
  });

  it('ships a parcel abroad with its CSB-V shipping bill and port code, checked before sending', async () => {
    const o = order({
      country: 'US',
      fullname: 'Ann Lee',
      mobileno: '+12125550123',
      address: '350 Fifth Avenue',
      city: 'New York',
      pincode: '10118',
      state: 'NY',
    });
    show(o);
    const ship = vi.spyOn(adminApi.orders, 'ship').mockResolvedValue(
      answerOf(orderActionRoutes, 'PATCH /o1/api/admin/shipment/:id', {
        success: true,
        message: 'Shipment recorded',
        order: o,
      }),
    );
    const section = await screen.findByTestId('shipment-section');
    fireEvent.change(within(section).getByLabelText(/Carrier/), { target: { value: 'DHL Express' } });
    fireEvent.change(within(section).getByLabelText(/Tracking number/), { target: { value: '1234567890' } });
    fireEvent.change(within(section).getByLabelText(/Port code/), { target: { value: 'DEL' } });
    fireEvent.change(within(section).getByLabelText(/Shipping bill number/), { target: { value: '7654321' } });
    fireEvent.change(within(section).getByLabelText(/Shipping bill date/), { target: { value: '2026-11-20' } });
    fireEvent.click(within(section).getByTestId('save-shipment'));
    expect(await within(section).findByText('The port code is 6 letters and digits, such as INDEL4')).toBeInTheDocument();
    expect(ship).not.toHaveBeenCalled();

    fireEvent.change(within(section).getByLabelText(/Port code/), { target: { value: 'INDEL4' } });
    fireEvent.click(within(section).getByTestId('save-shipment'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, shipped' }));
    await waitFor(() =>
      expect(ship).toHaveBeenCalledWith('o1', {
        carrier: 'DHL Express',
        trackingnumber: '1234567890',
        portcode: 'INDEL4',
        shippingbill: '7654321',
        shippingbilldate: '2026-11-20',
      }),
    );
  });

  it('shows the coupon’s discount, and what a buyer abroad paid in their currency at the order’s rate', async () => {
    show({
      ...order({
        country: 'US',
        fullname: 'Ann Lee',
        mobileno: '+12125550123',
        address: '350 Fifth Avenue',
        city: 'New York',
        pincode: '10118',
        state: 'NY',
      }),
      discountamount: 1500,
      couponcode: 'DIWALI10',
      currency: 'USD',
      currencyamount: 1110.33,
      fxrate: 0.011812,
    });
    expect(await screen.findByTestId('detail-discount')).toHaveTextContent('Discount (DIWALI10)−₹1,500.00');
    expect(screen.getByTestId('detail-currency')).toHaveTextContent('Paid in USDUS$1,110.33 (1 USD = ₹84.66)');
  });

  it('a rupee order without a coupon shows neither', async () => {
    show(order({ fullname: 'Meera', mobileno: '9876543210', address: '12 Mall Road', city: 'Ludhiana', pincode: '141001' }));
    await screen.findByTestId('detail-line');
    expect(screen.queryByTestId('detail-discount')).toBeNull();
    expect(screen.queryByTestId('detail-currency')).toBeNull();
  });

  it('adds a private note at once, with no question to confirm', async () => {
    const o = order({
      fullname: 'Asha Verma',
      mobileno: '9876543210',
      address: '12 Mall Road',
      city: 'Ludhiana',
      pincode: '141001',
    });
    show(o);
    const note = vi
      .spyOn(adminApi.orders, 'note')
      .mockResolvedValue(answerOf(orderActionRoutes, 'POST /o1/api/admin/note/:id', { success: true, order: o }));
    fireEvent.change(await screen.findByLabelText(/Private note/), { target: { value: 'Called the buyer' } });
    fireEvent.click(screen.getByTestId('add-note'));
    await waitFor(() => expect(note).toHaveBeenCalledWith('o1', 'Called the buyer'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(/Private note/)).toHaveValue(''));
  });

  it('an Indian address names no country, and has no customs declaration', async () => {
    show({
      ...order({
        fullname: 'Asha Verma',
        mobileno: '9876543210',
        address: '12 Mall Road',
        city: 'Ludhiana',
        pincode: '141001',
      }),
      invoice: {
        number: 'RG/26-27/000002',
        url: '/o1/api/invoice/o1',
        irn: null,
        ackno: null,
        ackdate: null,
        einvoicestatus: 'notrequired',
      },
    });
    expect(await screen.findByText('Ludhiana 141001')).toBeInTheDocument();
    expect(screen.queryByTestId('ship-country')).toBeNull();
    expect(within(document.body).queryByText(/India/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download customs declaration' })).toBeNull();
    expect(within(await screen.findByTestId('shipment-section')).queryByLabelText(/Port code/)).toBeNull();
  });

  it('shows a registered invoice’s IRN and acknowledgement, linked to the E-invoices screen', async () => {
    const irn = 'b'.repeat(64);
    show({
      ...order({
        fullname: 'Kiran Traders',
        mobileno: '9876543210',
        address: '14 Zaveri Bazaar',
        city: 'Mumbai',
        pincode: '400002',
      }),
      invoice: {
        number: 'RG/26-27/000003',
        url: '/o1/api/invoice/o1',
        irn,
        ackno: '112610000000001',
        ackdate: '2026-11-29T06:30:00.000Z',
        einvoicestatus: 'registered',
      },
    });
    const einvoice = await screen.findByTestId('einvoice');
    expect(einvoice).toHaveTextContent(`IRN ${irn} · Ack No 112610000000001`);
    expect(within(einvoice).getByRole('link', { name: 'Registered' })).toHaveAttribute(
      'href',
      '/dashboard/einvoices?status=registered',
    );
  });

  it('offers each voucher of an advance: the receipt voucher received and the refund voucher paying it back', async () => {
    show({
      ...order({ fullname: 'Asha Verma', mobileno: '9876543210', address: '12 Mall Road', city: 'Ludhiana', pincode: '141001' }),
      deliverystatus: 'cancelled',
      receipt: { number: 'RV/26-27/000004', url: '/o1/api/receipt/o1' },
      vouchers: [
        {
          kind: 'receipt',
          number: 'RV/26-27/000004',
          url: '/o1/api/receipt-voucher/v1',
          amount: 94000,
          date: '2026-03-10T06:30:00.000Z',
        },
        {
          kind: 'refund',
          number: 'RF/26-27/000001',
          url: '/o1/api/refund-voucher/r1',
          amount: 94000,
          date: '2026-03-11T06:30:00.000Z',
        },
      ],
    });
    const payment = await screen.findByTestId('payment-section');
    expect(within(payment).getByRole('link', { name: 'Download receipt voucher' })).toHaveAttribute(
      'href',
      '/o1/api/receipt-voucher/v1',
    );
    const refund = within(payment).getByRole('link', { name: 'Download refund voucher' });
    expect(refund).toHaveAttribute('href', '/o1/api/refund-voucher/r1');
    expect(refund.parentElement).toHaveTextContent('(RF/26-27/000001) ₹94,000');
    expect(within(payment).getByText('Advance refunded')).toBeInTheDocument();
  });

  it('shows the place of supply and a business buyer’s GSTIN with its legal name', async () => {
    show(
      order({
        fullname: 'Asha Verma',
        mobileno: '9876543210',
        address: '12 Mall Road',
        city: 'Ludhiana',
        pincode: '141001',
        state: 'Punjab',
        gstin: '03AAACR5055K1Z5',
        legalname: 'Verma Gems Private Limited',
      }),
    );
    expect(await screen.findByTestId('place-of-supply')).toHaveTextContent(/^Place of supply: Punjab$/);
    expect(screen.getByTestId('buyer-gstin')).toHaveTextContent(/^GSTIN: 03AAACR5055K1Z5 \(Verma Gems Private Limited\)$/);
  });

  it('names no GSTIN for a shopper who gave none, and no place of supply for a parcel abroad', async () => {
    show(
      order({
        country: 'US',
        fullname: 'Ann Lee',
        mobileno: '+12125550123',
        address: '350 Fifth Avenue',
        city: 'New York',
        pincode: '10118',
        state: 'NY',
      }),
    );
    expect(await screen.findByTestId('ship-country')).toBeInTheDocument();
    expect(screen.queryByTestId('place-of-supply')).toBeNull();
    expect(screen.queryByTestId('buyer-gstin')).toBeNull();
  });

  it('starts the refund empty, offers what is left with "Refund everything", and refuses more than that', async () => {
    const refund = vi.spyOn(adminApi.orders, 'refund');
    show({
      ...order({
        fullname: 'Asha Verma',
        mobileno: '9876543210',
        address: '12 Mall Road',
        city: 'Ludhiana',
        pincode: '141001',
      }),
      refundable: 900,
    });
    fireEvent.click(await screen.findByTestId('open-refund'));
    const dialog = await screen.findByTestId('refund-dialog');
    expect(dialog).toHaveTextContent('Up to ₹900.00 is left to refund.');
    const amount = within(dialog).getByLabelText(/Amount/);
    expect(amount).toHaveValue('');
    expect(amount).toHaveAttribute('placeholder', 'up to ₹900.00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund everything' }));
    expect(amount).toHaveValue('900.00');

    fireEvent.change(amount, { target: { value: '900.01' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Returned unworn' } });
    fireEvent.click(within(dialog).getByTestId('submit-refund'));
    expect(await within(dialog).findByText('At most ₹900.00 can be refunded')).toBeInTheDocument();
    expect(refund).not.toHaveBeenCalled();
  });
});
