import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
};

/** The web app's screen modules (keys of the build manifest) whose chunks a page can hint. */
export type ScreenModule = 'storefront/listing/ListingPage.tsx' | 'storefront/product/ProductPage.tsx';

/** Resolves the meta of a path; returns undefined to let the next resolver try. */
export type PageMetaResolver = (
  pathname: string,
  request: FastifyRequest,
) => Promise<PageMeta | undefined> | PageMeta | undefined;

export const SHOP_NAME = 'Ratna Gems Ludhiana';
const DEFAULT_META: PageMeta = {
  title: `${SHOP_NAME} | Certified Gemstones and Jewellery`,
  description:
    'Certified natural gemstones and jewellery from a Ludhiana wholesaler: ruby, emerald, sapphire, pearl and more, with secure payment and easy returns.',
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** JSON inside <script> must not be able to close the tag or open a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function renderHead(meta: PageMeta, publicUrl: string, modules: string[] = []) {
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
    ...modules.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The JavaScript files a screen needs beyond the entry bundle (its chunk and the chunks it imports),
 * from the build manifest; none when there is no manifest.
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
export const API_PREFIXES = ['/u1/api', '/c1/api', '/s2/api', '/p1/api', '/c2/api', '/o1/api', '/api/', '/uploads/'];

export function installSpa(app: FastifyInstance, webDir: string, publicUrl: string) {
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

  app.decorate('pageMetaResolvers', [] as PageMetaResolver[]);

  return async function sendApp(request: FastifyRequest, reply: import('fastify').FastifyReply) {
    const pathname = decodeURIComponentSafe(request.url.split('?')[0] ?? '/');
    let meta: PageMeta | undefined;
    for (const resolve of app.pageMetaResolvers) {
      meta = await resolve(pathname, request);
      if (meta) break;
    }
    meta ??= { ...DEFAULT_META, canonicalPath: pathname === '/' ? '/' : pathname };
    const html = readTemplate()
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(
        '<!--app-head-->',
        renderHead(meta, publicUrl, meta.preload?.screen ? screenModules(readManifest(), meta.preload.screen) : []),
      );
    return reply
      .status(meta.status ?? 200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  };
}

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
