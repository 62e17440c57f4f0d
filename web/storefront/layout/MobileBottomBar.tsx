import { Link, useLocation } from 'react-router';
import { useCartCount } from '../../cart/cartCount';
import { Icon } from '../../ui/icons';

const item =
  'flex flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium text-gray-700 aria-[current=page]:text-brand-700';

function Tab({ to, children }: { to: string; children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Link to={to} className={item} aria-current={pathname === to ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/** Phone-only bar fixed at the bottom: Cart, Orders, Products, and on its right the chat and scroll-to-top buttons. */
export function MobileBottomBar() {
  const count = useCartCount();
  return (
    <nav
      aria-label="Shortcuts"
      className="fixed inset-x-0 bottom-0 z-30 flex h-16 border-t border-gray-200 bg-white pr-28 pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      {/* pr-28: the slot on the right where the chat link and scroll-to-top sit (FloatingActions), off the page. */}
      <Tab to="/cart">
        <span className="relative">
          <Icon name="cart" className="size-6" />
          {count > 0 && (
            <span className="absolute -top-1.5 -right-2.5 min-w-4 rounded-full bg-brand-700 px-1 text-center text-[10px] leading-4 font-bold text-white">
              {count}
            </span>
          )}
        </span>
        Cart
      </Tab>
      <Tab to="/my-orders">
        <Icon name="box" className="size-6" />
        Orders
      </Tab>
      <Tab to="/all">
        <Icon name="store" className="size-6" />
        Products
      </Tab>
    </nav>
  );
}
