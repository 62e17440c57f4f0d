import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GALLERY_IMAGE_SIZES, imageSrcSet, imageUrlAt } from '../../../contract/images.js';
import { canonicalListingTerm } from '../../../contract/listing.js';
import { loaderAddress } from '../../../contract/screen-loader.js';
import { homeLoader } from '../../../web/storefront/home/loader.js';
import { listingLoader } from '../../../web/storefront/listing/loader.js';
import { productLoader } from '../../../web/storefront/product/loader.js';
import { freeShipping } from '../../domain/shipping-rates.js';
import type { PageMetaResolver } from '../../http/spa.js';
import { shopMenus } from '../categories/menus.js';
import { filterFormAddress } from './filterForm.js';
import {
  homeMeta,
  listingMeta,
  PRODUCT_NOT_FOUND,
  productMeta,
  STATIC_PAGES,
  STATIC_UPDATED,
  STOREFRONT_LISTING_PAGES,
  staticMeta,
} from './pages.js';
import * as service from './service.js';

const tags = ['Findability'];

/** XML text and attribute escaping. */
const xml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** A sitemap holds at most 50,000 addresses. */
const SITEMAP_LIMIT = 50_000;

/** Paths search engines should not crawl. */
const DISALLOWED = ['/dashboard', '/cart', '/checkout', '/my-orders', '/account'];

/** A path segment as the browser's router hands it to the page, or undefined when it is not valid percent-encoding. */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * What makes the shop findable: each HTML page's title, description, canonical link, Open Graph
 * tags and product structured data (resolvers for server/http/spa.ts), and /sitemap.xml and /robots.txt.
 * Registered after the SPA handler, whose resolver list it fills.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.publicUrl;

  const resolve: PageMetaResolver = async (pathname, request) => {
    try {
      return await resolvePage(pathname);
    } catch (err) {
      // The page is still served (with the shop's default meta) when the database cannot answer.
      request.log.error({ err, pathname }, 'page meta failed');
      return undefined;
    }
  };
  // Where shipping is free, kept until the shipping zones or rates change (not while changes cannot be heard).
  const free = () =>
    app.answers.live ? app.listingCache.keep('freeshipping', () => freeShipping(app.db)) : freeShipping(app.db);
  const resolvePage = async (pathname: string) => {
    const parts = pathname.split('/').filter(Boolean);
    if (parts.length === 0) {
      // The home page is rendered from what its screen reads first (its loader).
      return {
        ...homeMeta(publicUrl, await free()),
        preload: { screen: 'storefront/home/HomePage.tsx' as const },
        render: homeLoader(),
      };
    }
    const fixed = staticMeta(pathname, await free());
    if (fixed) return fixed;
    if (parts.length === 1) {
      const term = parts[0] as string;
      const meta =
        term.toLowerCase() === 'all'
          ? listingMeta('all', { categories: [], subcategories: [] }, await free())
          : listingMeta(term, await service.catalogueNames(app.db), await free());
      // The listing screen reads its term from the path as the router hands it over (decoded): with its loader's
      // queries (the listing, the filter bar's names); the first is what the screen asks for first.
      const asked = decoded(term);
      if (asked === undefined) return meta;
      const render = listingLoader(asked);
      const own = render.queries[0];
      return {
        ...meta,
        preload: {
          fetch: own && loaderAddress(own),
          screen: 'storefront/listing/ListingPage.tsx' as const,
        },
        render,
      };
    }
    if (parts.length === 3) {
      const slug = (parts[2] as string).toLowerCase();
      const product = slug.length <= 200 ? await service.productBySlug(app.db, slug) : undefined;
      if (!product?.isActive) return PRODUCT_NOT_FOUND;
      const meta = productMeta(product, publicUrl);
      // The product screen reads the slug as written in its path (its loader) and shows the first picture.
      const asked = decoded(parts[2] as string);
      const render = asked === undefined ? undefined : productLoader(asked);
      const own = render?.queries[0];
      const first = product.images[0];
      return {
        ...meta,
        preload: {
          fetch: own && loaderAddress(own),
          image: first ? { href: imageUrlAt(first, 1280), srcset: imageSrcSet(first), sizes: GALLERY_IMAGE_SIZES } : undefined,
          screen: 'storefront/product/ProductPage.tsx' as const,
        },
        render,
      };
    }
    return undefined;
  };
  app.pageMetaResolvers.push(resolve);
  // The listing's filter form, sent before the web app runs or without JavaScript.
  app.pageRedirectResolvers.push(async (pathname, request) => {
    try {
      return await filterFormAddress(app.db, pathname, request.query);
    } catch (err) {
      request.log.error({ err, pathname }, 'filter form could not be read');
      return undefined;
    }
  });

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags,
        summary: 'Sitemap of every active product page, category and subcategory page, and static page',
        description:
          'XML (sitemaps.org 0.9) with absolute addresses from PUBLIC_URL and a lastmod for each: the home page, /all, ' +
          'the policy and contact pages, the pages the header menus link to, each category (/gemstones) and subcategory ' +
          '(/gemstones-ruby) page with active products, the gemstone and jewellery pages the storefront links to, and ' +
          'every active product (/{category}/{subcategory}/{slug}). Hidden (inactive) products are never listed. A ' +
          'listing is listed once, by its canonical address: a short address such as /ruby that shows the same page ' +
          'as /gemstones-ruby is left out.',
        produces: ['application/xml'],
        response: { 200: z.string().describe('application/xml sitemap') },
      },
    },
    async (_request, reply) => {
      const [data, names, menus] = await Promise.all([
        service.sitemapData(app.db),
        service.catalogueNames(app.db),
        shopMenus(app.db),
      ]);
      const day = (d: Date | null) => (d ?? new Date()).toISOString();
      const entries = new Map<string, string>();
      const add = (path: string, lastmod: string) => {
        if (!entries.has(path) && entries.size < SITEMAP_LIMIT) entries.set(path, lastmod);
      };
      // A listing is listed by its one address (its canonical link): a stone's short address (/ruby) that shows the
      // same page as its menus' address (/gemstones-ruby) is not listed a second time.
      const listing = (path: string) => `/${encodeURIComponent(canonicalListingTerm(decodeURIComponent(path.slice(1)), names))}`;
      add('/', day(data.newest));
      add('/all', day(data.newest));
      const changed = new Map(data.listings.map((l) => [l.path, l.updatedAt]));
      for (const link of menus.flatMap((m) => m.links)) add(listing(link.to), day(changed.get(link.to) ?? data.newest));
      for (const l of data.listings) add(listing(l.path), day(l.updatedAt));
      for (const term of STOREFRONT_LISTING_PAGES) {
        const path = listing(`/${term}`);
        add(path, day(changed.get(path) ?? data.newest));
      }
      for (const page of STATIC_PAGES) if (page.index) add(page.path, STATIC_UPDATED);
      for (const p of data.products) add(p.path, day(p.updatedAt));
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...[...entries].map(([path, lastmod]) => `<url><loc>${xml(publicUrl + path)}</loc><lastmod>${lastmod}</lastmod></url>`),
        '</urlset>',
        '',
      ].join('\n');
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
    },
  );

  // "All products" has one address, /all; /products and /shop (linked from My Orders, typed by shoppers) lead there.
  for (const alias of ['/products', '/shop']) {
    app.get(
      alias,
      {
        schema: {
          tags,
          summary: `${alias} is the listing of all products: a permanent redirect to /all`,
          response: { 301: z.null().describe('Location: /all') },
        },
      },
      async (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(`/all${query >= 0 ? request.url.slice(query) : ''}`, 301);
      },
    );
  }

  app.get(
    '/robots.txt',
    {
      schema: {
        tags,
        summary: 'Crawling rules: everything but the back-office, cart, checkout and orders; points to the sitemap',
        produces: ['text/plain'],
        response: { 200: z.string().describe('text/plain robots rules') },
      },
    },
    async (_request, reply) => {
      const body = [
        'User-agent: *',
        'Allow: /',
        ...DISALLOWED.map((p) => `Disallow: ${p}`),
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
    },
  );
};

export default routes;
