import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../ui/icons';
import { Summary } from '../../ui/Summary';
import { LinkList } from '../components/LinkList';
import { useShopMenus } from './menus';

const MENU_BUTTON_CLASS =
  'flex h-full cursor-pointer items-center gap-1 px-3 text-sm font-semibold text-gray-800 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none aria-expanded:text-brand-700';

/**
 * The five dropdown menus on wide screens (what the merchant placed under each, `useShopMenus`): each a `<details>`
 * whose summary shows its links, so the menus work before the app runs and without JavaScript (one open at a time).
 * Once live, they also open on hover and close on Escape, an outside click, focus leaving them, or a page change.
 */
export function DesktopMenus() {
  const [open, setOpen] = useState<number | null>(null);
  const hoveredAt = useRef(0);
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  const menus = useShopMenus();

  // A menu opened on the server's page before the app took over stays open.
  useEffect(() => {
    const at = [...(navRef.current?.querySelectorAll('details') ?? [])].findIndex((d) => d.open);
    if (at >= 0) setOpen(at);
  }, []);

  useEffect(() => {
    if (pathname !== firstPath.current) setOpen(null);
  }, [pathname]);

  useEffect(() => {
    if (open === null) return;
    const onDown = (e: PointerEvent) => {
      if (!navRef.current?.contains(e.target as Node)) setOpen(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      navRef.current?.querySelector<HTMLElement>(`#menu-button-${open}`)?.focus();
      setOpen(null);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <nav ref={navRef} aria-label="Gemstones and jewellery" className="hidden h-11 border-t border-gray-100 lg:block">
      <ul className="mx-auto flex h-full max-w-7xl items-center justify-center gap-1 px-4">
        {menus.map((menu, i) => (
          <li
            key={menu.menu}
            className="relative h-full"
            onMouseEnter={() => {
              hoveredAt.current = Date.now();
              setOpen(i);
            }}
            onMouseLeave={() => setOpen((o) => (o === i ? null : o))}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen((o) => (o === i ? null : o));
            }}
          >
            <details name="shop-menu" open={open === i} className="group h-full">
              <Summary
                id={`menu-button-${i}`}
                aria-expanded={open === i}
                aria-controls={`menu-${i}`}
                className={MENU_BUTTON_CLASS}
                onClick={(e) => {
                  e.preventDefault();
                  setOpen((o) => (o === i && Date.now() - hoveredAt.current > 400 ? null : i));
                }}
              >
                {menu.label}
                <Icon name="chevronDown" className="size-4 transition-transform group-open:rotate-180" />
              </Summary>
              <LinkList
                id={`menu-${i}`}
                links={menu.links}
                className="absolute top-full left-0 z-50 min-w-60 rounded-b-lg border border-gray-200 bg-white py-2 shadow-lg"
                linkClassName="block px-4 py-2 text-sm text-gray-800 hover:bg-brand-50 hover:text-brand-700 focus-visible:bg-brand-50 focus-visible:outline-none"
              />
            </details>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const ABOUT_AND_CONTACT = [
  { label: 'About Us', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
];

/**
 * The same menus on narrow screens, in the panel the header's menu button opens: one native disclosure per menu,
 * then a few common pages. Server-rendered with the page, so it works before the app runs.
 */
export function MobileMenus() {
  const menus = useShopMenus();
  return (
    <nav
      id="mobile-menu"
      aria-label="Gemstones and jewellery"
      className="fixed inset-x-0 top-[calc(6.75rem+var(--test-ribbon,0px))] bottom-0 sm:top-[calc(5.25rem+var(--test-ribbon,0px))] overflow-y-auto border-t border-gray-200 bg-white px-4 pt-2 pb-24 lg:hidden"
    >
      {menus.map((menu) => (
        <details key={menu.menu} className="group border-b border-gray-100">
          <summary className="list-none [&::-webkit-details-marker]:hidden flex cursor-pointer items-center justify-between py-3 font-semibold text-gray-900">
            {menu.label}
            <Icon name="chevronDown" className="size-5 transition-transform group-open:rotate-180" />
          </summary>
          <LinkList
            links={menu.links}
            className="pb-2"
            linkClassName="block rounded-md px-3 py-2 text-gray-700 hover:bg-brand-50"
          />
        </details>
      ))}
      <LinkList links={ABOUT_AND_CONTACT} className="mt-3 space-y-1" linkClassName="block rounded-md py-2 text-gray-700">
        <li>
          <Link to="/all" className="block rounded-md py-2 font-semibold text-brand-700">
            All Products
          </Link>
        </li>
      </LinkList>
    </nav>
  );
}
