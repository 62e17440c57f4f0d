import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueTable } from '../../contract/route.js';

/**
 * The catalogue answer cache: the serialised answers of the public catalogue reads (listings, product pages,
 * latest, best sellers, categories, settings, sales, home content), the same for every shopper, kept in each
 * server and served as prepared bytes.
 *
 * - **Key**: the route's path as asked plus its query sorted by name, so `?b=1&a=2` and `?a=2&b=1` share one.
 * - **Dependencies**: each route names the tables its answer is read from (`cache` in contract/*.ts). A change
 *   to one of them (PostgreSQL NOTIFY from the catalogue triggers, see server/http/catalogue-feed.ts) drops
 *   every answer that depends on it at once. An answer worked out while one of its tables changed is not kept.
 * - **Stock**: a write that changed only products' stock (a checkout's hold, a hold given back) names the products
 *   instead of the table, and only the answers showing one of them go (each answer read from products knows the
 *   ids in its body): a flood of checkouts does not empty the cache of listings that do not show what they held.
 * - **Sales**: an answer read from `sales` is kept no longer than the next sale start or end after it was made
 *   (a sale starting or ending changes prices without any write).
 * - **Size**: least recently used answers make room when the bodies (and their compressed copies) pass
 *   `maxBytes`.
 * - **Trust**: while the change feed is not connected nothing is kept or served (`live`).
 */

/** @forTests the tests check that a cached answer carries exactly this header */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** Bodies below this are sent uncompressed (as @fastify/compress does). */
const COMPRESS_THRESHOLD = 1024;

type Encoding = 'br' | 'gzip';
type Entry = {
  key: string;
  body: Buffer;
  etag: string;
  deps: readonly CatalogueTable[];
  /** Clock time (ms) from which the answer is no longer valid (the next sale boundary), or Infinity. */
  expiresAt: number;
  compressed: Partial<Record<Encoding, Buffer>>;
  bytes: number;
  /** The ids in the body (`"_id":"…"`) of an answer read from products: a stock change to one drops it. */
  ids: readonly string[];
};

/** Ids whose stock changed lately, each with the stock generation it changed at; past this many, the oldest go. */
const STOCK_LOG_MAX = 10_000;
const ID_IN_BODY = /"_id":"([0-9a-f-]{36})"/g;

function idsIn(body: string): string[] {
  const ids = new Set<string>();
  for (const m of body.matchAll(ID_IN_BODY)) ids.add(m[1] as string);
  return [...ids];
}

/** `resets`: how many times everything was dropped (the change feed lost or back). */
type AnswerCacheStats = { entries: number; bytes: number; hits: number; misses: number; resets: number };

export class AnswerCache {
  /** Insertion order is recency order: a hit moves its entry to the end. */
  private readonly entries = new Map<string, Entry>();
  private readonly byTable = new Map<CatalogueTable, Set<string>>();
  /** Bumped by every change of a table: an answer made across a bump is not kept. */
  private readonly generations = new Map<CatalogueTable, number>();
  /** Answer keys by the product ids their bodies show. */
  private readonly byId = new Map<string, Set<string>>();
  /** Bumped by every stock change; the ids changed lately with the generation each changed at. */
  private stockGeneration = 0;
  private readonly stockChangedAt = new Map<string, number>();
  /** Answers begun before this stock generation are not kept (the log of what changed before it is gone). */
  private stockFloor = 0;
  private resets = 0;
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  /** Whether changes are being heard (the feed is subscribed): otherwise nothing is kept or served. */
  live = false;
  private readonly listeners: ((table: CatalogueTable | null) => void)[] = [];
  /** The next sale start or end after `boundaryFrom`, known while `sales` does not change. */
  private boundary: { value: Promise<number>; generation: number } | undefined;

  constructor(
    readonly maxBytes: number,
    private readonly now: () => number,
    /** The earliest sale start or end strictly after `at` (ms), or null when there is none. */
    private readonly nextSaleBoundary: (at: Date) => Promise<Date | null>,
  ) {}

  get enabled() {
    return this.maxBytes > 0;
  }

  stats(): AnswerCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses, resets: this.resets };
  }

  /** Called with each changed table (null: everything may have changed). */
  onChange(listener: (table: CatalogueTable | null) => void) {
    this.listeners.push(listener);
  }

  /** `table` changed: its answers go now. */
  invalidate(table: CatalogueTable): void {
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
    if (table === 'sales') this.boundary = undefined;
    const keys = this.byTable.get(table);
    if (keys) {
      for (const key of [...keys]) this.drop(key);
    }
    for (const l of this.listeners) l(table);
  }

  /**
   * Only the stock of these products changed: the answers showing one of them go, every other answer stays (the
   * listing totals and orders do not depend on stock).
   */
  stockChanged(ids: readonly string[]): void {
    this.stockGeneration++;
    for (const id of ids) {
      this.stockChangedAt.delete(id);
      this.stockChangedAt.set(id, this.stockGeneration);
      const keys = this.byId.get(id);
      if (keys) for (const key of [...keys]) this.drop(key);
    }
    while (this.stockChangedAt.size > STOCK_LOG_MAX) {
      const [oldest, at] = this.stockChangedAt.entries().next().value as [string, number];
      this.stockChangedAt.delete(oldest);
      this.stockFloor = Math.max(this.stockFloor, at);
    }
  }

  /** Whether an answer begun at stock generation `from` showing `ids` may have missed a stock change. */
  private stockMoved(from: number, ids: readonly string[]): boolean {
    if (from === this.stockGeneration) return false;
    if (from < this.stockFloor) return true;
    return ids.some((id) => (this.stockChangedAt.get(id) ?? 0) > from);
  }

  /** Anything may have changed (the feed was lost or is back): every answer goes. */
  clear(): void {
    this.resets++;
    this.generations.clear();
    this.boundary = undefined;
    this.entries.clear();
    this.byTable.clear();
    this.byId.clear();
    this.bytes = 0;
    for (const l of this.listeners) l(null);
  }

  private drop(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
    for (const t of e.deps) this.byTable.get(t)?.delete(key);
    for (const id of e.ids) {
      const keys = this.byId.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byId.delete(id);
    }
  }

  private stamp(deps: readonly CatalogueTable[]): string {
    return `${this.resets}:${deps.map((t) => this.generations.get(t) ?? 0).join(',')}`;
  }

  /**
   * The instant (ms) the answers read from `sales` stop being valid. Reaching it counts as a change of `sales`
   * (listing totals remembered elsewhere go too), and the next boundary is then looked up.
   */
  private async saleExpiry(): Promise<number> {
    for (let round = 0; round < 3; round++) {
      const generation = this.generations.get('sales') ?? 0;
      if (!this.boundary || this.boundary.generation !== generation) {
        const from = new Date(this.now());
        const value = this.nextSaleBoundary(from).then((d) => (d ? d.getTime() : Number.POSITIVE_INFINITY));
        const entry = { value, generation };
        this.boundary = entry;
        value.catch(() => {
          if (this.boundary === entry) this.boundary = undefined;
        });
      }
      const at = await this.boundary.value;
      if (this.now() < at) return at;
      this.invalidate('sales');
    }
    return this.now();
  }

  private lookup(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (this.now() >= e.expiresAt) {
      // A sale started or ended: everything read from sales is out of date, not only this answer.
      this.invalidate('sales');
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  private store(key: string, body: Buffer, deps: readonly CatalogueTable[], expiresAt: number, ids: string[]): Entry {
    const etag = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27);
    const entry: Entry = {
      key,
      body,
      etag,
      deps,
      expiresAt,
      compressed: {},
      bytes: body.length + key.length * 2 + 200 + ids.length * 80,
      ids,
    };
    if (entry.bytes > this.maxBytes) return entry;
    this.drop(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const t of deps) {
      const keys = this.byTable.get(t) ?? new Set<string>();
      this.byTable.set(t, keys);
      keys.add(key);
    }
    for (const id of ids) {
      const keys = this.byId.get(id) ?? new Set<string>();
      this.byId.set(id, keys);
      keys.add(key);
    }
    this.evict();
    return entry;
  }

  private evict() {
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }

  /**
   * Answers a cached route: from the cache when it holds a valid answer, otherwise by running `work` and
   * keeping its answer (200 answers only; errors and replies a handler sends itself are never kept).
   */
  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    deps: readonly CatalogueTable[],
    work: () => Promise<unknown>,
  ): Promise<unknown> {
    const made = await this.entryFor(
      request.url,
      deps,
      work,
      (answer) => !(reply.sent || answer === reply || reply.statusCode !== 200),
    );
    if (!('entry' in made)) return made.answer;
    const { entry } = made;
    if (!entry.etag) entry.etag = crypto.createHash('sha256').update(entry.body).digest('base64url').slice(0, 27);
    return send(request, reply, entry, this);
  }

  /**
   * The JSON a cached route answers at `url` (as the browser would read it), without HTTP: from the cache when it
   * holds a valid answer, otherwise by running `work` (the route's handler) and keeping its answer. The server's page
   * renders read their answers so (server/http/routes.ts publicReads).
   */
  async read(url: string, deps: readonly CatalogueTable[], work: () => Promise<unknown>): Promise<unknown> {
    const made = await this.entryFor(url, deps, work, () => true);
    return 'entry' in made ? JSON.parse(made.entry.body.toString()) : JSON.parse(JSON.stringify(made.answer));
  }

  /** The cache's entry for `url` (kept, or made by `work` when its answer may be kept: `answered`), or the bare answer. */
  private async entryFor(
    url: string,
    deps: readonly CatalogueTable[],
    work: () => Promise<unknown>,
    answered: (answer: unknown) => boolean,
  ): Promise<{ entry: Entry } | { answer: unknown }> {
    if (!this.enabled || !this.live) return { answer: await work() };
    const key = cacheKey(url);
    const hit = this.lookup(key);
    if (hit) {
      this.hits++;
      return { entry: hit };
    }
    this.misses++;
    const stamp = this.stamp(deps);
    const stockFrom = this.stockGeneration;
    const expiresAt = deps.includes('sales') ? await this.saleExpiry() : Number.POSITIVE_INFINITY;
    const answer = await work();
    if (answer === undefined || !answered(answer)) return { answer };
    const json = JSON.stringify(answer);
    const body = Buffer.from(json);
    const ids = deps.includes('products') ? idsIn(json) : [];
    const made = { key, body, etag: '', deps, expiresAt, compressed: {}, bytes: 0, ids } as Entry;
    const fresh = this.live && stamp === this.stamp(deps) && !this.stockMoved(stockFrom, ids);
    return { entry: fresh ? this.store(key, body, deps, expiresAt, ids) : made };
  }

  /** A compressed copy of an entry's body, made once and counted in the cache's bytes. */
  compressed(entry: Entry, encoding: Encoding): Buffer {
    const done = entry.compressed[encoding];
    if (done) return done;
    const out =
      encoding === 'br'
        ? zlib.brotliCompressSync(entry.body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
            },
          })
        : zlib.gzipSync(entry.body, { level: 6 });
    entry.compressed[encoding] = out;
    if (this.entries.get(entry.key) === entry) {
      entry.bytes += out.length;
      this.bytes += out.length;
      this.evict();
    }
    return out;
  }
}

/** The path as asked plus the query sorted by name (then value). */
export function cacheKey(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, q)}?${query}` : url.slice(0, q);
}

/** br or gzip when the client takes it (q > 0), else identity. */
function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Whether If-None-Match names this answer (in any of its encodings), or is `*`. */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    const inner = tag.replace(/^"|"$/g, '');
    if (inner === etag || inner === `${etag}-br` || inner === `${etag}-gz`) return true;
  }
  return false;
}

function send(request: FastifyRequest, reply: FastifyReply, entry: Entry, cache: AnswerCache) {
  const encoding = entry.body.length >= COMPRESS_THRESHOLD ? pickEncoding(request.headers['accept-encoding']) : null;
  const etag = `"${entry.etag}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;
  reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', etag).header('vary', 'accept-encoding');
  if (notModified(request.headers['if-none-match'], entry.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(entry.body);
  // Content-Encoding set: @fastify/compress passes the prepared bytes through.
  return reply.header('content-encoding', encoding).send(cache.compressed(entry, encoding));
}
