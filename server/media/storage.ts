import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where product media lives. Keys are relative paths like `products/<uuid>/640.webp`; they never
 * contain `..`, a leading `/`, a backslash or anything outside [A-Za-z0-9._/-].
 * Local disk now (under DATA_DIR/uploads); an S3-compatible bucket is a second driver.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Streams a stored object, or the bytes `range.start` to `range.end` (inclusive, within the object) of it;
   * null when it does not exist. `size` is always the whole object's size.
   */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; contentType: string; size: number } | null>;
  /** Content type and size of a stored object without reading it (HEAD, ranges); null when it does not exist. */
  stat(key: string): Promise<{ contentType: string; size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes objects; missing ones are not an error. */
  delete(keys: string[]): Promise<void>;
  /** Every stored object under a prefix (for sweeps and migrations). */
  list(prefix?: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /** Where a browser fetches the object. */
  urlFor(key: string): string;
  /** The key a stored URL points at, or null when the URL is not one of ours. */
  keyFromUrl(url: string): string | null;
  /** Throws when the store cannot be reached (health check, start-up). */
  check(): Promise<void>;
}

/** Inclusive byte positions inside an object. */
export type ByteRange = { start: number; end: number };

const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isSafeKey(key: string) {
  return key.length <= 300 && KEY_RE.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${key}`);
}

export const UPLOADS_PREFIX = '/uploads/';

/** Content type by file extension (a Map: an extension such as `constructor` is not a key of it). */
const CONTENT_TYPES: ReadonlyMap<string, string> = new Map([
  ['webp', 'image/webp'],
  ['avif', 'image/avif'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['mp4', 'video/mp4'],
  ['webm', 'video/webm'],
  ['pdf', 'application/pdf'],
]);

/** How a stored PDF (a lab report) is sent: shown in the browser as a document, saved under a plain name. */
const PDF_DISPOSITION = 'inline; filename="lab-report.pdf"';
export const dispositionOf = (key: string) => (key.toLowerCase().endsWith('.pdf') ? PDF_DISPOSITION : undefined);

export const contentTypeOf = (key: string) =>
  CONTENT_TYPES.get(key.split('.').pop()?.toLowerCase() ?? '') ?? 'application/octet-stream';

export function localMediaStore(root: string): MediaStore {
  const full = (key: string) => {
    assertSafeKey(key);
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error(`Unsafe media key: ${key}`);
    return p;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const p = full(key);
      await fsp.mkdir(path.dirname(p), { recursive: true });
      const tmp = `${p}.${process.pid}.tmp`;
      await fsp.writeFile(tmp, body);
      await fsp.rename(tmp, p);
    },
    async get(key, range) {
      if (!isSafeKey(key)) return null;
      const p = full(key);
      try {
        const stat = await fsp.stat(p);
        if (!stat.isFile()) return null;
        const body = range ? fs.createReadStream(p, { start: range.start, end: range.end }) : fs.createReadStream(p);
        return { body, contentType: contentTypeOf(key), size: stat.size };
      } catch {
        return null;
      }
    },
    async stat(key) {
      if (!isSafeKey(key)) return null;
      try {
        const stat = await fsp.stat(full(key));
        return stat.isFile() ? { contentType: contentTypeOf(key), size: stat.size } : null;
      } catch {
        return null;
      }
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        return (await fsp.stat(full(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(keys) {
      const dirs = new Set<string>();
      for (const key of keys) {
        if (!isSafeKey(key)) continue;
        const p = full(key);
        await fsp.rm(p, { force: true });
        dirs.add(path.dirname(p));
      }
      for (const dir of dirs) await fsp.rmdir(dir).catch(() => {}); // only when empty
    },
    async *list(prefix = '') {
      const base = path.resolve(root);
      async function* walk(dir: string): AsyncGenerator<{ key: string; lastModified: Date }> {
        let entries: fs.Dirent[];
        try {
          entries = await fsp.readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          const p = path.join(dir, e.name);
          if (e.isDirectory()) yield* walk(p);
          else if (e.isFile() && !e.name.endsWith('.tmp')) {
            const key = path.relative(base, p).split(path.sep).join('/');
            if (key.startsWith(prefix)) yield { key, lastModified: (await fsp.stat(p)).mtime };
          }
        }
      }
      yield* walk(base);
    },
    urlFor: (key) => UPLOADS_PREFIX + key,
    keyFromUrl(url) {
      if (!url.startsWith(UPLOADS_PREFIX)) return null;
      const key = url.slice(UPLOADS_PREFIX.length);
      return isSafeKey(key) ? key : null;
    },
    async check() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.W_OK);
    },
  };
}
