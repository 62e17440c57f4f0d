import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { Footer } from './Footer';
import { Header } from './Header';

/** The storefront frame: fixed header, page, footer; scrolls smoothly to the top on every path change. */
export function Layout() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the path changed
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1 pt-28">
        <Outlet />
      </main>
      <Footer />
      <Toaster position="top-right" duration={5000} richColors closeButton />
    </div>
  );
}
