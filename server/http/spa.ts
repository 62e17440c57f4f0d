/**
 * The web app's pages as the server sends them: the built index.html with the page's head, its first paint rendered
 * on the server where the screen allows (page/render.ts), the hints for its scripts (page/modules.ts), the sandbox
 * strip (page/test-ribbon.ts), kept for a few seconds and compressed as the browser accepts (page/encoding.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brotli, gzip, pickEncoding } from './page/encoding.js';
import { DEFAULT_META, jsonForScript, type PageMeta, renderHead } from './page/head.js';
import { ENTRY_SCRIPT, earlyTapsScript, type Manifest, moduleLinks, screenModules } from './page/modules.js';
import { pageRenderer, ROOT_DIV } from './page/render.js';
import { withTestRibbon } from './page/test-ribbon.js';

export type { PageMeta } from './page/head.js';

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

  const { renderPage, pageWide } = pageRenderer(app, rendererFile);

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
    const wide = await pageWide(request);
    const rendered = await renderPage(request, meta, template, wide);
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
    for (const [w, data] of wide) {
      if (data === undefined) continue;
      html = html.replace(
        /<div id="root">/,
        (root) => `<script id="${w.id}" type="application/json">${jsonForScript(data)}</script>${root}`,
      );
    }
    if (app.config.payments === 'sandbox') html = withTestRibbon(html);
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
