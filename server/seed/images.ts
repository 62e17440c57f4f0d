import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS } from '../../contract/catalogue.js';
import type { MediaStore } from '../media/storage.js';
import { type Design, designKey, renderDesign } from './art.js';

type RenderedDesign = Map<number, Buffer>;

/** Widest first: each smaller size is resized from the one before it. */
const WIDTHS = [...IMAGE_WIDTHS].sort((a, b) => b - a);

/** Where drawn pictures are kept between runs, so a fresh data directory (tests, e2e) need not draw them again. */
const DEFAULT_CACHE_DIR = path.join(os.tmpdir(), 'ratna-gems-seed-images');
const ENCODING = 'webp-q80-e0-e2-lanczos3-v1';

/** Draws one design once at the largest width and encodes every stored width as WebP. */
async function renderWebp(design: Design, seed: number, cacheDir: string | null = null): Promise<RenderedDesign> {
  const largest = WIDTHS[0] as number;
  const svg = renderDesign(design, largest, seed);
  // The cache is addressed by the drawing itself, so a changed drawing can never come back stale.
  const hash = crypto.createHash('sha256').update(ENCODING).update(svg).digest('hex').slice(0, 32);
  if (cacheDir) {
    const cached = await readCached(cacheDir, hash);
    if (cached) return cached;
  }
  const out = await rasterise(svg);
  if (cacheDir) await writeCached(cacheDir, hash, out);
  return out;
}

async function readCached(dir: string, hash: string): Promise<RenderedDesign | null> {
  try {
    const out: RenderedDesign = new Map();
    for (const width of WIDTHS) out.set(width, await fsp.readFile(path.join(dir, `${hash}-${width}.webp`)));
    return out;
  } catch {
    return null;
  }
}

/** Best effort: a cache that cannot be written is simply not used. */
async function writeCached(dir: string, hash: string, images: RenderedDesign) {
  try {
    await fsp.mkdir(dir, { recursive: true });
    for (const [width, body] of images) {
      const file = path.join(dir, `${hash}-${width}.webp`);
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      await fsp.writeFile(tmp, body);
      await fsp.rename(tmp, file);
    }
  } catch {
    // read-only or full disk: the pictures are in the media store all the same
  }
}

async function rasterise(svg: string): Promise<RenderedDesign> {
  const { default: sharp } = await import('sharp');
  const largest = WIDTHS[0] as number;
  let { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out: RenderedDesign = new Map();
  for (const width of WIDTHS) {
    if (width !== info.width) {
      ({ data, info } = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .resize(width, width, { kernel: 'lanczos3' })
        .raw()
        .toBuffer({ resolveWithObject: true }));
    }
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    // The lowest effort for the large size keeps start-up quick; the small ones are cheap anyway.
    out.set(
      width,
      await sharp(data, raw)
        .webp({ quality: 80, effort: width === largest ? 0 : 2 })
        .toBuffer(),
    );
  }
  return out;
}

/** A small stable number from a text, so a design always gets the same facet pattern. */
function hashSeed(text: string) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) % 1000;
}

/** Runs fn over items with at most `limit` in flight. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i] as T, i);
    }
  });
  await Promise.all(workers);
}

/**
 * Renders every distinct design once, then stores a copy under each image's own key
 * (`products/<uuid>/<width>.webp`, as uploads are stored). Products never share files, so deleting
 * one product's media can never take another product's pictures with it.
 */
export async function storeImages(
  media: MediaStore,
  images: { uuid: string; design: Design }[],
  options: { concurrency?: number; cacheDir?: string | null } = {},
): Promise<{ designs: number; files: number }> {
  const { concurrency = 2, cacheDir = DEFAULT_CACHE_DIR } = options;
  const byDesign = new Map<string, { design: Design; uuids: string[] }>();
  for (const { uuid, design } of images) {
    const key = designKey(design);
    const entry = byDesign.get(key) ?? { design, uuids: [] };
    entry.uuids.push(uuid);
    byDesign.set(key, entry);
  }
  let files = 0;
  const entries = [...byDesign.values()];
  await eachLimited(entries, concurrency, async (entry) => {
    const rendered = await renderWebp(entry.design, hashSeed(designKey(entry.design)), cacheDir);
    const puts = entry.uuids.flatMap((uuid) =>
      [...rendered].map(([width, body]) => ({ key: `products/${uuid}/${width}.webp`, body })),
    );
    // Several writes at once: an object store answers each one after a round trip.
    await eachLimited(puts, 8, async ({ key, body }) => {
      await media.put(key, body, 'image/webp');
      files += 1;
    });
  });
  return { designs: entries.length, files };
}
