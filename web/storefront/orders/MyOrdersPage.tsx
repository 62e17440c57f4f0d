import { useQuery } from '@tanstack/react-query';
import { PackageOpen } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { type Order, ordersApi } from '../../api/orders';
import { ColourSwatch } from '../../cart/ColourSwatch';
import { formatRupees, thumbnail } from '../../cart/format';
import { SignedIn } from '../../cart/SignedIn';
import { Thumbnail } from '../../ui/Thumbnail';
import { formatOrderDate, paymentClass, statusClass } from './format';

export const MY_ORDERS_KEY = ['orders', 'mine'] as const;

export default function MyOrdersPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
      <h1 className="mb-6 font-serif text-2xl font-bold text-gray-900 sm:text-3xl">Orders</h1>
      <SignedIn fallback={<OrdersSkeleton />}>
        <Orders />
      </SignedIn>
    </section>
  );
}

function Orders() {
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
        <OrderCard key={order._id} order={order} />
      ))}
    </ul>
  );
}

function OrderCard({ order }: { order: Order }) {
  const s = order.shippinginfo;
  return (
    <li className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm" data-testid="order-card">
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
              </div>
            </li>
          );
        })}
      </ul>
      <div className="space-y-1 border-t border-gray-200 px-4 py-3 text-sm text-gray-700 sm:px-5">
        <p>
          <span className="font-medium">Shipping to:</span> {s.fullname}, {s.address}, {s.city} - {s.pincode}, {s.mobileno}
        </p>
        <p className="break-all text-xs text-gray-600">
          Order ID: <span className="font-mono">{order.razorpay_order_id || order._id}</span>
        </p>
        {order.razorpay_payment_id ? (
          <p className="break-all text-xs text-gray-600">
            Payment ID: <span className="font-mono">{order.razorpay_payment_id}</span>
          </p>
        ) : null}
      </div>
    </li>
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
