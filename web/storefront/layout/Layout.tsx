import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useIdle } from '../../ui/useIdle';
import { useNearViewport } from '../../ui/useNearViewport';
import { Header } from './Header';
import { MobileBottomBar } from './MobileBottomBar';

// Below the fold or needed only after an interaction: loaded after the first paint.
const Footer = lazy(() => import('./Footer'));
const FloatingActions = lazy(() => import('./FloatingActions'));

/** What shows while a screen's code loads: reserves the page's height so the footer does not jump. */
function PageFallback() {
  return <div className="min-h-[70vh]" aria-busy="true" />;
}

function LazyFooter() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '300px');
  return (
    <div ref={ref} className="min-h-px">
      {near && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The storefront frame: fixed header, page, footer; scrolls smoothly to the top on every path change. Not when the
 * app first starts: a shopper may already have scrolled the server-rendered page while its script loaded.
 */
export function Layout() {
  const { pathname } = useLocation();
  const idle = useIdle();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white p-2 text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 pt-[6.75rem] outline-none sm:pt-[5.25rem] lg:pt-32">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <LazyFooter />
      {/* Room for the bottom bar (and a product page's buy bar above it, styles.css) under the page's end. */}
      <div data-bottom-spacer className="h-16 md:hidden" aria-hidden />
      <MobileBottomBar />
      {idle && (
        <Suspense fallback={null}>
          <FloatingActions />
        </Suspense>
      )}
    </div>
  );
}
