/**
 * A page's first paint rendered on the server: the web app's server renderer loaded once, the public API answers
 * the page is rendered from (its screen's loader's queries) and the answers every page carries (the shop's settings,
 * the header's menus), each read by calling the route's own handler (server/http/routes.ts publicReads), not over HTTP.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type LoaderQuery, MAX_PAGES } from '../../../contract/screen-loader.js';
import { EmptySearchPages, emptySearchWords, mayRender, RENDER_CALL, type RenderStats } from '../page-renders.js';
import type { BootData, PageMeta, Renderer } from './head.js';

/** Where the web app's markup goes in index.html. */
export const ROOT_DIV = '<div id="root"></div>';
/**
 * What every page carries for the header and footer, each a public API answer (or one field of it) in a script of its
 * own and under the web app's query key (web/ssr.ts): the shop's settings and the header's menus. They are kept
 * together with the rendered pages (forgotten with them on any catalogue change), under one memo key.
 */
type PageWide = LoaderQuery & { id: string; field: string };
const PAGE_WIDE: PageWide[] = [
  { key: ['settings'], id: 'shop-settings', route: 'GET /a1/api/settings', field: 'settings' },
  { key: ['menus'], id: 'shop-menus', route: 'GET /c1/api/menus', field: 'menus' },
];
const PAGE_WIDE_MEMO = '\0page-wide';

/** Renders pages for one app; `rendererFile` is the built server renderer (none: every page is the plain shell). */
export function pageRenderer(app: FastifyInstance, rendererFile: string | null) {
  // Without the server renderer (not built, or turned off), pages are sent as the plain app shell, which renders
  // everything in the browser.
  let renderer: Promise<Renderer | undefined> | undefined;
  const loadRenderer = () => {
    if (!renderer) {
      if (!rendererFile || !fs.existsSync(rendererFile)) return Promise.resolve(undefined);
      renderer = (import(pathToFileURL(rendererFile).href) as Promise<Renderer>).catch((err) => {
        app.log.error({ err }, 'the server renderer could not be loaded; pages render in the browser');
        return undefined;
      });
    }
    return renderer;
  };

  const stats: RenderStats = { renders: 0, shells: 0, emptySearchPages: 0 };
  app.decorate('pageRenders', stats);
  const emptySearch = new EmptySearchPages();
  app.decorate('emptySearchPages', emptySearch);
  const render = (r: Renderer, url: string, boot: BootData) => {
    stats.renders++;
    return r.render(url, boot);
  };

  /**
   * The page's first paint as HTML and the answers it was rendered from, or undefined to send the plain shell;
   * `kept` when it may be kept by path (a page made from the empty-search render is not: making it costs nothing).
   */
  async function renderPage(request: FastifyRequest, meta: PageMeta, template: string, wide: [PageWide, unknown][]) {
    if (!meta.render?.queries.length || !template.includes(ROOT_DIV)) return undefined;
    try {
      const r = await loadRenderer();
      if (!r) return undefined;
      // Anonymous renders are limited per client address (server/http/page-renders.ts); past it, the plain shell.
      if (!(await mayRender(request, app.rateLimits, app.config.pageRenderLimit))) {
        stats.shells++;
        return undefined;
      }
      const answers = await Promise.all(meta.render.queries.map(answerOf));
      if (answers[0] === undefined) return undefined;
      const boot: BootData = {
        screen: meta.render.screen,
        queries: meta.render.queries.flatMap((q, i) => (answers[i] === undefined ? [] : [[q.key, answers[i]]])),
      };
      // The storefront's screens read only the path (never the query), so the markup depends on the path alone. The
      // settings and menus go to the renderer (header, footer) but not into the boot data: the page carries them once,
      // for every page.
      const withSettings: BootData = {
        ...boot,
        queries: [
          ...boot.queries,
          ...wide.flatMap(([w, data]): [readonly unknown[], unknown][] => (data === undefined ? [] : [[w.key, data]])),
        ],
      };
      const pathname = request.url.split('?')[0] ?? '/';
      const words = meta.render.screen === 'listing' ? emptySearchWords(pathname, answers[0]) : undefined;
      if (words) stats.emptySearchPages++;
      const markup = words
        ? await emptySearch.markup(words, withSettings, (url, b) => render(r, url, b as BootData))
        : await render(r, pathname, withSettings);
      // React puts the preloads of high-priority pictures first; they belong in the head.
      const hints = /^(?:<link [^>]*\/?>)+/.exec(markup)?.[0] ?? '';
      return { markup: markup.slice(hints.length), hints, boot, kept: !words };
    } catch (err) {
      request.log.error({ err, url: request.url }, 'server rendering failed; the page renders in the browser');
      return undefined;
    }
  }

  /**
   * The answer to one of a loader's queries, as the browser would get it from the API; never for the shopper's
   * session, so the markup is the same for everyone. Undefined when the route does not answer 200.
   */
  async function answerOf(q: LoaderQuery): Promise<unknown> {
    const read = app.publicReads.get(q.route);
    if (!read) throw new Error(`${q.route} is not a public GET route`);
    // Counted as this render, not again as the listing queries it makes.
    const get = async (query: LoaderQuery['query']) =>
      (await read({ params: q.params, query, headers: RENDER_CALL })) as Record<string, unknown> | undefined;
    const first = await get(q.query);
    if (!first) return undefined;
    if (!q.field) return first;
    if (!q.paged) return first[q.field];
    const items = [first[q.field]].flat();
    const totalPages = (first.pagination as { totalPages?: number } | undefined)?.totalPages ?? 1;
    for (let page = 2; page <= Math.min(totalPages, MAX_PAGES); page++) {
      const next = await get({ ...q.query, page });
      if (!next) return undefined;
      items.push(...[next[q.field]].flat());
    }
    return items;
  }

  /**
   * The page-wide answers as their APIs give them (read like the rendered pages' answers; each undefined when it could
   * not be read), kept with the rendered pages: a change through this server forgets both at once.
   */
  async function pageWide(request: FastifyRequest): Promise<[PageWide, unknown][]> {
    const kept = app.renderedPages.recall<{ data: unknown[] }>(PAGE_WIDE_MEMO);
    if (kept) return PAGE_WIDE.map((w, i) => [w, kept.data[i]]);
    const generation = app.renderedPages.currentGeneration;
    const data = await Promise.all(
      PAGE_WIDE.map(async (w) => {
        try {
          return await answerOf(w);
        } catch (err) {
          request.log.error({ err, route: w.route }, 'a page-wide answer could not be read for the page; the app asks for it');
          return undefined;
        }
      }),
    );
    if (data.every((d) => d !== undefined)) app.renderedPages.remember(PAGE_WIDE_MEMO, { data }, generation);
    return PAGE_WIDE.map((w, i) => [w, data[i]]);
  }

  return { renderPage, pageWide };
}
