import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';
import { cartSubtotal, formatRupees } from '../../cart/format';
import { hasProblems } from '../../cart/lines';
import { useCart } from '../../cart/useCart';
import { notify } from '../../ui/notify';
import { Breadcrumb, HOME } from '../components/Breadcrumb';
import { ConfirmButton } from '../components/ConfirmButton';
import { BulkUpload } from './BulkUpload';
import { CartItemRow } from './CartItemRow';
import { EmptyCart } from './EmptyCart';
import { RequestQuote } from './RequestQuote';

const primaryButton =
  'flex w-full items-center justify-center rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

export default function CartPage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumb trail={[HOME]} current="Shopping Cart" />
      {/* A visitor's cart too: checkout asks them to sign in, and their cart joins their account's. */}
      <Cart />
    </section>
  );
}

function Cart() {
  const { cartItems, initialLoading, error, updateQuantity, removeFromCart, clearCart } = useCart();
  const [clearing, setClearing] = useState(false);
  const { user } = useSession();

  if (initialLoading) return <CartSkeleton />;

  const lines = cartItems.length;
  const blocked = hasProblems(cartItems);
  const total = cartSubtotal(cartItems);

  async function clearAll() {
    setClearing(true);
    try {
      await clearCart();
      notify.success('Cart cleared successfully');
    } catch {
      notify.error('Failed to clear cart');
    } finally {
      setClearing(false);
    }
  }

  return (
    <>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-2xl font-bold text-gray-900 sm:text-3xl">Shopping Cart</h1>
          <p className="mt-1 text-sm text-gray-600" data-testid="cart-item-count">
            {lines} {lines === 1 ? 'item' : 'items'}
          </p>
        </div>
        {lines > 0 ? (
          <ConfirmButton
            label="Clear Cart"
            busyLabel="Clearing..."
            busy={clearing}
            question="Are you sure you want to clear your entire cart?"
            description="Every item will be removed from your cart."
            keep="Cancel"
            confirm="Yes, clear it"
            onConfirm={clearAll}
          />
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {/* A bulk order is a signed-in buyer's: a visitor's cart is kept for them until they sign in. */}
      {user ? <BulkUpload /> : null}
      {lines === 0 ? (
        <EmptyCart>Certified gemstones and jewellery are waiting for you.</EmptyCart>
      ) : (
        <div className="grid gap-8 lg:grid-cols-3">
          <ul className="rounded-xl border border-gray-200 bg-white px-4 lg:col-span-2" aria-label="Items in your cart">
            {cartItems.map((item) => (
              <CartItemRow
                key={item.cartItemId}
                item={item}
                locked={clearing}
                onQuantity={updateQuantity}
                onRemove={removeFromCart}
              />
            ))}
          </ul>
          <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-gray-200 bg-gray-50 p-5">
            <h2 id="summary-heading" className="text-lg font-semibold">
              Order Summary
            </h2>
            <dl className="mt-4 space-y-3 text-sm">
              <div className="flex justify-between">
                <dt className="text-gray-600">
                  Subtotal ({lines} {lines === 1 ? 'item' : 'items'})
                </dt>
                <dd className="tabular-nums">{formatRupees(total, 0)}</dd>
              </div>
              <div className="flex justify-between border-t border-gray-200 pt-3 text-base font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums" data-testid="cart-total">
                  {formatRupees(total, 0)}
                </dd>
              </div>
            </dl>
            <div className="mt-5">
              {blocked ? (
                <>
                  <button type="button" disabled className={`${primaryButton} cursor-not-allowed opacity-50`}>
                    Proceed to Checkout
                  </button>
                  <p className="mt-2 text-sm text-red-700">Remove or change the unavailable items to continue.</p>
                </>
              ) : (
                <Link to="/checkout" className={primaryButton}>
                  Proceed to Checkout
                </Link>
              )}
            </div>
            {/* An approved business may ask for a price on the lot instead. */}
            {user?.business?.status === 'approved' ? <RequestQuote items={cartItems} /> : null}
          </aside>
        </div>
      )}
    </>
  );
}

function CartSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid animate-pulse gap-8 lg:grid-cols-3">
      <span className="sr-only">Loading your cart</span>
      <div className="space-y-4 lg:col-span-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-4 rounded-xl border border-gray-200 p-4">
            <div className="size-24 rounded-lg bg-gray-200" />
            <div className="flex-1 space-y-3">
              <div className="h-4 w-2/3 rounded bg-gray-200" />
              <div className="h-3 w-1/3 rounded bg-gray-200" />
              <div className="h-8 w-32 rounded bg-gray-200" />
            </div>
          </div>
        ))}
      </div>
      <div className="h-48 rounded-xl bg-gray-200" />
    </div>
  );
}
