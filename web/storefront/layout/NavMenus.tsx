import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../../ui/icons';
import { useIdle } from '../../ui/useIdle';
import { MENU_LABELS } from './menuLabels';

// The menus' links are fetched once the browser is idle (or on the first interaction), not for the first paint.
const loadLinks = () => import('./MenuLinks');
const MenuPanel = lazy(async () => ({ default: (await loadLinks()).MenuPanel }));
const MobileMenuList = lazy(async () => ({ default: (await loadLinks()).MobileMenuList }));

/**
 * The five dropdown menus on wide screens (disclosure pattern: a button that shows a list of links).
 * Opens on hover or click, closes on Escape, outside click, focus leaving it, or a page change.
 */
export function DesktopMenus() {
  const [open, setOpen] = useState<number | null>(null);
  const hoveredAt = useRef(0);
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const idle = useIdle();
  const [touched, setTouched] = useState(false);
  const ready = idle || touched;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes because the page changed
  useEffect(() => setOpen(null), [pathname]);

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
    <nav
      ref={navRef}
      aria-label="Gemstones and jewellery"
      className="hidden h-11 border-t border-gray-100 lg:block"
      onPointerEnter={() => setTouched(true)}
      onFocus={() => setTouched(true)}
    >
      <ul className="mx-auto flex h-full max-w-7xl items-center justify-center gap-1 px-4">
        {MENU_LABELS.map((label, i) => (
          <li
            key={label}
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
              className="flex h-full items-center gap-1 px-3 text-sm font-semibold text-gray-800 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none aria-expanded:text-brand-700"
              onClick={() => setOpen((o) => (o === i && Date.now() - hoveredAt.current > 400 ? null : i))}
            >
              {label}
              <Icon name="chevronDown" className={`size-4 transition-transform ${open === i ? 'rotate-180' : ''}`} />
            </button>
            {ready && (
              <Suspense fallback={null}>
                <MenuPanel index={i} open={open === i} />
              </Suspense>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The same menus on narrow screens: a panel under the header, opened by the header's menu button. */
export function MobileMenus({ open }: { open: boolean }) {
  const idle = useIdle();
  return (
    <nav
      id="mobile-menu"
      aria-label="Gemstones and jewellery"
      hidden={!open}
      className="fixed inset-x-0 top-[5.25rem] bottom-0 overflow-y-auto border-t border-gray-200 bg-white px-4 pt-2 pb-24 lg:hidden"
    >
      {(open || idle) && (
        <Suspense fallback={null}>
          <MobileMenuList />
        </Suspense>
      )}
    </nav>
  );
}
