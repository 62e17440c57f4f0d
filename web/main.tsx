import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadFirstScreen } from './router';
import { DeferredToaster } from './storefront/layout/DeferredToaster';
import './styles.css';

preloadFirstScreen(window.location.pathname);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Suspense>
            <AppRoutes />
          </Suspense>
          <DeferredToaster />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
