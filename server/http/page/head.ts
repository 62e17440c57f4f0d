/** The page's <head> as the server writes it: titles, descriptions, links for search engines and sharing, preloads. */
import type { RenderedScreen, ScreenLoader } from '../../../contract/screen-loader.js';

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
   * Server rendering of the page's first paint: the screen's loader (web/storefront/<screen>/loader.ts), whose
   * queries' answers it is rendered from, each under the screen's query key. The page carries them, so the browser's
   * first render matches the markup. When the first query is not answered, the page is sent unrendered.
   */
  render?: ScreenLoader;
};

/** The boot data a server-rendered page carries (web/ssr.ts reads it). */
export type BootData = { screen: RenderedScreen; queries: [readonly unknown[], unknown][] };

/** The web app's server renderer (web/entry-server.tsx, built into dist/ssr). */
export type Renderer = { render: (url: string, boot: BootData) => Promise<string> };

/** The web app's screen modules (keys of the build manifest) whose chunks a page can hint. */
export type ScreenModule =
  | 'storefront/home/HomePage.tsx'
  | 'storefront/listing/ListingPage.tsx'
  | 'storefront/product/ProductPage.tsx'
  | 'hydrate.tsx';

const SHOP_NAME = 'Ratna Gems Ludhiana';
export const DEFAULT_META: PageMeta = {
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

export function renderHead(meta: PageMeta, publicUrl: string) {
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
