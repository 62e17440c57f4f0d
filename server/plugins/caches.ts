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
    /** Server-rendered pages, kept for up to 10 s (the same for every visitor) until a table they show changes. */
    renderedPages: CatalogueCache<never>;
  }
}

/** Signing in or up only adds a session or a user: nothing any server keeps changes, so nothing is waited for. */
const ADDS_ONLY = /^\/u1\/api\/(?:signin|signup)(?:[/?]|$)/;

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
    // Server-rendered pages (server/http/spa.ts): forgotten on every change of a table they show (their catalogue,
    // settings, home page content, stock) too, and kept for at most 10 s (a page shows sale prices), at most 100 pages and 24 MB.
    app.decorate('renderedPages', new CatalogueCache<never>(10_000, 100, () => app.clock().getTime(), 24 * 1024 * 1024));
    await installCatalogueFeed(app);
    // Every cache is forgotten by the tables' change notices alone (catalogue-feed.ts), whichever route or server
    // wrote: a write route has nothing to invalidate. A write is answered once this server has heard the changes it
    // committed, so the writer's next read, here or on another server, is fresh. A refused write (4xx, 5xx)
    // changed nothing and waits for nothing.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && !ADDS_ONLY.test(request.url))
        await app.catalogueSettled();
      return payload;
    });
  },
  { name: 'caches' },
);
