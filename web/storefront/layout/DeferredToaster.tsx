import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useIdle } from '../../ui/useIdle';

// The toaster comes with the toast library, through the one module that may import it (web/ui/notify.ts), loaded
// lazily: that module belongs with the screens' shared chunk, never in every page's entry bundle.
const ShopToaster = lazy(() => import('../../ui/notify').then((m) => m.loadToaster()));

/**
 * The shop's toasts, for every storefront page including sign-in and sign-up (a failed add to cart sends the
 * shopper to /signin with its message). Loaded once the browser is idle; toasts raised earlier still show.
 * The back-office has its own.
 */
export function DeferredToaster() {
  const { pathname } = useLocation();
  const idle = useIdle();
  if (!idle || pathname.startsWith('/dashboard')) return null;
  return (
    <Suspense fallback={null}>
      <ShopToaster />
    </Suspense>
  );
}
