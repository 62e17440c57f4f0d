import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CATALOGUE_TABLES, type CatalogueTable } from '../../contract/route.js';
import { execRows } from '../db/client.js';
import { AnswerCache } from './answer-cache.js';
import { KeptValues } from './kept-values.js';
import type { SessionUser } from './session.js';

/** The channel the catalogue triggers notify on (migration 0070_catalogue_changed). */
const CATALOGUE_CHANNEL = 'catalogue_changed';
const KNOWN = new Set<string>(CATALOGUE_TABLES);
/** What the back-office order lists are read from besides the catalogue's products (migration 0071). */
const ORDER_TABLES = new Set(['orders', 'order_items', 'order_events', 'refunds', 'return_requests', 'invoices', 'users']);
/** What a signed-in user is read from: a session ended, a role or name changed. */
const SESSION_TABLES = new Set(['sessions', 'users']);
/** Catalogue tables an order list shows (each line's live product with its category names). */
const ORDER_CATALOGUE = new Set<string>(['products', 'categories', 'subcategories']);
/** A write that changed only products' stock names them: `product_stock:<id>,<id>…` (migration 0200). */
const STOCK_PREFIX = 'product_stock:';
/** The statement the listening connection runs (and then nothing else): how its servers are counted. */
const LISTEN_STATEMENT = `listen "${CATALOGUE_CHANNEL}"`;

declare module 'fastify' {
  interface FastifyInstance {
    /** Public catalogue answers, kept until a table they are read from changes (answer-cache.ts). */
    answers: AnswerCache;
    /**
     * Resolves once this server has heard every catalogue change committed before the call (at most 2 s):
     * a write answered after it is already out of this server's cache, and of every other server's within
     * the same notify latency.
     */
    catalogueSettled(): Promise<void>;
    /** Signed-in users by session, kept until a session or user changes (server/http/session.ts). */
    signedIn: KeptValues<{ user: SessionUser; expiresAt: Date } | null>;
    /** Back-office order lists (serialised), kept until an order, its lines, events, refunds or products change. */
    orderLists: KeptValues<Buffer>;
  }
}

/**
 * Makes the app's answer cache and keeps it coherent with the database: every committed write to a catalogue
 * table, through this server or any other, arrives as a notification naming the table, and the answers read
 * from it go at once. When the connection that listens is lost, everything goes and nothing is kept until it
 * listens again. Listings' remembered totals and the server-rendered pages go on the same changes.
 */
export async function installCatalogueFeed(app: FastifyInstance): Promise<void> {
  const answers = new AnswerCache(
    app.config.answerCacheBytes,
    () => app.clock().getTime(),
    async (at) => {
      const instant = at.toISOString();
      const { rows } = await execRows<{ b: Date | string | null }>(
        app.db,
        sql`select least(min(starts_at) filter (where starts_at > ${instant}::timestamptz),
                         min(ends_at) filter (where ends_at > ${instant}::timestamptz)) as b from sales`,
      );
      const b = rows[0]?.b;
      return b ? new Date(b) : null;
    },
  );
  app.decorate('answers', answers);
  // Signed-in users are few and small; order lists share the answer cache's budget (a quarter of it).
  const signedIn = new KeptValues<{ user: SessionUser; expiresAt: Date } | null>(
    app.config.answerCacheBytes > 0 ? 4 * 1024 * 1024 : 0,
    Date.now,
  );
  const orderLists = new KeptValues<Buffer>(Math.floor(app.config.answerCacheBytes / 4), Date.now);
  app.decorate('signedIn', signedIn);
  app.decorate('orderLists', orderLists);
  // The listing cache also keeps what a product page shows besides its product: the settings and India's rates.
  const listingTables = new Set<CatalogueTable>([
    'products',
    'categories',
    'subcategories',
    'sales',
    'shop_settings',
    'shipping_zones',
    'shipping_rates',
  ]);
  answers.onChange((table) => {
    if (table === null || listingTables.has(table)) app.listingCache.changed();
    app.renderedPages.changed();
  });
  // Notifications reach each listener in commit order: once every listening server has heard a marker sent
  // now (each answers `heard:<marker>`), every change committed before it has been heard everywhere.
  // PGlite hears its own changes before the committing statement returns.
  const self = crypto.randomUUID();
  const waiting = new Map<string, { heard: number; listeners?: number; done: () => void }>();
  let markers = 0;
  const check = (marker: string) => {
    const w = waiting.get(marker);
    if (w?.listeners !== undefined && w.heard >= w.listeners) w.done();
  };
  app.decorate('catalogueSettled', async () => {
    if (app.database.kind === 'pglite' || !answers.live) return;
    const marker = `${self}.${++markers}`;
    const heard = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(marker);
        resolve();
      };
      // A server that died without its connection being seen as closed yet is not waited for long.
      const timer = setTimeout(done, 2000);
      timer.unref();
      waiting.set(marker, { heard: 0, done });
    });
    const [row] = await app.database.query<{ n: number }>(
      `select pg_notify($1, $2), (select count(*)::int from pg_stat_activity
         where datname = current_database() and query = $3) as n`,
      [CATALOGUE_CHANNEL, `settled:${marker}`, LISTEN_STATEMENT],
    );
    const w = waiting.get(marker);
    if (w) w.listeners = Math.max(1, row?.n ?? 1);
    check(marker);
    await heard;
  });
  const heardOne = (marker: string) => {
    const w = waiting.get(marker);
    if (!w) return;
    w.heard++;
    check(marker);
  };
  const stop = await app.database.listen(
    CATALOGUE_CHANNEL,
    (payload) => {
      if (ORDER_TABLES.has(payload) || SESSION_TABLES.has(payload)) {
        if (ORDER_TABLES.has(payload)) orderLists.changed();
        if (SESSION_TABLES.has(payload)) signedIn.changed();
      } else if (payload.startsWith(STOCK_PREFIX)) {
        // Only stock changed (a hold taken or given back): the answers and pages showing those products go.
        answers.stockChanged(payload.slice(STOCK_PREFIX.length).split(','));
        orderLists.changed();
        app.renderedPages.changed();
      } else if (KNOWN.has(payload)) {
        if (ORDER_CATALOGUE.has(payload)) orderLists.changed();
        answers.invalidate(payload as CatalogueTable);
      } else if (payload.startsWith('settled:')) {
        const marker = payload.slice('settled:'.length);
        if (marker.startsWith(`${self}.`)) heardOne(marker);
        else app.database.query('select pg_notify($1, $2)', [CATALOGUE_CHANNEL, `heard:${marker}`]).catch(() => {});
      } else if (payload.startsWith('heard:')) {
        const marker = payload.slice('heard:'.length);
        if (marker.startsWith(`${self}.`)) heardOne(marker);
      } else {
        answers.clear();
        orderLists.changed();
        signedIn.changed();
      }
    },
    (listening) => {
      answers.live = listening;
      orderLists.live = listening;
      signedIn.live = listening;
      answers.clear();
      orderLists.changed();
      signedIn.changed();
      if (!listening) app.log.warn('catalogue change feed lost: answer cache off until it is back');
    },
  );
  app.addHook('onClose', async () => {
    answers.live = false;
    orderLists.live = false;
    signedIn.live = false;
    await stop();
  });
}
