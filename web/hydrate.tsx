import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type BootData, readBootData } from './ssr';

/** Loads a server-rendered screen's code, so the browser can take over its markup without showing a fallback. */
function loadScreen(screen: BootData['screen']): Promise<unknown> {
  // The home page's sections are in its markup too (its FAQ works before the script): their chunk comes with it.
  if (screen === 'home') return Promise.all([import('./storefront/home/HomePage'), import('./storefront/home/HomeSections')]);
  return screen === 'listing' ? import('./storefront/listing/ListingPage') : import('./storefront/product/ProductPage');
}

/**
 * Takes over a server-rendered page (its own chunk: pages rendered in the browser never load it). The server rendered
 * the markup from the answers in the page's boot data: the same cache and the screen's code make the first render
 * match it. Hydrating in a transition lets the browser handle input between pieces of the work.
 */
export function hydrate(root: HTMLElement, app: ReactNode, queryClient: QueryClient) {
  const boot = readBootData(document);
  for (const [key, data] of boot?.queries ?? []) queryClient.setQueryData(key, data);
  const start = () =>
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.error('The page was rendered again in the browser:', error),
      });
    });
  if (boot) loadScreen(boot.screen).then(start, start);
  else start();
}
