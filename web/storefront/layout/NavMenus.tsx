import { lazy, Suspense, useEffect, useState } from 'react';
import { Icon } from '../../ui/icons';
import { useIdle } from '../../ui/useIdle';
import { MENU_LABELS } from './menuLabels';

// The menus' links and behaviour load once the browser is idle (or on the first touch of the menu bar):
// the first paint only needs the menu names.
const loadMenus = () => import('./MenuLinks');
const InteractiveMenus = lazy(async () => ({ default: (await loadMenus()).DesktopMenuBar }));
const MobileMenuList = lazy(async () => ({ default: (await loadMenus()).MobileMenuList }));

export const MENU_BUTTON_CLASS =
  'flex h-full items-center gap-1 px-3 text-sm font-semibold text-gray-800 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none aria-expanded:text-brand-700';

/** The menu bar as first painted: the five names; touching one loads the menus and opens it. */
function MenuBarShell({ onWant }: { onWant?: (index: number) => void }) {
  return (
    <nav aria-label="Gemstones and jewellery" className="hidden h-11 border-t border-gray-100 lg:block">
      <ul className="mx-auto flex h-full max-w-7xl items-center justify-center gap-1 px-4">
        {MENU_LABELS.map((label, i) => (
          <li key={label} className="relative h-full">
            <button
              type="button"
              aria-expanded={false}
              className={MENU_BUTTON_CLASS}
              onClick={() => onWant?.(i)}
              onPointerEnter={() => onWant?.(i)}
            >
              {label}
              <Icon name="chevronDown" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The menu bar shows from this width up (Tailwind `lg`); narrower screens use the header's menu button. */
const wideScreen = () => typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1024px)').matches;

/** The five dropdown menus on wide screens. */
export function DesktopMenus() {
  const idle = useIdle();
  const [wanted, setWanted] = useState<number | null>(null);
  // On a phone the bar is hidden: its code waits for a wide screen's idle time or a touch of a name.
  if ((!idle || !wideScreen()) && wanted === null) return <MenuBarShell onWant={setWanted} />;
  return (
    // While the menus' code loads, a hover or click on a name is still remembered and opens that menu.
    <Suspense fallback={<MenuBarShell onWant={setWanted} />}>
      <InteractiveMenus initialOpen={wanted} />
    </Suspense>
  );
}

/** The same menus on narrow screens: a panel under the header, opened by the header's menu button. */
export function MobileMenus({ open }: { open: boolean }) {
  const idle = useIdle();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  // Idle time fetches the menus' code, so the first open is instant; they render only once opened.
  useEffect(() => {
    if (idle && !wideScreen()) void loadMenus();
  }, [idle]);
  return (
    <nav
      id="mobile-menu"
      aria-label="Gemstones and jewellery"
      hidden={!open}
      className="fixed inset-x-0 top-[5.25rem] bottom-0 overflow-y-auto border-t border-gray-200 bg-white px-4 pt-2 pb-24 lg:hidden"
    >
      {opened && (
        <Suspense fallback={null}>
          <MobileMenuList />
        </Suspense>
      )}
    </nav>
  );
}
