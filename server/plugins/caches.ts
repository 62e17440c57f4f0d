import fp from 'fastify-plugin';
import { CatalogueCache } from '../features/products/catalogue-cache.js';
import type { CatalogueNames } from '../features/products/listing.js';
import { installCatalogueFeed } from '../http/catalogue-feed.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Listing names, totals and statements, and a product page's related products, settings and India's rates,
     * until the catalogue, the settings or the shipping zones change (server/http/catalogue-feed.ts).
     */
    listingCache: CatalogueCache<CatalogueNames>;
    /** Server-rendered pages, kept for up to 10 s (the same for every visitor). */
    renderedPages: CatalogueCache<never>;
  }
}

const CATALOGUE_PREFIX = /^\/(?:c1|s2|p1)\/api\//;
const ORDERS_PREFIX = /^\/o1\/api\//;
/**
 * Writes under these may change what kept answers show (products, sales, settings, content, stock, orders) or
 * who is signed in (sessions, roles).
 */
const WRITES_CATALOGUE = /^\/(?:c1|s2|p1|o1|a1|u1)\/api\//;
/** Signing in or up only adds a session or a user: nothing any server keeps changes, so nothing is waited for. */
const ADDS_ONLY = /^\/u1\/api\/(?:signin|signup)(?:[/?]|$)/;
/** The shop's settings: every page shows its name and contacts. */
const SETTINGS_PREFIX = /^\/a1\/api\/admin\/settings/;
/** The home page's content (storefront/routes.ts): a change is shown on the next rendered page. */
const STOREFRONT_PREFIX = /^\/a1\/api\/admin\/storefront\//;

/**
 * What each server keeps of the catalogue until it changes: public answers (the answer cache), listings' names,
 * totals and statements, and server-rendered pages; and the change feed that tells it when to let go.
 */
export default fp(
  async (app) => {
    // Listing names, totals and built statements, remembered until the catalogue changes (any server's write or a
    // sale starting or ending: server/http/catalogue-feed.ts). Not used while changes cannot be heard.
    app.decorate(
      'listingCache',
      new CatalogueCache<CatalogueNames>(Number.POSITIVE_INFINITY, 4_000, Date.now, app.config.listingMemoBytes),
    );
    // Server-rendered listing and product pages (server/http/spa.ts): forgotten on every catalogue change too, and
    // kept for at most 10 s (a page shows sale prices), at most 100 pages and 24 MB.
    app.decorate('renderedPages', new CatalogueCache<never>(10_000, 100, () => app.clock().getTime(), 24 * 1024 * 1024));
    await installCatalogueFeed(app);
    // An order or checkout, or the shop's settings saved through this server, also forget the rendered pages.
    // A refused write (4xx, 5xx) changed nothing, and keeps what is remembered. A write that may have changed the
    // catalogue (stock, prices, content) is answered once this server has heard its change, so the writer's
    // next read, here or on another server, is fresh.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
        if (WRITES_CATALOGUE.test(request.url) && !ADDS_ONLY.test(request.url)) await app.catalogueSettled();
        if (
          CATALOGUE_PREFIX.test(request.url) ||
          ORDERS_PREFIX.test(request.url) ||
          SETTINGS_PREFIX.test(request.url) ||
          STOREFRONT_PREFIX.test(request.url)
        ) {
          app.renderedPages.changed();
        }
      }
      return payload;
    });
  },
  { name: 'caches' },
);
