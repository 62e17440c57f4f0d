import type { RouteTable } from './route.js';

/**
 * What a server-rendered screen reads first, declared once beside the screen (`web/storefront/<screen>/loader.ts`):
 * for the part of the address the screen reads (a listing's term, a product's slug), each query with the screen's
 * query key, the contract's public GET route that answers it and which field of the answer the screen keeps. The
 * screen asks with these keys; the server renders the page from the same loader and sends the answers under the same
 * keys (server/http/page/render.ts), so the browser takes the page over without asking again.
 */

/** The screens the server renders. */
export type RenderedScreen = 'home' | 'listing' | 'product';

export type LoaderQuery = {
  /** The screen's query key for it. */
  key: readonly unknown[];
  /** The contract's public GET route that answers it (`'GET /p1/api/filter/:filterstring'`). */
  route: `GET /${string}`;
  /** The route's path parameters, as the web app sends them. */
  params?: Record<string, string>;
  /** The route's query, as the web app sends it. */
  query?: Record<string, string | number>;
  /** The field of the answer the screen keeps (the whole answer when absent). */
  field?: string;
  /**
   * The route answers one page of a list (`query.page` from 1, `pagination.totalPages`): every page is read (at most
   * `MAX_PAGES`) and their `field`s joined, as the web app does.
   */
  paged?: boolean;
};

/** What a screen reads first; the first query is the screen's own (when it is not answered, nothing is rendered). */
export type ScreenLoader = { screen: RenderedScreen; queries: LoaderQuery[] };

/** The most pages of a paged query that are read. */
export const MAX_PAGES = 50;

/**
 * A loader query of one contract table's GET routes: `readOf<typeof productRoutes>()('GET /p1/api/categories', …)`.
 * The table is named as a type only: no schema reaches the browser.
 */
export function readOf<T extends RouteTable>() {
  return <K extends keyof T['routes'] & `GET /${string}`>(route: K, read: Omit<LoaderQuery, 'route'>): LoaderQuery => ({
    route,
    ...read,
  });
}

/**
 * The address the web app asks a loader query at: the route's path with its parameters percent-encoded, then its
 * query (`'GET /p1/api/slug/:slug'` with `{ slug: 'a b' }` → `/p1/api/slug/a%20b`).
 */
export function loaderAddress(q: LoaderQuery): string {
  const path = q.route
    .slice('GET '.length)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(q.params?.[name] ?? '')));
  const query = new URLSearchParams(Object.entries(q.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${path}?${query}` : path;
}
