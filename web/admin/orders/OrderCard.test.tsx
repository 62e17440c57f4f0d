import { render as rtlRender, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '../../api/admin';
import { adminOrderOf, aProduct } from '../../test/fixtures';
import { ADMIN_LIFECYCLE_DEFAULTS } from '../../test/order-fixture';
import { OrderCard } from './OrderCard';

const LONG_ID = '3f0c9a52-7d1e-4b8a-9c6f-2e5d4a1b8c7f-ludhiana-gems-order-000000000042';

const order = (over: Partial<AdminOrder> = {}): AdminOrder =>
  adminOrderOf({
    _id: LONG_ID,
    number: 'RG-000042',
    createdAt: '2025-03-10T06:30:00.000Z',
    status: 'Confirmed',
    deliverystatus: 'confirmed',
    paymentstatus: 'Paid',
    totalamount: 12500000,
    products: [
      {
        _id: 'line-1',
        productId: null,
        productname: 'NaturalCertifiedBurmeseRubyPigeonBloodRedUnheatedOval',
        productprice: 12500000,
        listprice: 12500000,
        productimage: '',
        quantity: 1,
        size: '',
        colour: '',
      },
    ],
    shippinginfo: {
      fullname: 'Asha Verma',
      mobileno: '9876543210',
      address: 'Flat-12B/Tower-4/GreenValleyApartments/FerozepurRoad',
      city: 'Ludhiana',
      pincode: '141001',
    },
    razorpay_order_id: 'order_ABCDEFGHIJKLMNOPQRSTUV',
    razorpay_payment_id: 'pay_ZYXWVUTSRQPONMLKJIH',
    flag: null,
    refundstatus: 'none',
    ...ADMIN_LIFECYCLE_DEFAULTS,
    ...over,
  });

/** Cards link to the order's page: they render inside a router. */
const render = (ui: ReactElement) => rtlRender(ui, { wrapper: MemoryRouter });

const classes = (el: HTMLElement) => el.className.split(/\s+/);

describe('order card on a 360 px phone', () => {
  it('stacks the header below 640 px and sits side by side only from sm up', () => {
    render(<OrderCard order={order()} busy={false} onDeliveryChange={vi.fn()} />);
    const header = screen.getByTestId('order-header');
    // Base (phone) layout is a column; the row layout applies only from the sm breakpoint.
    expect(classes(header)).toContain('flex-col');
    expect(classes(header)).toContain('sm:flex-row');
    expect(classes(header)).not.toContain('flex-wrap');
    const side = screen.getByTestId('order-header-side');
    expect(side).toContainElement(screen.getByTestId('order-total'));
    expect(side).toContainElement(screen.getByLabelText('Delivery Status'));
    // The total and the select wrap onto two lines rather than pushing past the card edge.
    expect(classes(side)).toEqual(expect.arrayContaining(['flex-wrap', 'min-w-0']));
    expect(classes(screen.getByLabelText('Delivery Status'))).toEqual(expect.arrayContaining(['max-w-full', 'min-w-0']));
  });

  it('shows the order number the shopper sees (not the id), wrapped instead of cut off', () => {
    render(<OrderCard order={order()} busy={false} onDeliveryChange={vi.fn()} />);
    const id = screen.getByTestId('order-id');
    expect(id).toHaveTextContent('Order RG-000042');
    expect(id).not.toHaveTextContent(LONG_ID);
    expect(classes(id)).toContain('break-all');
    expect(classes(id)).not.toContain('truncate');
    expect(classes(id.parentElement as HTMLElement)).toContain('min-w-0');
  });

  it('lets the body columns shrink below their longest word and wraps long names and addresses', () => {
    render(<OrderCard order={order()} busy={false} onDeliveryChange={vi.fn()} />);
    const body = screen.getByTestId('order-body');
    expect(classes(body)).toContain('grid-cols-1');
    expect(body.className).toContain('lg:grid-cols-[minmax(0,1fr)_18rem]');
    for (const child of Array.from(body.children)) expect(classes(child as HTMLElement)).toContain('min-w-0');
    const card = screen.getByTestId('order-card');
    expect(classes(within(card).getByText(order().products[0]?.productname ?? ''))).toContain('wrap-anywhere');
    expect(classes(screen.getByRole('region', { name: 'Shipping info' }))).toContain('wrap-anywhere');
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹1,25,00,000.00');
    expect(within(card).getByText('Product information unavailable')).toBeInTheDocument();
  });
});

describe('what needs the merchant’s attention', () => {
  it('says nothing on an ordinary paid order', () => {
    render(<OrderCard order={order({ flag: null, refundstatus: 'none' })} busy={false} onDeliveryChange={vi.fn()} />);
    expect(screen.queryByTestId('order-notice')).toBeNull();
  });

  it('says a payment that came after the stock was gone must not be shipped, and how its refund stands', () => {
    const { rerender } = render(
      <OrderCard
        order={order({ paymentstatus: 'Paid', flag: 'stock_unavailable', refundstatus: 'pending' })}
        busy={false}
        onDeliveryChange={vi.fn()}
      />,
    );
    expect(screen.getByTestId('order-notice')).toHaveTextContent(
      /stock was gone or a price had changed: do not ship.*Refund pending\./,
    );
    rerender(
      <OrderCard
        order={order({ paymentstatus: 'Refunded', flag: 'stock_unavailable', refundstatus: 'failed' })}
        busy={false}
        onDeliveryChange={vi.fn()}
      />,
    );
    expect(screen.getByTestId('order-notice')).toHaveTextContent('Refund failed: refund it again from the order’s page.');
  });

  it('says a second payment for a quote already ordered must not be shipped', () => {
    render(
      <OrderCard
        order={order({ paymentstatus: 'Refunded', flag: 'quote_already_ordered', refundstatus: 'processed' })}
        busy={false}
        onDeliveryChange={vi.fn()}
      />,
    );
    expect(screen.getByTestId('order-notice')).toHaveTextContent(
      /Paid again for a quote that had already made its order: do not ship.*Refund processed\./,
    );
  });

  it('names a wrong amount and a missing address', () => {
    const { rerender } = render(
      <OrderCard order={order({ flag: 'amount_mismatch', refundstatus: 'processed' })} busy={false} onDeliveryChange={vi.fn()} />,
    );
    expect(screen.getByTestId('order-notice')).toHaveTextContent(/not for this order’s amount.*Refund processed\./);
    rerender(
      <OrderCard order={order({ flag: 'shipping_missing', refundstatus: 'none' })} busy={false} onDeliveryChange={vi.fn()} />,
    );
    expect(screen.getByTestId('order-notice')).toHaveTextContent('contact the customer for the address');
  });

  it('links to the order’s page, and a cancelled order’s status cannot be changed from the card', () => {
    render(
      <OrderCard order={order({ deliverystatus: 'cancelled', status: 'Cancelled' })} busy={false} onDeliveryChange={vi.fn()} />,
    );
    expect(screen.getByTestId('order-detail-link').getAttribute('href')).toBe(`/dashboard/orders/${LONG_ID}`);
    const select = screen.getByLabelText('Delivery Status') as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.value).toBe('cancelled');
  });

  it('offers the tax invoice of a paid order and a credit note for each processed refund', () => {
    const { rerender } = render(<OrderCard order={order()} busy={false} onDeliveryChange={vi.fn()} />);
    expect(screen.queryByRole('link', { name: 'Download invoice' })).toBeNull();
    const refund = (id: string, status: 'processed' | 'pending') => ({
      _id: id,
      amount: 100,
      status,
      reason: '',
      createdAt: '2025-03-11T06:30:00.000Z',
    });
    rerender(
      <OrderCard
        order={order({
          invoice: {
            number: 'RG/24-25/000042',
            url: `/o1/api/invoice/${LONG_ID}`,
            irn: null,
            ackno: null,
            ackdate: null,
            einvoicestatus: 'notrequired',
          },
          refunds: [refund('r-1', 'processed'), refund('r-2', 'pending')],
        })}
        busy={false}
        onDeliveryChange={vi.fn()}
      />,
    );
    const link = screen.getByRole('link', { name: 'Download invoice' });
    expect(link).toHaveAttribute('href', `/o1/api/invoice/${LONG_ID}`);
    expect(link.parentElement).toHaveTextContent('RG/24-25/000042');
    expect(screen.getByRole('link', { name: 'Credit note 1' })).toHaveAttribute('href', '/o1/api/credit-note/r-1');
    expect(screen.queryByRole('link', { name: 'Credit note 2' })).toBeNull();
  });
});

describe('an order shipped abroad', () => {
  it('its shipping info names the region and country; an Indian order names none', () => {
    const abroad = order({
      shippinginfo: {
        country: 'GB',
        fullname: 'Tom Hale',
        mobileno: '+442079460958',
        address: '10 Downing Street',
        city: 'London',
        pincode: 'SW1A 2AA',
        state: '',
      },
    });
    const { unmount } = render(<OrderCard order={abroad} busy={false} onDeliveryChange={vi.fn()} />);
    const info = screen.getByRole('region', { name: 'Shipping info' });
    expect(info).toHaveTextContent('London SW1A 2AA');
    expect(within(info).getByTestId('ship-country')).toHaveTextContent(/^United Kingdom$/);
    unmount();
    render(<OrderCard order={order()} busy={false} onDeliveryChange={vi.fn()} />);
    expect(screen.queryByTestId('ship-country')).toBeNull();
  });
});

describe('a stone’s weight on the card', () => {
  it('gives its ratti from the carat weight and the shop’s ratti setting, not the ratti typed on the product', () => {
    // 9.1 ct with a typed ratti of 5: 10 standard (pakki) ratti of 0.91 ct, 14.92 kachi ratti of 0.61 ct
    const stone = order({
      products: [
        {
          _id: 'line-1',
          productId: aProduct({ weightcarrat: 9.1, weightratti: 5 }),
          productname: 'Burmese Ruby (Manik) 9.1 Carat Oval',
          productprice: 900000,
          listprice: 900000,
          productimage: '',
          quantity: 1,
          size: '',
          colour: '',
        },
      ],
    });
    const ratti = () => screen.getByText('Weight (ratti):').parentElement;
    const { unmount } = render(<OrderCard order={stone} busy={false} onDeliveryChange={vi.fn()} />);
    expect(ratti()).toHaveTextContent(/^Weight \(ratti\):10\.00$/);
    unmount();
    render(<OrderCard order={stone} busy={false} onDeliveryChange={vi.fn()} rattiInCarats={0.61} />);
    expect(ratti()).toHaveTextContent(/^Weight \(ratti\):14\.92$/);
  });
});
