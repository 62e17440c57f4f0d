import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { abroadCountryName } from '../../../contract/address-rules';
import { DEFAULT_RATTI_IN_CARATS, rattiOf } from '../../../contract/gems';
import { SETTABLE_DELIVERY_STATUSES } from '../../../contract/lifecycle';
import type { AdminOrder } from '../../../contract/orders';
import { creditNoteUrl, type Order } from '../../api/admin';
import { countOf } from '../../ui/plural';
import { Thumbnail } from '../../ui/Thumbnail';
import { formatDateTime, formatINR, thumbnail } from '../format';

type Line = Order['products'][number];

const STATUS_CLASS: Record<string, string> = {
  Delivered: 'bg-green-100 text-green-800',
  Shipped: 'bg-blue-100 text-blue-800',
};

const SWATCH: Record<string, string> = { Gold: '#d4af37', Silver: '#c0c0c0', Gray: '#808080', Lime: '#32cd32' };

function Spec({ label, value }: { label: string; value: string | number | null | undefined }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="shrink-0 text-gray-500">{label}:</dt>
      <dd className="min-w-0 wrap-anywhere text-gray-800">{value}</dd>
    </div>
  );
}

function ProductLine({ line, rattiInCarats }: { line: Line; rattiInCarats: number }) {
  const p = line.productId;
  // Ratti from the carat weight and the shop's ratti setting, as the product page shows it (not a typed ratti).
  const carat = p?.weightcarrat;
  const ratti = typeof carat === 'number' && carat > 0 ? rattiOf(carat, rattiInCarats).toFixed(2) : null;
  const image = p?.productimages[0] ?? line.productimage;
  return (
    <li className="flex gap-3 py-3" data-testid="order-line">
      <Thumbnail
        src={image ? thumbnail(image) : undefined}
        size={64}
        className="size-16 shrink-0 rounded-md object-cover"
        placeholderClassName="size-16 shrink-0 rounded-md bg-gray-100"
        collapse
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium wrap-anywhere text-gray-900">{p?.productname ?? line.productname}</p>
        <div className="mt-0.5 flex flex-wrap gap-x-4 gap-y-0.5 text-gray-600">
          <span>Quantity: {line.quantity}</span>
          {line.size ? <span>Size: {line.size}</span> : null}
          {line.colour ? (
            <span className="inline-flex items-center gap-1">
              Colour:
              <span
                aria-hidden
                className="inline-block size-3 rounded-full border border-black/10"
                style={{ background: SWATCH[line.colour] ?? line.colour.toLowerCase() }}
              />
              {line.colour}
            </span>
          ) : null}
          <span>Price: {formatINR(line.productprice)}</span>
        </div>
        {p ? (
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            <dl className="space-y-0.5">
              <Spec label="Brand" value={p.productbrand || 'N/A'} />
              <Spec label="Stock available" value={p.stockquantity} />
            </dl>
            <dl className="space-y-0.5" aria-label="Gemstone details">
              <Spec label="Treatment" value={p.treatment} />
              <Spec label="Cut" value={p.cut} />
              <Spec label="Shape" value={p.shape} />
              <Spec label="Certification" value={p.certification} />
              <Spec label="Composition" value={p.composition} />
              <Spec label="Origin" value={p.origin} />
              <Spec label="Weight (carat)" value={p.weightcarrat} />
              <Spec label="Weight (ratti)" value={ratti} />
              <Spec label="Weight (grams)" value={p.weightgrams} />
            </dl>
            <dl className="space-y-0.5" aria-label="Technical specs">
              <Spec label="Refractive index" value={p.refractiveindex} />
              <Spec label="Specific gravity" value={p.specificgravity} />
              <Spec
                label="Dimensions"
                value={p.excatdimensions ? `${p.excatdimensions}${p.dimensiontype ? ` ${p.dimensiontype}` : ''}` : ''}
              />
            </dl>
          </div>
        ) : (
          <p className="mt-1 text-sm text-amber-700">Product information unavailable</p>
        )}
      </div>
    </li>
  );
}

const FLAG_TEXT: Record<string, string> = {
  stock_unavailable:
    'Paid after its stock hold ran out, when the stock was gone or a price had changed: do not ship; the payment is refunded in full.',
  amount_mismatch: 'The payment was not for this order’s amount: do not ship; the payment is refunded.',
  coupon_unavailable:
    'Paid after its checkout ran out, when its coupon was used up: do not ship; the payment is refunded in full.',
  quote_already_ordered: 'Paid again for a quote that had already made its order: do not ship; the payment is refunded in full.',
  shipping_missing:
    'Paid without shipping details (the shopper did not come back after paying): contact the customer for the address.',
};
const REFUND_TEXT: Record<AdminOrder['refundstatus'], string> = {
  none: '',
  pending: 'Refund pending.',
  processed: 'Refund processed.',
  failed: 'Refund failed: refund it again from the order’s page.',
};

/** What needs the merchant's attention on an order (a payment that could not be fulfilled, a refund). */
function OrderNotice({ order }: { order: Pick<AdminOrder, 'flag' | 'refundstatus'> }) {
  const flagText = order.flag ? (FLAG_TEXT[order.flag] ?? `Needs attention: ${order.flag}`) : '';
  const refundText = REFUND_TEXT[order.refundstatus] ?? '';
  if (!flagText && !refundText) return null;
  return (
    <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="order-notice">
      {[flagText, refundText].filter(Boolean).join(' ')}
    </p>
  );
}

export function OrderCard({
  order,
  busy,
  onDeliveryChange,
  rattiInCarats = DEFAULT_RATTI_IN_CARATS,
}: {
  order: Order & Partial<Pick<AdminOrder, 'flag' | 'refundstatus'>>;
  busy: boolean;
  onDeliveryChange: (status: Order['deliverystatus']) => void;
  /** Carats in a ratti (the shop's setting): the lines' ratti is worked out from their carat weight with it. */
  rattiInCarats?: number;
}) {
  const paid = order.paymentstatus === 'Paid';
  const ship = order.shippinginfo;
  const selectId = `delivery-${order._id}`;
  // A compact row to scan; the products and shipping details open below it on demand.
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const units = order.products.reduce((n, l) => n + l.quantity, 0);
  const first = order.products[0];
  const firstName = first ? (first.productId?.productname ?? first.productname) : '';
  const more = order.products.length - 1;
  return (
    <article
      className="rounded-xl border border-gray-200 bg-white shadow-sm"
      data-testid="order-card"
      data-order-id={order._id}
      data-expanded={open ? 'true' : 'false'}
    >
      {/* On a phone the header stacks: date, id and badges first, then the total beside the delivery status. */}
      <header className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="order-header">
        <div className="min-w-0 text-sm sm:flex-1">
          <p className="font-semibold text-gray-900">{formatDateTime(order.createdAt)}</p>
          {/* The order's number, as the shopper, the messages and the invoice name it (admins search by it). */}
          <p className="text-xs break-all text-gray-500" data-testid="order-id">
            Order <span className="font-mono font-medium text-gray-800">{order.number}</span>
          </p>
          <p className="mt-1 truncate text-gray-800" data-testid="order-glance">
            {[ship.fullname, ship.city].filter(Boolean).join(' · ')}
            {ship.fullname || ship.city ? ' — ' : ''}
            {countOf(units, 'item')}: {firstName}
            {more > 0 ? ` and ${countOf(more, 'other')}` : ''}
          </p>
          <div className="mt-1.5 flex flex-wrap items-center gap-2">
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[order.status] ?? 'bg-yellow-100 text-yellow-800'}`}
            >
              {order.status}
            </span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${paid ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}
              data-testid="payment-status"
            >
              {order.paymentstatus.toUpperCase()}
            </span>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setOpen((o) => !o)}
              className="inline-flex items-center gap-1 rounded font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              data-testid="order-toggle"
            >
              <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
              {open ? 'Hide products and shipping' : 'Show products and shipping'}
            </button>
            <Link
              to={`/dashboard/orders/${order._id}`}
              className="font-medium text-brand-700 hover:underline"
              data-testid="order-detail-link"
            >
              View details
            </Link>
          </div>
        </div>
        <div
          className="flex min-w-0 flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:shrink-0 sm:flex-col sm:flex-nowrap sm:items-end sm:justify-start"
          data-testid="order-header-side"
        >
          <p className="text-lg font-semibold wrap-anywhere text-gray-900" data-testid="order-total">
            {formatINR(order.totalamount)}
          </p>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <label htmlFor={selectId} className="text-xs text-gray-600">
              Delivery Status
            </label>
            <select
              id={selectId}
              value={order.deliverystatus}
              disabled={busy || order.deliverystatus === 'cancelled'}
              onChange={(e) => onDeliveryChange(e.target.value as Order['deliverystatus'])}
              className="max-w-full min-w-0 rounded-md border border-gray-300 bg-white px-2 py-1 text-sm capitalize focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:opacity-50"
            >
              {SETTABLE_DELIVERY_STATUSES.map((s) => (
                <option key={s} value={s} className="capitalize">
                  {s}
                </option>
              ))}
              {order.deliverystatus === 'cancelled' ? <option value="cancelled">cancelled</option> : null}
            </select>
          </div>
        </div>
      </header>
      <OrderNotice order={{ flag: order.flag ?? null, refundstatus: order.refundstatus ?? 'none' }} />
      <div
        id={bodyId}
        className={`${open ? 'grid' : 'hidden'} grid-cols-1 gap-4 border-t border-gray-100 px-4 py-2 lg:grid-cols-[minmax(0,1fr)_18rem]`}
        data-testid="order-body"
      >
        <ul className="min-w-0 divide-y divide-gray-100" aria-label="Products">
          {order.products.map((line, i) => (
            <ProductLine key={`${line.productname}-${i}`} line={line} rattiInCarats={rattiInCarats} />
          ))}
        </ul>
        <section className="min-w-0 rounded-lg bg-gray-50 p-3 text-sm wrap-anywhere lg:my-3" aria-label="Shipping info">
          <h3 className="mb-1 font-semibold text-gray-900">Shipping Info</h3>
          <p className="text-gray-800">{ship.fullname}</p>
          <p className="text-gray-700">{ship.mobileno}</p>
          <p className="text-gray-700">{ship.address}</p>
          <p className="text-gray-700">
            {ship.city} {ship.pincode}
          </p>
          {abroadCountryName(ship.country) ? (
            <p className="text-gray-700" data-testid="ship-country">
              {[ship.state, abroadCountryName(ship.country)].filter(Boolean).join(', ')}
            </p>
          ) : null}
          {order.user ? (
            <p className="mt-2 text-xs text-gray-500">
              Customer: {order.user.fullname} ({order.user.mobileno})
            </p>
          ) : null}
          <p className="mt-2 text-xs break-all text-gray-500">Payment order: {order.razorpay_order_id}</p>
          <p className="text-xs break-all text-gray-500">Payment: {order.razorpay_payment_id}</p>
          {order.invoice ? (
            <p className="mt-1 text-xs">
              <a href={order.invoice.url} download className="font-medium text-blue-700 underline hover:text-blue-900">
                Download invoice
              </a>{' '}
              <span className="text-gray-600">({order.invoice.number})</span>
            </p>
          ) : null}
          {order.invoice
            ? order.refunds
                .filter((r) => r.status === 'processed')
                .map((r, i) => (
                  <p key={r._id} className="text-xs">
                    <a href={creditNoteUrl(r._id)} download className="font-medium text-blue-700 underline hover:text-blue-900">
                      Credit note {i + 1}
                    </a>
                  </p>
                ))
            : null}
        </section>
      </div>
    </article>
  );
}
