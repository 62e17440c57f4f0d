import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, Fragment, useState } from 'react';
import { Link, useParams } from 'react-router';
import { abroadCountryName } from '../../../contract/address-rules';
import { formatCurrency } from '../../../contract/currency-rules';
import { type DeliveryStatus, SHIPPABLE_STATUSES } from '../../../contract/lifecycle';
import { type AdminOrder, adminApi, creditNoteUrl } from '../../api/admin';
import { ApiError } from '../../api/client';
import { Button, Field, RadioGroup, SelectField, Textarea, TextField } from '../../ui/form';
import { OrderTimeline } from '../../ui/OrderTimeline';
import { formatDateTime, formatINR } from '../format';
import { useConfirm } from '../ui/Confirm';
import { Modal } from '../ui/Modal';
import { notice } from '../ui/Notice';
import { ErrorBanner, PageHeader } from '../ui/Page';
import { CreditSection, METHODS, type Method, methodName, type Run } from './CreditPayments';
import { ProductionSection } from './ProductionSection';

/** Where the invoice stands with the IRP (the E-invoices screen's words). */
const EINVOICE_LABEL: Record<NonNullable<AdminOrder['invoice']>['einvoicestatus'], string> = {
  notrequired: 'Not required',
  pending: 'Pending',
  registered: 'Registered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const REFUND_STATUS_CLASS: Record<string, string> = {
  processed: 'bg-green-100 text-green-800',
  pending: 'bg-yellow-100 text-yellow-800',
  failed: 'bg-red-100 text-red-800',
};

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm" data-testid={testId} aria-label={title}>
      <h2 className="mb-3 text-base font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

/** The back-office page of one order: timeline, payment and refunds, shipment, return, notes, cancel. */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const key = ['admin', 'order', id];
  const query = useQuery({ queryKey: key, queryFn: async () => (await adminApi.orders.detail(id)).order });
  const { confirm, element: confirmElement } = useConfirm();

  /** Confirms, runs the call, shows the answer's order and a notice; false when cancelled or refused. */
  async function run(
    question: { title: string; text: string; confirmLabel: string } | null,
    call: () => Promise<{ order: AdminOrder; message?: string }>,
    success: string,
    refusalShownHere = false,
  ) {
    if (question && !(await confirm(question))) return false;
    try {
      const res = await call();
      qc.setQueryData(key, res.order);
      void qc.invalidateQueries({ queryKey: ['admin', 'orders'] });
      notice.success(res.message ?? success);
      return true;
    } catch (err) {
      if (!refusalShownHere) notice.error(err instanceof Error ? err.message : 'Something went wrong.');
      if (err instanceof ApiError && err.status !== 400) void qc.invalidateQueries({ queryKey: key });
      throw err;
    }
  }

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" className="space-y-3">
        <div className="h-8 w-64 animate-pulse rounded bg-gray-100" />
        <div className="h-64 animate-pulse rounded-xl bg-gray-100" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div>
        <BackLink />
        <ErrorBanner>
          {query.error instanceof ApiError && query.error.status === 404 ? 'Order not found' : 'The order could not be loaded.'}
        </ErrorBanner>
      </div>
    );
  }
  const order = query.data;
  return (
    <div className="space-y-4" data-testid="order-detail">
      {confirmElement}
      <BackLink />
      <PageHeader
        title={`Order ${order.number}`}
        subtitle={
          <span>
            {formatDateTime(order.createdAt)} · <span data-testid="detail-status">{order.status}</span> ·{' '}
            <span data-testid="detail-payment">{order.paymentstatus}</span>
          </span>
        }
        actions={
          order.cancellable ? (
            <Button
              variant="danger"
              data-testid="admin-cancel"
              onClick={() =>
                run(
                  {
                    title: 'Cancel this order?',
                    text: cancelWords(order),
                    confirmLabel: 'Yes, cancel it',
                  },
                  () => adminApi.orders.cancel(order._id),
                  'Order cancelled',
                ).catch(() => {})
              }
            >
              Cancel order
            </Button>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <Section title="Items">
            <ul className="divide-y divide-gray-100" aria-label="Products">
              {order.products.map((l) => (
                <li key={l._id} className="flex justify-between gap-3 py-2 text-sm" data-testid="detail-line">
                  <span className="min-w-0 wrap-anywhere">
                    {l.productname} × {l.quantity}
                    {l.size ? ` · ${l.size}` : ''}
                    {l.colour ? ` · ${l.colour}` : ''}
                  </span>
                  <span className="shrink-0 tabular-nums">{formatINR(l.productprice * l.quantity)}</span>
                </li>
              ))}
            </ul>
            {order.shipping ? (
              <p className="flex justify-between gap-3 border-t border-gray-100 py-2 text-sm" data-testid="detail-shipping">
                <span className="min-w-0 wrap-anywhere">
                  Shipping: {order.shipping.name} ({order.shipping.mindays}–{order.shipping.maxdays} business days)
                </span>
                <span className="shrink-0 tabular-nums">
                  {order.shipping.amount === 0 ? 'Free' : formatINR(order.shipping.amount)}
                </span>
              </p>
            ) : null}
            {order.discountamount > 0 ? (
              <p className="flex justify-between gap-3 border-t border-gray-100 py-2 text-sm" data-testid="detail-discount">
                <span className="min-w-0 wrap-anywhere">Discount{order.couponcode ? ` (${order.couponcode})` : ''}</span>
                <span className="shrink-0 text-green-800 tabular-nums">−{formatINR(order.discountamount)}</span>
              </p>
            ) : null}
            <p className="mt-2 flex justify-between border-t border-gray-100 pt-2 font-semibold">
              <span>Total</span>
              <span>{formatINR(order.totalamount)}</span>
            </p>
            {order.currency && order.currency !== 'INR' && order.currencyamount !== undefined && order.fxrate ? (
              <p className="flex justify-between gap-3 text-sm text-gray-700" data-testid="detail-currency">
                <span>Paid in {order.currency}</span>
                <span className="tabular-nums">
                  {formatCurrency(order.currencyamount, order.currency)} (1 {order.currency} = {formatINR(1 / order.fxrate)})
                </span>
              </p>
            ) : null}
          </Section>
          <ProductionSection order={order} run={run} />
          <CreditSection order={order} run={run} />
          <PaymentSection order={order} run={run} />
          <ReturnSection order={order} run={run} />
          <Section title="Timeline" testId="admin-timeline">
            <OrderTimeline events={order.events} admin />
            <NoteForm order={order} run={run} />
          </Section>
        </div>
        <div className="min-w-0 space-y-4">
          <Section title="Customer and shipping">
            <div className="text-sm wrap-anywhere text-gray-700">
              {order.user ? (
                <p className="font-medium text-gray-900">
                  {order.user.fullname} ({order.user.mobileno})
                </p>
              ) : null}
              <p>{order.shippinginfo.fullname}</p>
              <p>{order.shippinginfo.address}</p>
              <p>
                {order.shippinginfo.city} {order.shippinginfo.pincode}
              </p>
              {abroadCountryName(order.shippinginfo.country) ? (
                <p data-testid="ship-country">
                  {[order.shippinginfo.state, abroadCountryName(order.shippinginfo.country)].filter(Boolean).join(', ')}
                </p>
              ) : null}
              <p>{order.shippinginfo.mobileno}</p>
              {/* What the tax invoice rests on: the state the supply is made to, and a business buyer's GSTIN. */}
              {!abroadCountryName(order.shippinginfo.country) && order.shippinginfo.state ? (
                <p className="mt-2" data-testid="place-of-supply">
                  Place of supply: {order.shippinginfo.state}
                </p>
              ) : null}
              {order.shippinginfo.gstin ? (
                <p data-testid="buyer-gstin">
                  GSTIN: {order.shippinginfo.gstin}
                  {order.shippinginfo.legalname ? ` (${order.shippinginfo.legalname})` : ''}
                </p>
              ) : null}
            </div>
          </Section>
          <ShipmentSection order={order} run={run} />
        </div>
      </div>
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/dashboard/orders" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
      <ArrowLeft aria-hidden className="size-4" /> Orders
    </Link>
  );
}

/** What is left to refund of the money paid through the shop (a cancel or a return refunds only that). */
const onlineLeft = (order: AdminOrder) => Math.round((order.refundable - (order.refundableoffline ?? 0)) * 100) / 100;

/** What cancelling does to the money: what was paid through the shop is refunded; money received outside it is not. */
function cancelWords(order: AdminOrder) {
  const outside = order.refundableoffline ?? 0;
  const online = onlineLeft(order);
  if (outside <= 0) return `The units go back on sale and ${formatINR(order.refundable)} is refunded to the customer.`;
  return `The units go back on sale${online > 0 ? ` and ${formatINR(online)} is refunded to the customer` : ''}. ${formatINR(outside)} received outside the shop is paid back outside it: record it with Refund.`;
}

function PaymentSection({ order, run }: { order: AdminOrder; run: Run }) {
  const [open, setOpen] = useState(false);
  return (
    <Section title="Payment and refunds" testId="payment-section">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-500">Payment</dt>
        <dd className="break-all">{order.razorpay_payment_id}</dd>
        <dt className="text-gray-500">Refunded</dt>
        <dd data-testid="refunded-amount">{formatINR(order.refundedamount)}</dd>
        <dt className="text-gray-500">Left to refund</dt>
        <dd data-testid="refundable-amount">{formatINR(order.refundable)}</dd>
        {order.vouchers.map((v) => (
          <Fragment key={v.number}>
            <dt className="text-gray-500">{v.kind === 'receipt' ? 'Advance receipt' : 'Advance refunded'}</dt>
            <dd className="wrap-anywhere">
              <a
                href={v.url}
                download
                className="font-medium text-blue-700 underline hover:text-blue-900"
                data-testid={v.kind === 'receipt' ? 'receipt-link' : 'refund-voucher-link'}
              >
                {v.kind === 'receipt' ? 'Download receipt voucher' : 'Download refund voucher'}
              </a>{' '}
              <span className="text-gray-600">
                ({v.number}) {formatINR(v.amount)}
              </span>
            </dd>
          </Fragment>
        ))}
        {order.invoice ? (
          <>
            <dt className="text-gray-500">Tax invoice</dt>
            <dd className="wrap-anywhere">
              <a
                href={order.invoice.url}
                download
                className="font-medium text-blue-700 underline hover:text-blue-900"
                data-testid="invoice-link"
              >
                Download invoice
              </a>{' '}
              <span className="text-gray-600">({order.invoice.number})</span>
            </dd>
            {order.invoice.einvoicestatus !== 'notrequired' ? (
              <>
                <dt className="text-gray-500">E-invoice</dt>
                <dd className="wrap-anywhere" data-testid="einvoice">
                  <Link
                    to={`/dashboard/einvoices?status=${order.invoice.einvoicestatus}`}
                    className="font-medium text-blue-700 underline hover:text-blue-900"
                  >
                    {EINVOICE_LABEL[order.invoice.einvoicestatus]}
                  </Link>
                  {order.invoice.irn ? (
                    <span className="block font-mono text-xs text-gray-700">
                      IRN {order.invoice.irn}
                      {order.invoice.ackno ? ` · Ack No ${order.invoice.ackno}` : ''}
                    </span>
                  ) : null}
                </dd>
              </>
            ) : null}
            {abroadCountryName(order.shippinginfo.country) ? (
              <>
                <dt className="text-gray-500">Customs</dt>
                <dd>
                  <a
                    href={`/o1/api/admin/customs/${order._id}`}
                    download
                    className="font-medium text-blue-700 underline hover:text-blue-900"
                    data-testid="customs-link"
                  >
                    Download customs declaration
                  </a>
                </dd>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
      {order.refunds.length ? (
        <ul className="mt-3 divide-y divide-gray-100 text-sm" aria-label="Refunds">
          {order.refunds.map((r) => (
            <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="refund-row">
              <span className="min-w-0 wrap-anywhere">
                {formatINR(r.amount)} · {r.reason || 'Refund'} · {formatDateTime(r.createdAt)}
                {r.method ? (
                  <span data-testid="refund-paid-back">
                    {' '}
                    · paid back by {methodName(r.method)}
                    {r.reference ? ` ${r.reference}` : ''}
                  </span>
                ) : null}
              </span>
              <span className="flex items-center gap-3">
                {order.invoice && r.status === 'processed' ? (
                  <a
                    href={creditNoteUrl(r._id)}
                    download
                    className="text-xs font-medium text-blue-700 underline hover:text-blue-900"
                    data-testid="credit-note-link"
                  >
                    Credit note
                  </a>
                ) : null}
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${REFUND_STATUS_CLASS[r.status] ?? ''}`}>
                  {r.status}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3">
        <Button variant="secondary" disabled={order.refundable <= 0} onClick={() => setOpen(true)} data-testid="open-refund">
          Refund
        </Button>
      </div>
      {open ? <RefundDialog order={order} run={run} onClose={() => setOpen(false)} /> : null}
    </Section>
  );
}

function RefundDialog({ order, run, onClose }: { order: AdminOrder; run: Run; onClose: () => void }) {
  // Money received outside the shop (a credit order's recorded payments) is paid back outside it: the form asks how.
  const outsideLeft = order.refundableoffline ?? 0;
  const throughShop = onlineLeft(order);
  const [way, setWay] = useState<'outside' | 'online'>(outsideLeft > 0 ? 'outside' : 'online');
  const outside = way === 'outside';
  const cap = outside ? outsideLeft : throughShop;
  const [method, setMethod] = useState<Method>('neft');
  const [reference, setReference] = useState('');
  // The amount starts empty: the merchant types what to give back, or asks for everything that is left.
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const lines = order.products.filter((l) => order.restockable.some((r) => r.lineId === l._id));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = Number(amount);
    const found: Record<string, string> = {};
    if (!Number.isFinite(value) || value <= 0 || Math.round(value * 100) !== Math.round(value * 100 * 1e6) / 1e6) {
      found.amount = 'Enter an amount above zero, in rupees with at most 2 decimals';
    } else if (value > cap) {
      found.amount = outside
        ? `At most ${formatINR(cap)} received outside the shop can be paid back`
        : `At most ${formatINR(cap)} can be refunded`;
    }
    if (!reason.trim()) found.reason = 'Give a reason for the refund';
    if (outside && method !== 'cash' && !reference.trim()) {
      found.reference = 'Give the reference of the payment back (UTR, UPI reference or cheque number)';
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const units = Object.entries(restock)
      .map(([lineId, q]) => ({ lineId, quantity: Number(q) }))
      .filter((r) => Number.isInteger(r.quantity) && r.quantity > 0);
    setBusy(true);
    try {
      const done = await run(
        {
          title: `Refund ${formatINR(value)}?`,
          text: outside
            ? `Record ${formatINR(value)} paid back to the customer by ${methodName(method)}${reference.trim() ? ` (${reference.trim()})` : ''}.${
                units.length ? ` ${units.reduce((s, u) => s + u.quantity, 0)} unit(s) go back on sale.` : ''
              }`
            : units.length
              ? `The money goes back to the customer and ${units.reduce((s, u) => s + u.quantity, 0)} unit(s) go back on sale.`
              : 'The money goes back to the customer’s payment method.',
          confirmLabel: 'Yes, refund',
        },
        () =>
          adminApi.orders.refund(order._id, {
            amount: value,
            reason: reason.trim(),
            ...(units.length ? { restock: units } : {}),
            ...(outside ? { method, ...(reference.trim() ? { reference: reference.trim() } : {}) } : {}),
          }),
        outside ? 'Refund recorded' : 'Refund started',
      );
      if (done) onClose();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Refund"
      description={
        outsideLeft > 0
          ? `Up to ${formatINR(order.refundable)} is left to refund; ${formatINR(outsideLeft)} of it was received outside the shop and is paid back outside it.`
          : `Up to ${formatINR(order.refundable)} is left to refund.`
      }
      showDescription
      locked={busy}
      testId="refund-dialog"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {outsideLeft > 0 && throughShop > 0 ? (
          <RadioGroup
            legend="Pay back"
            name="refund-way"
            value={way}
            options={[
              ['outside', `Outside the shop (up to ${formatINR(outsideLeft)})`],
              ['online', `Through Razorpay (up to ${formatINR(throughShop)})`],
            ]}
            onChange={setWay}
            disabled={busy}
          />
        ) : null}
        <TextField
          id="refund-amount"
          label="Amount (₹)"
          required
          error={errors.amount}
          inputMode="decimal"
          placeholder={`up to ${formatINR(cap)}`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <Button variant="secondary" onClick={() => setAmount(cap.toFixed(2))} disabled={busy}>
          Refund everything
        </Button>
        {outside ? (
          <>
            <SelectField
              id="refund-method"
              label="Paid back by"
              required
              error={errors.method}
              options={METHODS}
              value={method}
              onChange={(e) => setMethod(e.target.value as Method)}
            />
            <TextField
              id="refund-reference"
              label="Reference"
              hint="UTR, UPI reference or cheque number"
              error={errors.reference}
              maxLength={100}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          </>
        ) : null}
        <TextField
          id="refund-reason"
          label="Reason"
          required
          error={errors.reason}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
        {lines.length ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-gray-800">Put units back on sale</legend>
            {lines.map((l) => {
              const max = order.restockable.find((r) => r.lineId === l._id)?.quantity ?? 0;
              const id = `restock-${l._id}`;
              return (
                <TextField
                  key={l._id}
                  id={id}
                  label={`${l.productname} (up to ${max})`}
                  type="number"
                  min={0}
                  max={max}
                  value={restock[l._id] ?? '0'}
                  onChange={(e) => setRestock((r) => ({ ...r, [l._id]: e.target.value }))}
                />
              );
            })}
          </fieldset>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button type="submit" disabled={busy} data-testid="submit-refund">
            {busy ? 'Refunding…' : 'Refund'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

type ShipmentKey = 'carrier' | 'trackingnumber' | 'trackingurl' | ExportKey;
type ExportKey = 'portcode' | 'shippingbill' | 'shippingbilldate';
/** The shipment form's fields, in order. */
const SHIPMENT_FIELDS: {
  key: ShipmentKey;
  label: string;
  required?: boolean;
  maxLength?: number;
  type?: string;
  placeholder?: string;
}[] = [
  { key: 'carrier', label: 'Carrier', required: true, maxLength: 100 },
  { key: 'trackingnumber', label: 'Tracking number', required: true, maxLength: 100 },
  { key: 'trackingurl', label: 'Tracking link', type: 'url', placeholder: 'https://' },
];
/** A parcel abroad also carries the courier's CSB-V shipping bill, which GSTR-1 reports with the export. */
const EXPORT_FIELDS: typeof SHIPMENT_FIELDS = [
  { key: 'portcode', label: 'Port code', maxLength: 6, placeholder: 'INDEL4' },
  { key: 'shippingbill', label: 'Shipping bill number', maxLength: 7 },
  { key: 'shippingbilldate', label: 'Shipping bill date', type: 'date' },
];

function ShipmentSection({ order, run }: { order: AdminOrder; run: Run }) {
  const [shipment, setShipment] = useState<Record<ShipmentKey, string>>({
    carrier: order.shipment?.carrier ?? '',
    trackingnumber: order.shipment?.trackingnumber ?? '',
    trackingurl: order.shipment?.trackingurl ?? '',
    portcode: order.shipment?.portcode ?? '',
    shippingbill: order.shipment?.shippingbill ?? '',
    shippingbilldate: order.shipment?.shippingbilldate ?? '',
  });
  const { carrier, trackingnumber, trackingurl, portcode, shippingbill, shippingbilldate } = shipment;
  const abroad = Boolean(abroadCountryName(order.shippinginfo.country));
  const fields = abroad ? [...SHIPMENT_FIELDS, ...EXPORT_FIELDS] : SHIPMENT_FIELDS;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canShip =
    (SHIPPABLE_STATUSES as readonly DeliveryStatus[]).includes(order.deliverystatus) && order.paymentstatus !== 'Refunded';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!carrier.trim()) found.carrier = 'Enter the carrier';
    if (!trackingnumber.trim()) found.trackingnumber = 'Enter the tracking number';
    if (trackingurl.trim() && !/^https:\/\/\S+$/i.test(trackingurl.trim()))
      found.trackingurl = 'The tracking link must be an https:// address';
    if (abroad && portcode.trim() && !/^[A-Za-z0-9]{6}$/.test(portcode.trim()))
      found.portcode = 'The port code is 6 letters and digits, such as INDEL4';
    if (abroad && shippingbill.trim() && !/^[0-9]{1,7}$/.test(shippingbill.trim()))
      found.shippingbill = 'The shipping bill number is up to 7 digits';
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await run(
        { title: 'Mark this order shipped?', text: `${carrier.trim()} ${trackingnumber.trim()}`, confirmLabel: 'Yes, shipped' },
        () =>
          adminApi.orders.ship(order._id, {
            carrier,
            trackingnumber,
            ...(trackingurl.trim() ? { trackingurl } : {}),
            ...(abroad ? { portcode, shippingbill, shippingbilldate } : {}),
          }),
        'Shipment recorded',
      );
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
    }
  }

  return (
    <Section title="Shipment" testId="shipment-section">
      {order.shipment ? (
        <p className="mb-3 text-sm text-gray-700" data-testid="shipment-info">
          {order.shipment.carrier} {order.shipment.trackingnumber} · shipped {formatDateTime(order.shipment.shippedAt)}
          {order.shipment.trackingurl ? (
            <>
              {' '}
              ·{' '}
              <a href={order.shipment.trackingurl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                Track
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {canShip ? (
        <form onSubmit={submit} className="space-y-3" noValidate>
          {fields.map(({ key, ...field }) => (
            <TextField
              key={key}
              id={key}
              {...field}
              error={errors[key]}
              value={shipment[key]}
              onChange={(e) => setShipment((now) => ({ ...now, [key]: e.target.value }))}
            />
          ))}
          <Button type="submit" data-testid="save-shipment">
            {order.shipment ? 'Update shipment' : 'Mark shipped'}
          </Button>
        </form>
      ) : !order.shipment ? (
        <p className="text-sm text-gray-500">This order cannot be shipped ({order.status.toLowerCase()}).</p>
      ) : null}
    </Section>
  );
}

function ReturnSection({ order, run }: { order: AdminOrder; run: Run }) {
  const [refund, setRefund] = useState(true);
  const ret = order.returnrequest;
  if (!ret) return null;
  const decide = (status: 'approved' | 'rejected' | 'received') =>
    run(
      {
        title:
          status === 'received'
            ? 'Mark the return received?'
            : status === 'approved'
              ? 'Approve this return?'
              : 'Reject this return?',
        text:
          status === 'received'
            ? `The units go back on sale${refund && onlineLeft(order) > 0 ? ` and ${formatINR(onlineLeft(order))} is refunded` : ''}.${
                refund && (order.refundableoffline ?? 0) > 0
                  ? ` ${formatINR(order.refundableoffline ?? 0)} received outside the shop is paid back outside it: record it with Refund.`
                  : ''
              }`
            : 'The customer will see the decision on their order.',
        confirmLabel: status === 'received' ? 'Yes, received' : status === 'approved' ? 'Yes, approve' : 'Yes, reject',
      },
      () => adminApi.orders.decideReturn(order._id, { status, ...(status === 'received' ? { refund } : {}) }),
      'Return updated',
    ).catch(() => {});
  return (
    <Section title="Return" testId="return-section">
      <p className="text-sm">
        <span className="font-medium" data-testid="return-status">
          {ret.status}
        </span>{' '}
        · {formatDateTime(ret.createdAt)}
      </p>
      <p className="mt-1 text-sm wrap-anywhere text-gray-700">“{ret.reason}”</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {ret.status === 'requested' ? (
          <>
            <Button onClick={() => decide('approved')} data-testid="approve-return">
              Approve
            </Button>
            <Button variant="secondary" onClick={() => decide('rejected')} data-testid="reject-return">
              Reject
            </Button>
          </>
        ) : null}
        {ret.status === 'approved' ? (
          <>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} /> Refund what is left (
              {formatINR(onlineLeft(order))})
            </label>
            <Button onClick={() => decide('received')} data-testid="receive-return">
              Mark received
            </Button>
          </>
        ) : null}
      </div>
    </Section>
  );
}

function NoteForm({ order, run }: { order: AdminOrder; run: Run }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!note.trim()) {
      setError('Write the note');
      return;
    }
    setError('');
    try {
      // A private note changes nothing for the customer: it is added at once, without a question.
      const ok = await run(
        null,
        async () => ({ ...(await adminApi.orders.note(order._id, note.trim())), message: 'Note added' }),
        'Note added',
      );
      if (ok) setNote('');
    } catch {
      // shown by the notice
    }
  }
  return (
    <form onSubmit={submit} className="mt-4 space-y-2 border-t border-gray-100 pt-3" noValidate>
      <Field id="private-note" label="Private note" error={error} hint="Never shown to the customer.">
        <Textarea
          id="private-note"
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={error}
        />
      </Field>
      <Button type="submit" variant="secondary" data-testid="add-note">
        Add note
      </Button>
    </form>
  );
}
