import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PackageOpen } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { abroadCountryName } from '../../../contract/address-rules';
import { ApiError } from '../../api/client';
import { type Order, ordersApi } from '../../api/orders';
import { ColourSwatch } from '../../cart/ColourSwatch';
import { formatRupees, thumbnail } from '../../cart/format';
import { SignedInPage } from '../../cart/SignedIn';
import { notify } from '../../ui/notify';
import { OrderTimeline } from '../../ui/OrderTimeline';
import { Thumbnail } from '../../ui/Thumbnail';
import { ConfirmButton, DialogPanel } from '../components/ConfirmButton';
import { formatDay, formatOrderDate, paymentClass, statusClass } from './format';
import { DuePanel, owing } from './PayDue';
import { PieceStage } from './PieceStage';
import { LineReview } from './ReviewButton';

export const MY_ORDERS_KEY = ['orders', 'mine'] as const;

export default function MyOrdersPage() {
  return (
    <SignedInPage title="Orders" width="max-w-5xl" fallback={<OrdersSkeleton />}>
      <Orders />
    </SignedInPage>
  );
}

function Orders() {
  // Just paid: the new order stands out (/my-orders?placed=<order id>).
  const [params] = useSearchParams();
  const placedId = params.get('placed');
  const query = useQuery({
    queryKey: MY_ORDERS_KEY,
    queryFn: async () => (await ordersApi.myOrders()).orders,
    staleTime: 0,
  });

  useEffect(() => {
    if (query.error) console.error('Could not load orders', query.error);
  }, [query.error]);

  if (query.isPending) return <OrdersSkeleton />;
  if (query.isError) {
    return (
      <div className="rounded-xl border border-gray-200 px-6 py-10 text-center">
        <p className="text-gray-700">Your orders could not be loaded.</p>
        <button
          type="button"
          onClick={() => query.refetch()}
          className="mt-4 rounded-md border border-brand-700 px-5 py-2 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          Retry
        </button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-gray-300 px-6 py-16 text-center">
        <PackageOpen aria-hidden className="size-14 text-gray-400" />
        <p className="mt-4 text-lg text-gray-700">You haven't placed any orders yet.</p>
        <Link
          to="/products"
          className="mt-6 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          Start Shopping
        </Link>
      </div>
    );
  }
  return (
    <ul className="space-y-6" aria-label="Your orders">
      {query.data.map((order) => (
        // "placed and paid" only while it is true: not for an order since cancelled or refunded
        <OrderCard
          key={order._id}
          order={order}
          placed={
            order._id === placedId && order.deliverystatus !== 'cancelled'
              ? order.paymentstatus === 'Paid'
                ? 'paid'
                : owing(order)
                  ? 'credit'
                  : undefined
              : undefined
          }
        />
      ))}
    </ul>
  );
}

/** The order just placed: paid at checkout, or on credit (to be paid by its due date). */
type Placed = 'paid' | 'credit' | undefined;

function OrderCard({ order, placed }: { order: Order; placed?: Placed }) {
  const s = order.shippinginfo;
  return (
    <li
      className={`overflow-hidden rounded-xl border bg-white shadow-sm ${placed ? 'border-green-600 ring-2 ring-green-600' : 'border-gray-200'}`}
      data-testid="order-card"
      data-placed={placed ? 'true' : undefined}
    >
      {placed === 'paid' ? (
        <p role="status" className="bg-green-50 px-4 py-2 text-sm font-medium text-green-800 sm:px-5">
          Thank you! Your order is placed and paid.
        </p>
      ) : null}
      {placed === 'credit' ? (
        <p role="status" className="bg-green-50 px-4 py-2 text-sm font-medium text-green-800 sm:px-5">
          Thank you! Your order is placed on credit
          {order.duedate ? `: please pay ${formatRupees(order.amountdue ?? 0)} by ${formatDay(order.duedate)}` : ''}.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 bg-gray-50 px-4 py-3 sm:px-5">
        <div>
          <p className="text-xs text-gray-600">Placed on</p>
          <p className="font-medium">
            <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          <span className={`rounded-full px-2.5 py-1 ${statusClass(order.status)}`} data-testid="order-status">
            {order.status}
          </span>
          <span className={`rounded-full px-2.5 py-1 ${paymentClass(order.paymentstatus)}`} data-testid="order-payment">
            {order.paymentstatus}
          </span>
        </div>
        <div className="text-right">
          <p className="text-xs text-gray-600">Total</p>
          <p className="font-semibold tabular-nums" data-testid="order-total">
            {formatRupees(order.totalamount)}
          </p>
        </div>
      </div>
      <ul className="divide-y divide-gray-100 px-4 sm:px-5">
        {order.products.map((line, i) => {
          const image = thumbnail(line.productimage || line.productId?.productimages[0]);
          const name = line.productname || line.productId?.productname || 'Product information unavailable';
          return (
            <li key={`${order._id}-${i}`} className="flex gap-4 py-3" data-testid="order-line">
              <div className="size-16 shrink-0 overflow-hidden rounded-md bg-gray-100">
                <Thumbnail src={image} alt={name} size={64} className="size-full object-cover" />
              </div>
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-gray-900">{name}</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-gray-600">
                  <span>Qty: {line.quantity}</span>
                  {line.size ? <span>Size: {line.size}</span> : null}
                  {line.colour ? <ColourSwatch colour={line.colour} /> : null}
                </p>
                <PieceStage line={line} cancelled={order.deliverystatus === 'cancelled'} />
                <LineReview order={order} line={line} name={name} />
              </div>
            </li>
          );
        })}
      </ul>
      <div className="space-y-1 border-t border-gray-200 px-4 py-3 text-sm text-gray-700 sm:px-5">
        <p>
          <span className="font-medium">Shipping to:</span> {s.fullname}, {s.address}, {s.city} - {s.pincode}
          {abroadCountryName(s.country) ? `, ${[s.state, abroadCountryName(s.country)].filter(Boolean).join(', ')}` : ''},{' '}
          {s.mobileno}
        </p>
        {order.shipping ? (
          <p data-testid="order-shipping">
            <span className="font-medium">Shipping:</span> {order.shipping.name} ({order.shipping.mindays}–
            {order.shipping.maxdays} business days), {order.shipping.amount === 0 ? 'Free' : formatRupees(order.shipping.amount)}
          </p>
        ) : null}
        <p className="break-all text-xs text-gray-600">
          Order number:{' '}
          <span className="font-mono" data-testid="order-number">
            {order.number}
          </span>
        </p>
        {order.razorpay_payment_id ? (
          <p className="break-all text-xs text-gray-600">
            Payment ID: <span className="font-mono">{order.razorpay_payment_id}</span>
          </p>
        ) : null}
        {order.payments?.length ? (
          <ul className="text-xs text-gray-600" aria-label="Payments received" data-testid="order-payments">
            {order.payments.map((p) => (
              <li key={`${p.method}-${p.reference}-${p.receivedon}-${p.amount}`}>
                {formatRupees(p.amount)} paid {p.method === 'razorpay' ? 'online' : `by ${p.method.toUpperCase()}`} on{' '}
                {formatDay(p.receivedon)}
                {p.reference ? ` (${p.reference})` : ''}
              </li>
            ))}
          </ul>
        ) : null}
        {order.vouchers.length ? (
          <div className="text-xs" data-testid="advance-receipt">
            <ul aria-label="Advance vouchers">
              {order.vouchers.map((v) => (
                <li key={v.number} data-testid={`voucher-${v.kind}`}>
                  <a className="font-medium text-blue-700 underline" href={v.url} target="_blank" rel="noopener">
                    {v.kind === 'receipt' ? 'Download receipt for your advance' : 'Download refund voucher'}
                  </a>{' '}
                  <span className="text-gray-600">
                    ({v.number}) {formatRupees(v.amount)} {v.kind === 'receipt' ? 'received' : 'refunded'}
                  </span>
                </li>
              ))}
            </ul>
            {order.invoice || order.deliverystatus === 'cancelled' ? null : (
              <span className="block text-gray-600">The tax invoice follows when your piece is made.</span>
            )}
          </div>
        ) : null}
        {order.invoice ? (
          <p className="text-xs">
            <a className="font-medium text-blue-700 underline" href={order.invoice.url} target="_blank" rel="noopener">
              Download invoice
            </a>{' '}
            <span className="text-gray-600">({order.invoice.number})</span>
          </p>
        ) : null}
      </div>
      {owing(order) ? <DuePanel order={order} /> : null}
      <AfterPayment order={order} />
    </li>
  );
}

const REFUND_WORDS: Record<string, string> = {
  processed: 'refunded',
  pending: 'refund in progress',
  failed: 'refund failed, we will try again',
};

/** Shipment, refunds, the return request, the timeline, and Cancel / Request return when they are allowed. */
function AfterPayment({ order }: { order: Order }) {
  const ret = order.returnrequest;
  return (
    <div className="space-y-3 border-t border-gray-200 px-4 py-3 text-sm sm:px-5" data-testid="order-after-payment">
      {order.shipment ? (
        <p data-testid="order-shipment">
          <span className="font-medium">Shipped with {order.shipment.carrier}</span>, tracking number{' '}
          <span className="font-mono">{order.shipment.trackingnumber}</span>
          {order.shipment.trackingurl ? (
            <>
              {' '}
              ·{' '}
              <a
                href={order.shipment.trackingurl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline"
                data-testid="tracking-link"
              >
                Track your parcel
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {order.refunds.length ? (
        <ul className="space-y-1" aria-label="Refunds" data-testid="order-refunds">
          {order.refunds.map((r) => (
            <li key={r._id} data-testid="order-refund" data-status={r.status}>
              {formatRupees(r.amount)} {REFUND_WORDS[r.status] ?? r.status}
              {r.method ? (
                <span data-testid="order-refund-paid-back">
                  {' '}
                  by {r.method.toUpperCase()}
                  {r.reference ? ` (${r.reference})` : ''}
                </span>
              ) : null}
              {r.reason ? <span className="text-gray-600"> · {r.reason}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {ret ? (
        <p data-testid="order-return">
          <span className="font-medium">Return {ret.status}</span> · “{ret.reason}”
        </p>
      ) : null}
      {order.events.length ? (
        <details>
          <summary className="cursor-pointer font-medium text-brand-700">Order timeline</summary>
          <div className="mt-3">
            <OrderTimeline events={order.events} />
          </div>
        </details>
      ) : null}
      {order.cancellable || order.returnable ? (
        <div className="flex flex-wrap gap-2">
          {order.cancellable ? <CancelButton order={order} /> : null}
          {order.returnable ? <ReturnButton order={order} /> : null}
        </div>
      ) : null}
    </div>
  );
}

function CancelButton({ order }: { order: Order }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setBusy(true);
    try {
      const res = await ordersApi.cancel(order._id);
      notify.success(res.message);
      await qc.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    } catch (err) {
      notify.error(err instanceof Error ? err.message : 'Something went wrong.');
      await qc.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    } finally {
      setBusy(false);
    }
  }
  return (
    <ConfirmButton
      label="Cancel order"
      busyLabel="Cancelling..."
      busy={busy}
      question="Cancel this order?"
      description={<>Your payment of {formatRupees(order.totalamount)} will be refunded to the way you paid.</>}
      keep="Keep order"
      confirm="Yes, cancel it"
      onConfirm={cancel}
      testId="cancel-order"
    />
  );
}

const REASON_MESSAGE = 'Tell us why, in at least 5 characters';

function ReturnButton({ order }: { order: Order }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (reason.trim().length < 5) {
      setError(REASON_MESSAGE);
      return;
    }
    setError('');
    setBusy(true);
    try {
      const res = await ordersApi.requestReturn(order._id, reason.trim());
      notify.success(res.message);
      setOpen(false);
      await qc.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.reason) setError(err.fieldErrors.reason);
      else notify.error(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !busy && setOpen(o)}>
      <Dialog.Trigger
        data-testid="request-return"
        className="rounded-md border border-brand-700 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        Request return
      </Dialog.Trigger>
      <DialogPanel
        kind={Dialog}
        width="w-[min(92vw,28rem)]"
        title="Return this order?"
        description="Tell us what went wrong. Once we receive the parcel, your money comes back to the way you paid."
      >
        <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
          <label htmlFor={`return-reason-${order._id}`} className="block text-sm font-medium">
            Reason
          </label>
          <textarea
            id={`return-reason-${order._id}`}
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `return-reason-${order._id}-error` : undefined}
            className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500"
          />
          {error ? (
            <p id={`return-reason-${order._id}-error`} className="text-sm text-red-600" data-testid="return-reason-error">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-3">
            <Dialog.Close className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50">
              Close
            </Dialog.Close>
            <button
              type="submit"
              disabled={busy}
              data-testid="submit-return"
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-50"
            >
              {busy ? 'Sending...' : 'Request return'}
            </button>
          </div>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}

function OrdersSkeleton() {
  return (
    <div role="status" aria-busy="true" className="animate-pulse space-y-6">
      <span className="sr-only">Loading your orders</span>
      {[0, 1].map((i) => (
        <div key={i} className="rounded-xl border border-gray-200 p-5">
          <div className="flex justify-between">
            <div className="h-4 w-40 rounded bg-gray-200" />
            <div className="h-4 w-24 rounded bg-gray-200" />
          </div>
          <div className="mt-5 flex gap-4">
            <div className="size-16 rounded-md bg-gray-200" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-1/2 rounded bg-gray-200" />
              <div className="h-3 w-1/3 rounded bg-gray-200" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
