import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EARLY_TAPS_SOURCE } from './early-taps.js';
import { EmptySearchPages, emptySearchWords, mayRender, RENDER_CALL, type RenderStats } from './page-renders.js';

/** What the server writes into index.html's <head> for one page, so it is findable before any script runs. */
export type PageMeta = {
  title: string;
  description?: string;
  canonicalPath?: string;
  image?: string;
  type?: 'website' | 'product';
  /** Structured data (schema.org), serialised into a JSON-LD script. */
  jsonLd?: unknown;
  status?: number;
  /** A robots meta value such as `noindex` for pages search engines should not list (cart, sign-in, not found). */
  robots?: string;
  /**
   * What the page's script will ask for first, fetched while the script itself loads: the API call (exactly
   * the URL and credentials the web app uses) and the main picture.
   */
  preload?: { fetch?: string; image?: { href: string; srcset?: string; sizes?: string }; screen?: ScreenModule };
  /**
   * Server rendering of the page's first paint: the screen, and the public API answers it is rendered from, each
   * under the web app's query key. The page carries them, so the browser's first render matches the markup.
   * The first query is the page's own: when it does not answer 200, the page is sent unrendered.
   */
  render?: { screen: RenderedScreen; queries: RenderQuery[] };
};

/**
 * One API answer for a rendered page: `url` (GET), stored under `key` as the whole JSON or its `field`; with
 * `paged`, the `page=1` of the url is followed to `pagination.totalPages` and the pages' `field`s joined.
 */
type RenderQuery = { key: unknown[]; url: string; field?: string; paged?: boolean };

/** The boot data a server-rendered page carries (web/ssr.ts reads it). */
type BootData = { screen: RenderedScreen; queries: [unknown[], unknown][] };

/** The screens the server renders (web/ssr.ts). */
type RenderedScreen = 'home' | 'listing' | 'product';

/** The web app's server renderer (web/entry-server.tsx, built into dist/ssr). */
type Renderer = { render: (url: string, boot: BootData) => Promise<string> };

/** The web app's screen modules (keys of the build manifest) whose chunks a page can hint. */
type ScreenModule =
  | 'storefront/home/HomePage.tsx'
  | 'storefront/listing/ListingPage.tsx'
  | 'storefront/product/ProductPage.tsx'
  | 'hydrate.tsx';

/** Resolves the meta of a path; returns undefined to let the next resolver try. */
export type PageMetaResolver = (
  pathname: string,
  request: FastifyRequest,
) => Promise<PageMeta | undefined> | PageMeta | undefined;

/**
 * Where a page address with a query string really goes (a form sent with GET, such as the listing's filter form
 * before the app runs); undefined to let the next resolver try, and to serve the page when none answers.
 */
export type PageRedirectResolver = (
  pathname: string,
  request: FastifyRequest,
) => Promise<string | undefined> | string | undefined;

const SHOP_NAME = 'Ratna Gems Ludhiana';
const DEFAULT_META: PageMeta = {
  title: `${SHOP_NAME} | Certified Gemstones and Jewellery`,
  description:
    'Certified natural gemstones and jewellery from a Ludhiana wholesaler: ruby, emerald, sapphire, pearl and more, with secure payment and easy returns.',
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** JSON inside <script> must not be able to close the tag or open a comment. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function renderHead(meta: PageMeta, publicUrl: string) {
  const m = { ...DEFAULT_META, ...meta };
  const canonical = m.canonicalPath !== undefined ? publicUrl + m.canonicalPath : undefined;
  const image = m.image ? (m.image.startsWith('http') ? m.image : publicUrl + m.image) : undefined;
  const tags = [
    `<title>${escapeHtml(m.title)}</title>`,
    m.description ? `<meta name="description" content="${escapeHtml(m.description)}">` : '',
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    m.robots ? `<meta name="robots" content="${escapeHtml(m.robots)}">` : '',
    `<meta property="og:site_name" content="${escapeHtml(SHOP_NAME)}">`,
    `<meta property="og:title" content="${escapeHtml(m.title)}">`,
    m.description ? `<meta property="og:description" content="${escapeHtml(m.description)}">` : '',
    `<meta property="og:type" content="${m.type === 'product' ? 'product' : 'website'}">`,
    canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}">` : '',
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    m.jsonLd ? `<script type="application/ld+json">${jsonForScript(m.jsonLd)}</script>` : '',
    m.preload?.fetch ? `<link rel="preload" as="fetch" href="${escapeHtml(m.preload.fetch)}" crossorigin="use-credentials">` : '',
    m.preload?.image
      ? `<link rel="preload" as="image" href="${escapeHtml(m.preload.image.href)}"${
          m.preload.image.srcset ? ` imagesrcset="${escapeHtml(m.preload.image.srcset)}"` : ''
        }${m.preload.image.sizes ? ` imagesizes="${escapeHtml(m.preload.image.sizes)}"` : ''} fetchpriority="high">`
      : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * Hints for a screen's JavaScript files.
 * @forTests unit-tested for escaping and duplicates
 */
export function moduleLinks(files: string[]) {
  return [...new Set(files)].map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`).join('');
}

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The JavaScript files a screen needs beyond the entry bundle (its chunk and the chunks it imports),
 * from the build manifest; none when there is no manifest.
 * @forTests unit-tested against a build manifest
 */
export function screenModules(manifest: Manifest | undefined, screen: ScreenModule): string[] {
  if (!manifest?.[screen]) return [];
  const inEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, inEntry);
  const needed = new Set<string>();
  walk(screen, needed);
  return [...needed].filter((key) => !inEntry.has(key)).map((key) => manifest[key]?.file as string);
}

/** API prefixes: unknown paths under them are JSON 404s, never the app's HTML. */
export const API_PREFIXES = ['/u1/api', '/c1/api', '/s2/api', '/p1/api', '/c2/api', '/o1/api', '/a1/api', '/api/', '/uploads/'];

/**
 * A request for a file (a script, stylesheet, picture, font, map…) that is not there: answered 404 at once, never
 * with a page. Anything under /assets/ is one, and so is a path whose last segment ends in a dot and an extension
 * that starts with a letter (`.js`, `.woff2`, `.mp4`). A dot before digits is a decimal in a page's address
 * (`/all-max-99.5`, `/ruby-min-1.25`), which is a page.
 */
export function isFileRequest(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[a-z][a-z0-9]{0,4}$/i.test(last);
}

const ROOT_DIV = '<div id="root"></div>';
/** The web app's query key of the shop's public settings, and the script every page carries them in (web/ssr.ts). */
const SETTINGS_KEY = ['settings'];
const SETTINGS_DATA_ID = 'shop-settings';
/** The settings are kept with the rendered pages (forgotten with them when the settings change), under this key. */
const SETTINGS_MEMO = '\0settings';

/**
 * The tap keeper and app loader inline (server/http/early-taps.ts), with the app's files it loads once the page's
 * first pictures have come in: the entry first, then the chunks the screen needs, fetched side by side.
 */
const earlyTapsScript = (appFiles: string[]) =>
  `<script data-app="${escapeHtml(JSON.stringify(appFiles))}">${EARLY_TAPS_SOURCE}</script>`;

/** The web app's entry script, as the build writes it into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

export function installSpa(app: FastifyInstance, webDir: string, publicUrl: string, rendererFile: string | null) {
  const indexFile = path.join(webDir, 'index.html');
  let template: string | undefined;
  const readTemplate = () => {
    if (template === undefined || !app.config.isProduction) {
      template = fs.existsSync(indexFile)
        ? fs.readFileSync(indexFile, 'utf8')
        : '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head><body><div id="root">The web app is not built yet: run npm run build.</div></body></html>';
    }
    return template;
  };

  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  let manifest: Manifest | undefined;
  const readManifest = () => {
    if (manifest === undefined || !app.config.isProduction) {
      manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;
    }
    return manifest;
  };

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
  async function renderPage(request: FastifyRequest, meta: PageMeta, template: string, settings: unknown) {
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
      // settings go to the renderer (header, footer) but not into the boot data: the page carries them once, for every page.
      const withSettings: BootData =
        settings === undefined ? boot : { ...boot, queries: [...boot.queries, [SETTINGS_KEY, settings]] };
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
   * The same public API calls the browser would make, through the whole HTTP pipeline; never with the shopper's
   * cookie, so the markup is the same for everyone. Undefined when a call does not answer 200.
   */
  async function answerOf(q: RenderQuery): Promise<unknown> {
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...RENDER_CALL } });
      return res.statusCode === 200 ? (res.json() as Record<string, unknown>) : undefined;
    };
    const first = await get(q.url);
    if (!first) return undefined;
    if (!q.field) return first;
    const items = [first[q.field]].flat();
    const totalPages = (first.pagination as { totalPages?: number } | undefined)?.totalPages ?? 1;
    for (let page = 2; q.paged && page <= Math.min(totalPages, 50); page++) {
      const next = await get(q.url.replace('page=1', `page=${page}`));
      if (!next) return undefined;
      items.push(...[next[q.field]].flat());
    }
    return q.paged ? items : first[q.field];
  }

  /**
   * The shop's public settings as GET /a1/api/settings answers them (through the whole pipeline, like the rendered
   * pages' answers), kept with the rendered pages: a settings change through this server forgets both at once.
   */
  async function shopSettings(request: FastifyRequest): Promise<unknown> {
    const kept = app.renderedPages.recall<{ settings: unknown }>(SETTINGS_MEMO);
    if (kept) return kept.settings;
    const generation = app.renderedPages.currentGeneration;
    try {
      const res = await app.inject({ method: 'GET', url: '/a1/api/settings', headers: { accept: 'application/json' } });
      if (res.statusCode !== 200) return undefined;
      const settings = (res.json() as { settings?: unknown }).settings;
      if (settings === undefined) return undefined;
      app.renderedPages.remember(SETTINGS_MEMO, { settings }, generation);
      return settings;
    } catch (err) {
      request.log.error({ err }, 'the shop settings could not be read for the page; the app asks for them');
      return undefined;
    }
  }

  app.decorate('pageMetaResolvers', [] as PageMetaResolver[]);
  app.decorate('pageRedirectResolvers', [] as PageRedirectResolver[]);

  /** A page as sent: its status and HTML, and the HTML compressed for each encoding asked for so far. */
  type Page = { status: number; html: string; encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>> };

  async function buildPage(request: FastifyRequest): Promise<Page & { rendered: boolean; kept: boolean }> {
    const pathname = decodeURIComponentSafe(request.url.split('?')[0] ?? '/');
    let meta: PageMeta | undefined;
    for (const resolve of app.pageMetaResolvers) {
      meta = await resolve(pathname, request);
      if (meta) break;
    }
    meta ??= { ...DEFAULT_META, canonicalPath: pathname === '/' ? '/' : pathname };
    const template = readTemplate();
    const settings = await shopSettings(request);
    const rendered = await renderPage(request, meta, template, settings);
    // A rendered page carries its API answer: no separate fetch of it.
    const headMeta = rendered && meta.preload ? { ...meta, preload: { ...meta.preload, fetch: undefined } } : meta;
    // The screen's chunks, and for a rendered page the chunk that takes its markup over. A shell page hints them
    // last in the head, after the stylesheet: a browser talking HTTP/1.1 opens six connections to the shop, and the
    // first paint waits for the stylesheet, not for the scripts.
    const modules = [
      ...(meta.preload?.screen ? screenModules(readManifest(), meta.preload.screen) : []),
      ...(rendered ? screenModules(readManifest(), 'hydrate.tsx') : []),
    ];
    let html = template.replace(/<title>[^<]*<\/title>/, '').replace('<!--app-head-->', renderHead(headMeta, publicUrl));
    // A rendered page's controls show before its script has run. Links, disclosures and the filter form work
    // without it; taps on Add to Cart, Buy Now and the home page's tabs and slideshow buttons are kept by a small
    // inline script (web/early-taps.js) until the app takes them over. It stands where the entry script was, before
    // the stylesheet, so it runs at once; it loads the entry and the screen's chunks itself once the page's first
    // pictures are in.
    const entry = rendered ? ENTRY_SCRIPT.exec(html) : null;
    if (rendered && entry) {
      html = html
        .replace(entry[0], () => earlyTapsScript([entry[1] as string, ...new Set(modules.map((f) => `/${f}`))]))
        .replace('</head>', () => `${rendered.hints}</head>`);
    } else {
      html = html.replace('</head>', () => `${rendered?.hints ?? ''}${moduleLinks(modules)}</head>`);
    }
    if (rendered) {
      html = html.replace(
        ROOT_DIV,
        () =>
          `<div id="root">${rendered.markup}</div><script id="boot-data" type="application/json">${jsonForScript(rendered.boot)}</script>`,
      );
    }
    if (settings !== undefined) {
      html = html.replace(
        /<div id="root">/,
        (root) => `<script id="${SETTINGS_DATA_ID}" type="application/json">${jsonForScript(settings)}</script>${root}`,
      );
    }
    // A shop taking sandbox payments says so on every page, before any script runs (outside the app's root): a
    // strip of TEST_RIBBON_HEIGHT fixed above everything, the page moved down by as much (--test-ribbon tells the
    // fixed and sticky headers, which sit under it).
    if (app.config.payments === 'sandbox') {
      html = html.replace(
        /<body([^>]*)>/,
        (_, attrs: string) =>
          `<body${attrs} style="--test-ribbon:${TEST_RIBBON_HEIGHT};padding-top:${TEST_RIBBON_HEIGHT}">${TEST_PAYMENTS_RIBBON}`,
      );
    }
    return { status: meta.status ?? 200, html, encoded: {}, rendered: rendered !== undefined, kept: rendered?.kept ?? false };
  }

  return async function sendApp(request: FastifyRequest, reply: import('fastify').FastifyReply) {
    // A form sent with GET goes to the address it stands for (before the kept pages, which ignore the query).
    if (request.url.includes('?')) {
      const pathname = decodeURIComponentSafe(request.url.split('?')[0] ?? '/');
      for (const resolve of app.pageRedirectResolvers) {
        const to = await resolve(pathname, request);
        if (to) return reply.header('cache-control', 'no-store').redirect(to, 303);
      }
    }
    // Rendered pages are kept for a few seconds (they are the same for every visitor); a write that lands while
    // one is being made keeps it from being kept.
    // Kept by path: the query does not change what is rendered, and varying it must not fill the memory.
    const key = request.url.split('?')[0] ?? '/';
    const generation = app.renderedPages.currentGeneration;
    let page = app.renderedPages.recall<Page>(key);
    if (!page) {
      const built = await buildPage(request);
      page = built;
      if (built.kept) app.renderedPages.remember(key, page, generation, pageBytes(page));
    }
    reply
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    // Pages are sent from the not-found handler, which the compression plugin (a per-route hook) does not reach.
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding || page.html.length < 1024) return reply.send(page.html);
    page.encoded[encoding] ??= encoding === 'br' ? brotli(page.html) : gzip(page.html);
    return reply.header('content-encoding', encoding).send(await page.encoded[encoding]);
  };
}

const brotli = (text: string) => promisify(zlib.brotliCompress)(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
const gzip = (text: string) => promisify(zlib.gzip)(text);

/** br or gzip when the browser accepts it (and has not refused it with q=0). */
/**
 * Shown on every page while the shop takes sandbox payments (PAYMENTS=sandbox, or no Razorpay keys).
 * @forTests the tests check the notice shows in sandbox mode and not with real payments
 */
export const TEST_PAYMENTS_TEXT = 'Test payments: no real money is taken in this shop.';
const TEST_RIBBON_HEIGHT = '24px';
/**
 * One line of a known height (cut short on the narrowest phones), so nothing below it waits on its wrapping; a tap on
 * it reaches what it lies over (a page scrolled under the header).
 */
const TEST_PAYMENTS_RIBBON =
  `<div role="note" data-testid="test-payments" style="position:fixed;top:0;left:0;right:0;z-index:60;pointer-events:none;` +
  `height:${TEST_RIBBON_HEIGHT};box-sizing:border-box;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;` +
  `background:#fef3c7;color:#78350f;text-align:center;font:600 12px/23px system-ui,sans-serif;padding:0 8px;` +
  `border-bottom:1px solid #f59e0b">${TEST_PAYMENTS_TEXT}</div>`;

/** @forTests unit-tested with browsers' Accept-Encoding headers */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/** What a kept page takes: its markup, and the compressed copies made of it as they are asked for. */
function pageBytes(page: { html: string }) {
  return page.html.length * 3;
}

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
