import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession, useSignOut } from '../../auth/session';
import { useCartCount } from '../../cart/cartCount';
import { Icon } from '../../ui/icons';
import { Summary } from '../../ui/Summary';
import { useDetails } from '../../ui/useDetails';
import { useScrolledPast } from '../../ui/useScrolledPast';
import { CurrencyPicker } from '../components/currency';
import { freeShippingPromise, useShopContacts } from '../components/shopSettings';
import { HeaderSearch } from './HeaderSearch';
import { DesktopMenus, MobileMenus } from './NavMenus';

const PROMISES = ['Secure Payment', 'Easy Returns'] as const;

function Promises({ className, separated = false }: { className: string; separated?: boolean }) {
  // Free shipping only as far as the shipping zones give it (India's zone, or every zone).
  const free = freeShippingPromise(useShopContacts().freeshipping);
  const promises = free ? [free, ...PROMISES] : PROMISES;
  return (
    <ul className={className} aria-label="Our promises">
      {promises.map((p, i) => (
        <li key={p} className="flex items-center gap-x-2">
          {separated && i > 0 ? (
            <span aria-hidden className="text-gold-400">
              ·
            </span>
          ) : null}
          {p}
        </li>
      ))}
    </ul>
  );
}

/** Fixed header: top bar, logo, cart with count, account, and the gemstone and jewellery menus. */
export function Header() {
  const { user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(10);
  const cartCount = useCartCount();
  const shop = useShopContacts();
  // The phone menu is a disclosure: it opens before the app runs, and without JavaScript.
  const mobileMenu = useDetails();
  const mobileOpen = mobileMenu.open;
  const setMobileOpen = mobileMenu.setOpen;

  // The menu closes when the page changes (not when the app takes over a page whose menu is already open).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    setMobileOpen(false);
  }, [pathname, setMobileOpen]);

  // On a phone, once the page is scrolled, the top bar and the promises slide up out of view and the row with the
  // menu, search and cart stays, so the page gets their height back. Not while the menu is open: it hangs from the
  // full header. A transform moves nothing else on the page, so it is no layout shift.
  const compact = scrolled && !mobileOpen;

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      data-compact={compact ? 'true' : 'false'}
      className={`fixed inset-x-0 top-[var(--test-ribbon,0px)] z-40 transition-[background-color,box-shadow,translate] duration-200 motion-reduce:transition-none ${
        scrolled ? 'bg-white/95 shadow-md backdrop-blur' : 'border-b border-gray-200 bg-white'
      } ${compact ? 'max-sm:-translate-y-[3.25rem]' : ''}`}
    >
      <div className="h-7 bg-brand-900 px-4 text-xs text-white">
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-3 overflow-hidden">
          <p className="flex min-w-0 items-center gap-3 whitespace-nowrap">
            {shop.phone.label ? (
              <a href={shop.phone.href} className="hover:underline" data-testid="header-phone">
                {shop.phone.label}
              </a>
            ) : null}
            {shop.email ? (
              <a href={`mailto:${shop.email}`} className="truncate hover:underline">
                {shop.email}
              </a>
            ) : null}
          </p>
          <div className="flex shrink-0 items-center gap-4">
            <Promises className="hidden gap-4 sm:flex" />
            <CurrencyPicker />
          </div>
        </div>
      </div>
      {/* A phone has no room beside the phone number and e-mail: the promises get a line of their own. */}
      <div className="flex h-6 items-center justify-center bg-brand-700 px-2 text-[11px] text-white sm:hidden">
        <Promises className="flex gap-x-2 whitespace-nowrap" separated />
      </div>

      {/* Tighter gaps on the narrowest phones (360 px): menu, name, search, cart and account fit on one line. */}
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-1 px-3 min-[380px]:gap-2 sm:px-4">
        {/*
          Every box on this row has its final size from its first tag: a slow phone paints the header while its HTML is
          still arriving, and a disclosure drawn before its summary is parsed would otherwise push the row about.
        */}
        <details ref={mobileMenu.ref} open={mobileOpen} className="group/menu -ml-1 size-10 shrink-0 lg:hidden">
          <Summary
            className="cursor-pointer rounded-md p-2 text-gray-800 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={mobileMenu.onSummaryClick}
          >
            <Icon name="menu" className="size-6 group-open/menu:hidden" />
            <Icon name="close" className="hidden size-6 group-open/menu:block" />
          </Summary>
          <MobileMenus />
        </details>
        <Link to="/" className="font-serif text-xl font-bold whitespace-nowrap text-brand-700 sm:text-2xl">
          {shop.name}
        </Link>
        {/* At least the search icon's width: the logo and the icon never overlap on a phone. */}
        <div className="ml-auto flex h-10 min-w-10 flex-1 items-center justify-end sm:mx-4">
          <HeaderSearch />
        </div>

        <Link
          to="/cart"
          className="relative rounded-md p-2 text-gray-800 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
        >
          <Icon name="cart" className="size-6" />
          <span
            data-testid="cart-count"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] leading-none font-bold text-white"
          >
            {cartCount}
          </span>
        </Link>

        {user ? (
          <div className="flex min-w-0 items-center gap-1">
            {/* The back-office is one tap away for the shop's staff, and shown to no one else. */}
            {user.role === 'ADMIN' ? (
              <Link
                to="/dashboard"
                aria-label="Dashboard"
                className="flex items-center gap-1 rounded-md p-2 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <Icon name="store" className="size-5 sm:hidden" />
                <span className="hidden sm:inline">Dashboard</span>
              </Link>
            ) : null}
            <Link
              to="/account"
              aria-label={`My account: ${user.fullname}`}
              className="flex min-w-0 items-center gap-1 rounded-md px-1 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <Icon name="user" className="size-5 shrink-0" />
              <span data-testid="account-label" className="max-w-[7rem] truncate sm:max-w-[12rem]">
                {user.fullname}
              </span>
            </Link>
            <button
              type="button"
              aria-label="Sign out"
              className="flex items-center gap-1 rounded-md p-2 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              onClick={async () => {
                await signOut();
                navigate('/');
              }}
            >
              <Icon name="logOut" className="size-5 sm:hidden" />
              <span className="hidden sm:inline">Sign out</span>
            </button>
          </div>
        ) : (
          <Link
            to="/signin"
            className="flex items-center gap-1 rounded-md p-2 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <Icon name="user" className="size-5" />
            <span data-testid="account-label">Account</span>
          </Link>
        )}
      </div>

      <DesktopMenus />
    </header>
  );
}
