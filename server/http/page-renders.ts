import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { countAttempt, type RateLimitStore } from './rate-limit.js';
import { currentUser, SESSION_COOKIE } from './session.js';

/**
 * What keeps server rendering of pages (server/http/spa.ts, server/http/page/render.ts) cheap when someone asks for page after page that
 * nobody has asked for before:
 *
 * - An address the catalogue does not know (`/wp-login`, `/zqx-7`) is a name search that finds nothing: the
 *   listing's "No products found" page, which differs from one such address to the next only in the words
 *   searched for. It is rendered once (for the shop's settings and catalogue names of the moment) with a
 *   stand-in word, and each such page is that markup with its own words put in: no render per address.
 * - Anonymous visitors get at most `limit` server renders per client address per window; past it, the page is
 *   sent as the plain app shell (still 200: the browser renders it). Signed-in shoppers and admins are not
 *   counted. A page already rendered and kept is sent rendered to everyone.
 * - What is kept stays bounded: a few empty-search renders (`MAX_EMPTY_SEARCH`), and the rendered pages by path
 *   in the app's `renderedPages` cache (at most 100); pages made from the empty-search render are not kept there.
 */

/** Renders and plain shells sent since start-up; the tests read them. */
export type RenderStats = { renders: number; shells: number; emptySearchPages: number };

/** Anonymous server renders per client address: `limit` per `windowMs` (0 = no limit). */
type RenderLimit = { limit: number; windowMs: number };

/** The counters a limit is kept in (server/http/rate-limit.ts). */
type Counter = { hit(key: string, windowMs: number): Promise<number> };

/**
 * True when this request may have its page rendered on the server: always for a signed-in user; for anyone
 * else while their address has had fewer than `limit` renders in the window (counted here).
 */
export async function mayRender(request: FastifyRequest, counter: Counter, limit: RenderLimit): Promise<boolean> {
  if (limit.limit <= 0) return true;
  if (request.cookies?.[SESSION_COOKIE] && (await currentUser(request))) return true;
  return (await counter.hit(`render:address:${request.ip}`, limit.windowMs)) <= limit.limit;
}

/**
 * The header a page render's own reads of the public routes carry (a secret of this process; server/http/routes.ts
 * publicReads): they are counted as the page's render, not again as the listing queries they make (countListingQuery).
 */
export const RENDER_CALL: Record<string, string> = { 'x-render-call': crypto.randomBytes(24).toString('base64url') };

/**
 * Counts a listing query worked out for an anonymous client address (one the answer cache did not already hold),
 * and refuses it with 429 past `limit` per window: unique filters cost the database and the server's memory, and
 * are what a flood is made of. Signed-in shoppers and the server's own page renders are not counted.
 */
export async function countListingQuery(request: FastifyRequest, store: RateLimitStore, limit: RenderLimit): Promise<void> {
  if (limit.limit <= 0) return;
  const header = request.headers['x-render-call'];
  if (typeof header === 'string' && header === RENDER_CALL['x-render-call']) return;
  if (request.cookies?.[SESSION_COOKIE] && (await currentUser(request))) return;
  await countAttempt(store, limit.windowMs, [[`listing:address:${request.ip}`, limit.limit]], LISTING_LIMIT_MESSAGE);
}

const LISTING_LIMIT_MESSAGE = 'Too many searches from your address. Please wait a minute and try again, or sign in.';

/** The stand-in search word the empty-search page is rendered with: one word, no category's name. */
const STAND_IN = 'qzxsearchedwordsqzx';
/**
 * Empty-search renders kept (one per shop settings and catalogue names; older ones make room).
 * @forTests the tests search more than this many words with no result to see the memory stay bounded
 */
export const MAX_EMPTY_SEARCH = 8;

type ListingAnswer = {
  products?: unknown[];
  pagination?: { totalCount?: number };
  filter?: { categories?: unknown[]; subcategories?: unknown[]; search?: unknown[]; min?: unknown; max?: unknown };
};

/**
 * The search words of a listing page that found nothing and is nothing but a name search written plainly
 * (`/rose-quartz`: the path's one segment is exactly its words joined by hyphens, letters and digits only); else
 * undefined, and the page is rendered on its own.
 */
export function emptySearchWords(pathname: string, answer: unknown): string[] | undefined {
  const a = answer as ListingAnswer | undefined;
  const f = a?.filter;
  if (!a || !f || !Array.isArray(a.products) || a.products.length !== 0 || a.pagination?.totalCount !== 0) return undefined;
  if (f.categories?.length || f.subcategories?.length || f.min !== undefined || f.max !== undefined) return undefined;
  const words = f.search;
  if (!Array.isArray(words) || words.length === 0) return undefined;
  if (!words.every((w) => typeof w === 'string' && /^[\p{L}\p{N}]+$/u.test(w) && w !== STAND_IN)) return undefined;
  let term: string;
  try {
    term = decodeURIComponent(pathname.slice(1));
  } catch {
    return undefined;
  }
  return term === words.join('-') ? (words as string[]) : undefined;
}

type Boot = { screen: string; queries: [readonly unknown[], unknown][] };

/**
 * The empty-search page's markup, rendered once per everything it shows besides the words (the shop's
 * settings, the catalogue names of the filter bar, the rest of the listing's answer), with a stand-in word.
 */
export class EmptySearchPages {
  private readonly kept = new Map<string, Promise<string[]>>();

  constructor(private readonly max = MAX_EMPTY_SEARCH) {}

  get size(): number {
    return this.kept.size;
  }

  /** The markup for `words`, given the boot data (first query: the listing's answer) the page would render from. */
  async markup(words: string[], boot: Boot, render: (url: string, boot: Boot) => Promise<string>): Promise<string> {
    const [first, ...rest] = boot.queries;
    if (!first) throw new Error('a listing page renders from its answer');
    const answer = first[1] as ListingAnswer;
    const standIn = { ...answer, filter: { ...answer.filter, search: [STAND_IN] } };
    const key = crypto
      .createHash('sha256')
      .update(JSON.stringify([boot.screen, first[0].slice(0, -1), standIn, rest]))
      .digest('base64url');
    let parts = this.kept.get(key);
    if (!parts) {
      const standInBoot: Boot = { screen: boot.screen, queries: [[[...first[0].slice(0, -1), STAND_IN], standIn], ...rest] };
      parts = render(`/${STAND_IN}`, standInBoot).then((markup) => markup.split(STAND_IN));
      if (this.kept.size >= this.max) {
        const oldest = this.kept.keys().next().value;
        if (oldest !== undefined) this.kept.delete(oldest);
      }
      this.kept.set(key, parts);
      const made = parts;
      // A failed render is not kept.
      made.catch(() => {
        if (this.kept.get(key) === made) this.kept.delete(key);
      });
    }
    return (await parts).join(words.join(' '));
  }

  clear(): void {
    this.kept.clear();
  }
}
