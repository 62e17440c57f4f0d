import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './router';
import type { BootData } from './ssr';
import { DeferredToaster } from './storefront/layout/DeferredToaster';

/**
 * Server rendering of a storefront page's first paint (built by `vite build --ssr` into dist/ssr and used by
 * server/http/spa.ts): the same routes the browser renders, with the page's first API answer already in the
 * query cache, so a listing's products or a product's pictures show before any script runs. The browser then
 * hydrates this markup with the same answer (web/hydrate.tsx), so its first render matches.
 */
export async function render(url: string, boot: BootData): Promise<string> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  for (const [key, data] of boot.queries) queryClient.setQueryData(key, data);
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={url}>
          <Suspense>
            <AppRoutes />
          </Suspense>
          <DeferredToaster />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
    // One complete document: never a boundary sent first as its fallback and revealed by an inline script (the
    // shop's Content-Security-Policy forbids inline scripts).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  queryClient.clear();
  return new Response(prelude).text();
}
