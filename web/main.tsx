import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadFirstScreen } from './router';
import { BOOT_DATA_ID, MENUS_KEY, readShopMenus, readShopSettings, SETTINGS_KEY } from './ssr';
import { DeferredToaster } from './storefront/layout/DeferredToaster';
import './styles.css';

preloadFirstScreen(window.location.pathname);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

const settings = readShopSettings(document);
if (settings) queryClient.setQueryData(SETTINGS_KEY, settings);
const menus = readShopMenus(document);
if (menus) queryClient.setQueryData(MENUS_KEY, menus);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Suspense>
          <AppRoutes />
        </Suspense>
        <DeferredToaster />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

const root = document.getElementById('root');
if (root && document.getElementById(BOOT_DATA_ID)) {
  // A server-rendered page: its own small chunk takes it over (the server hints it with the screen's chunks).
  void import('./hydrate').then(({ hydrate }) => hydrate(root, app, queryClient));
} else if (root) {
  createRoot(root).render(app);
}
