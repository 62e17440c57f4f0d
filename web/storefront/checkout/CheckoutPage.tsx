import { Loader2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { CartItem } from '../../api/cart';
import { useSession } from '../../auth/session';
import { readBuyNow } from '../../cart/buyNow';
import { ColourSwatch } from '../../cart/ColourSwatch';
import { cartSubtotal, formatRupees, thumbnail } from '../../cart/format';
import { hasProblems, lineProblem } from '../../cart/lines';
import { SignedIn } from '../../cart/SignedIn';
import { useCart } from '../../cart/useCart';
import { Thumbnail } from '../../ui/Thumbnail';
import { EmptyCart } from '../cart/EmptyCart';
import { StruckListPrice } from '../components/SalePrice';
import { SandboxPaymentDialog } from './SandboxPaymentDialog';
import { ShippingForm } from './ShippingForm';
import { usePayment } from './usePayment';

export default function CheckoutPage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <h1 className="mb-6 font-serif text-2xl font-bold text-gray-900 sm:text-3xl">Checkout</h1>
      <SignedIn fallback={<CheckoutSkeleton />}>
        <Checkout />
      </SignedIn>
    </section>
  );
}

function Checkout() {
  const { user } = useSession();
  const { cartItems: wholeCart, initialLoading } = useCart();
  // Buy Now: only that line is bought, the rest of the cart stays for later.
  const [params] = useSearchParams();
  const buyNow = readBuyNow(params);
  const chosen = buyNow && wholeCart.find((l) => l.cartItemId === buyNow.cartItemId);
  const cartItems = chosen ? [{ ...chosen, quantity: Math.min(chosen.quantity, buyNow.quantity) }] : wholeCart;
  const payment = usePayment(
    chosen ? [{ cartItemId: chosen.cartItemId, quantity: Math.min(chosen.quantity, buyNow.quantity) }] : undefined,
  );

  if (initialLoading) return <CheckoutSkeleton />;
  if (cartItems.length === 0 && payment.phase === 'idle') {
    return <EmptyCart />;
  }

  const blocked = hasProblems(cartItems);
  const busy = payment.phase !== 'idle';
  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <div className="rounded-xl border border-gray-200 bg-white p-5 lg:col-span-3">
        <ShippingForm
          initial={{ fullname: user?.fullname, mobileno: user?.mobileno }}
          busy={busy}
          blocked={blocked}
          onSubmit={payment.pay}
        />
        {payment.phase === 'placing' ? (
          <p role="status" className="mt-4 flex items-center gap-2 text-sm text-gray-700">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Placing your order…
          </p>
        ) : null}
      </div>
      <OrderSummary items={cartItems} blocked={blocked} />
      <SandboxPaymentDialog session={payment.sandbox} onOutcome={payment.sandboxOutcome} onCancel={payment.cancelSandbox} />
    </div>
  );
}

function OrderSummary({ items, blocked }: { items: CartItem[]; blocked: boolean }) {
  const total = cartSubtotal(items);
  // "Items" means cart lines, as the cart page and the header count them.
  const lines = items.length;
  return (
    <aside aria-labelledby="checkout-summary" className="h-fit rounded-xl border border-gray-200 bg-gray-50 p-5 lg:col-span-2">
      <h2 id="checkout-summary" className="text-lg font-semibold">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y divide-gray-200">
        {items.map((item) => {
          const image = thumbnail(item.productimages[0]);
          const problem = lineProblem(item);
          return (
            <li key={item.cartItemId} className="flex gap-3 py-3" data-testid="summary-line">
              <div className="size-16 shrink-0 overflow-hidden rounded-md bg-gray-200">
                <Thumbnail src={image} alt={item.productname} size={64} className="size-full object-cover" />
              </div>
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-gray-900">{item.productname}</p>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-gray-600">
                  {item.productsize ? <span>Size: {item.productsize}</span> : null}
                  {item.productcolour ? <ColourSwatch colour={item.productcolour} /> : null}
                </p>
                <p className="mt-0.5 text-gray-600">
                  {item.quantity} × {formatRupees(item.productprice)}
                  <StruckListPrice paid={item.productprice} list={item.listprice} />
                </p>
                {problem ? <p className="mt-0.5 font-medium text-red-700">{problem}</p> : null}
              </div>
              <p className="text-sm font-semibold tabular-nums">
                {formatRupees(Math.round(item.productprice * 100 * item.quantity) / 100)}
              </p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-gray-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-gray-600">
            Subtotal ({lines} {lines === 1 ? 'item' : 'items'})
          </dt>
          <dd className="tabular-nums">{formatRupees(total)}</dd>
        </div>
        <div className="flex justify-between" data-testid="checkout-shipping">
          <dt className="text-gray-600">Shipping</dt>
          <dd className="font-medium text-green-800">Free</dd>
        </div>
        <div className="flex justify-between text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="checkout-total">
            {formatRupees(total)}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-gray-700" data-testid="payment-methods">
        Pay securely with UPI, credit or debit card, net banking or wallet through Razorpay.
      </p>
      {blocked ? (
        <p className="mt-4 text-sm text-red-700">
          Some items can no longer be bought as they are.{' '}
          <Link to="/cart" className="font-medium underline">
            Review your cart
          </Link>
        </p>
      ) : null}
    </aside>
  );
}

function CheckoutSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid animate-pulse gap-8 lg:grid-cols-5">
      <span className="sr-only">Loading checkout</span>
      <div className="h-96 rounded-xl bg-gray-200 lg:col-span-3" />
      <div className="h-64 rounded-xl bg-gray-200 lg:col-span-2" />
    </div>
  );
}
