import { ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What the cart and checkout pages show when the cart is empty, with a way back to the shop. */
export function EmptyCart({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-gray-300 px-6 py-16 text-center">
      <ShoppingBag aria-hidden className="size-14 text-gray-400" />
      <h2 className="mt-4 text-xl font-semibold">Your cart is empty</h2>
      {children ? <p className="mt-2 text-gray-600">{children}</p> : null}
      <Link
        to="/"
        className="mt-6 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        Start Shopping
      </Link>
    </div>
  );
}
