import path from 'node:path/posix';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DbOrTx, execRows } from '../db/client.js';
import type { MediaStore } from './storage.js';

/** @forTests the sweep tests age files by days around the age the sweep keeps */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Only product media is swept; anything else in the store (demo banners, …) is left alone. */
const SWEPT_PREFIX = 'products/';

type SweepResult = { scanned: number; kept: number; deleted: string[] };

/** A stored URL's key: through the store, or any URL whose path ends in products/… (a URL from the other driver). */
function keyOf(media: MediaStore, url: string): string | null {
  const key = media.keyFromUrl(url);
  if (key) return key;
  const match = /(?:^|\/)(products\/[A-Za-z0-9._/-]+)$/.exec(url.split(/[?#]/)[0] ?? '');
  return match?.[1] ?? null;
}

/**
 * Every media URL the shop still points at: product images, videos and lab reports, the image copied into each order line, review photos, and
 * the home page's pictures (storefront slides, banners and tiles, uploaded through the same pipeline) and its films' posters and videos.
 */
async function referencedUrls(db: DbOrTx): Promise<string[]> {
  const { rows } = await execRows<{ url: string }>(
    db,
    sql`select e.url from products p
          cross join lateral jsonb_array_elements_text(
            case when jsonb_typeof(p.images) = 'array' then p.images else '[]'::jsonb end) as e(url)
        union
        select video from products where video <> ''
        union
        select certificate_file from products where certificate_file <> ''
        union
        select productimage from order_items where productimage <> ''
        union
        select e.url from product_reviews r
          cross join lateral jsonb_array_elements_text(
            case when jsonb_typeof(r.photos) = 'array' then r.photos else '[]'::jsonb end) as e(url)
        union
        select image from storefront_slides
        union
        select image from storefront_banners
        union
        select image from storefront_tiles
        union
        select poster from storefront_films
        union
        select mp4 from storefront_films where mp4 <> ''
        union
        select webm from storefront_films where webm <> ''`,
  );
  return rows.map((r) => r.url);
}

/**
 * Removes objects under products/ that nothing references and that are older than `olderThanMs` (a day):
 * leftovers of uploads whose product was never saved, or whose removal failed half-way. Young objects are
 * kept because an upload writes its files before the product that references them is committed. One
 * image is a folder of variants (products/<id>/320.webp, 640.webp, 1280.webp, original.*) while a product
 * stores one of them, so a referenced key keeps its whole folder.
 * @forTests tests run the sweep once instead of waiting for its timer
 */
export async function sweepMedia(
  db: DbOrTx,
  media: MediaStore,
  opts: { olderThanMs?: number; now?: Date } = {},
): Promise<SweepResult> {
  const cutoff = (opts.now ?? new Date()).getTime() - (opts.olderThanMs ?? DAY_MS);
  // References first: anything referenced after this read is younger than the cutoff.
  const keys = new Set<string>();
  const folders = new Set<string>();
  for (const url of await referencedUrls(db)) {
    const key = keyOf(media, url);
    if (!key) continue;
    keys.add(key);
    const folder = path.dirname(key);
    if (folder.startsWith(SWEPT_PREFIX)) folders.add(folder);
  }

  let scanned = 0;
  const doomed: string[] = [];
  for await (const object of media.list(SWEPT_PREFIX)) {
    scanned += 1;
    if (object.lastModified.getTime() > cutoff) continue;
    if (keys.has(object.key) || folders.has(path.dirname(object.key))) continue;
    doomed.push(object.key);
  }
  // Listing finished before anything is deleted (the local driver walks folders the delete may remove).
  if (doomed.length) await media.delete(doomed);
  return { scanned, kept: scanned - doomed.length, deleted: doomed };
}

/**
 * Runs the sweep every `everyMs` (6 hours) while background jobs are on, first a few minutes after start.
 * Several servers sweeping at once is harmless: each deletes only what none references.
 */
export function scheduleMediaSweep(app: FastifyInstance, opts: { everyMs?: number; firstAfterMs?: number } = {}) {
  const everyMs = opts.everyMs ?? 6 * 60 * 60 * 1000;
  const firstAfterMs = opts.firstAfterMs ?? 5 * 60 * 1000 + Math.floor(Math.random() * 60_000);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const run = () => {
    if (running || closed) return;
    running = sweepMedia(app.db, app.media)
      .then((r) => {
        if (r.deleted.length) app.log.info({ deleted: r.deleted.length, scanned: r.scanned }, 'media sweep removed unused files');
      })
      .catch((err) => app.log.error({ err }, 'media sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook('onReady', async () => {
    if (!app.jobsEnabled) return;
    timer = setTimeout(function tick() {
      run();
      if (!closed) timer = setTimeout(tick, everyMs).unref();
    }, firstAfterMs).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
