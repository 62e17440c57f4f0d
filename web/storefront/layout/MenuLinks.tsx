import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../ui/icons';
import { MENUS } from './menus';
import { MENU_BUTTON_CLASS } from './NavMenus';

/**
 * The five dropdown menus on wide screens (disclosure pattern: a button that shows a list of links).
 * Opens on hover or click, closes on Escape, outside click, focus leaving it, or a page change.
 */
export function DesktopMenuBar({ initialOpen }: { initialOpen: number | null }) {
  const [open, setOpen] = useState<number | null>(initialOpen);
  const hoveredAt = useRef(initialOpen === null ? 0 : Date.now());
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

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
      navRef.current?.querySelector<HTMLButtonElement>(`#menu-button-${open}`)?.focus();
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
        {MENUS.map((menu, i) => (
          <li
            key={menu.label}
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
            <button
              type="button"
              id={`menu-button-${i}`}
              aria-expanded={open === i}
              aria-controls={`menu-${i}`}
              className={MENU_BUTTON_CLASS}
              onClick={() => setOpen((o) => (o === i && Date.now() - hoveredAt.current > 400 ? null : i))}
            >
              {menu.label}
              <Icon name="chevronDown" className={`size-4 transition-transform ${open === i ? 'rotate-180' : ''}`} />
            </button>
            <MenuPanel index={i} open={open === i} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The link list of one desktop dropdown menu. */
function MenuPanel({ index, open }: { index: number; open: boolean }) {
  const menu = MENUS[index];
  if (!menu) return null;
  return (
    <ul
      id={`menu-${index}`}
      hidden={!open}
      className="absolute top-full left-0 z-50 min-w-60 rounded-b-lg border border-gray-200 bg-white py-2 shadow-lg"
    >
      {menu.links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className="block px-4 py-2 text-sm text-gray-800 hover:bg-brand-50 hover:text-brand-700 focus-visible:bg-brand-50 focus-visible:outline-none"
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The menus on narrow screens: one native disclosure per menu, then a few common pages. */
export function MobileMenuList() {
  return (
    <>
      {MENUS.map((menu) => (
        <details key={menu.label} className="group border-b border-gray-100">
          <summary className="flex cursor-pointer list-none items-center justify-between py-3 font-semibold text-gray-900 [&::-webkit-details-marker]:hidden">
            {menu.label}
            <Icon name="chevronDown" className="size-5 transition-transform group-open:rotate-180" />
          </summary>
          <ul className="pb-2">
            {menu.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="block rounded-md px-3 py-2 text-gray-700 hover:bg-brand-50">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ))}
      <ul className="mt-3 space-y-1">
        <li>
          <Link to="/all" className="block rounded-md py-2 font-semibold text-brand-700">
            All Products
          </Link>
        </li>
        <li>
          <Link to="/about" className="block rounded-md py-2 text-gray-700">
            About Us
          </Link>
        </li>
        <li>
          <Link to="/contact" className="block rounded-md py-2 text-gray-700">
            Contact Us
          </Link>
        </li>
      </ul>
    </>
  );
}
