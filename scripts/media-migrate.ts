/**
 * `npm run media:migrate -- --to s3`: copies every file stored on local disk (DATA_DIR/uploads) to the S3
 * bucket of the S3_* settings, skipping objects already there with the same size (so it can be stopped
 * and run again). When MEDIA_PUBLIC_URL is set the stored URLs change (`/uploads/<key>` becomes
 * `MEDIA_PUBLIC_URL/<key>`): it then rewrites products.images, products.video, products.certificate_file,
 * order_items.productimage and the home page's content (storefront_slides.image, storefront_banners.image,
 * storefront_tiles.image, storefront_films.poster/mp4/webm) in one transaction; a second run finds nothing to
 * rewrite. The tables' triggers announce the change on catalogue_changed, so running servers drop their cached
 * catalogue and home page answers when it commits. Without MEDIA_PUBLIC_URL the URLs stay `/uploads/…`,
 * which the shop serves from the bucket once MEDIA_STORAGE=s3.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Config, ConfigError, parseConfig } from '../server/config.js';
import { type Database, DataDirLockedError, execRows, openDatabase } from '../server/db/client.js';
import { checkMediaStore, MediaStoreError } from '../server/media/index.js';
import { type S3MediaStore, s3MediaStore } from '../server/media/s3.js';
import { contentTypeOf, localMediaStore, type MediaStore } from '../server/media/storage.js';

export type MigrateResult = {
  files: number;
  copied: number;
  skipped: number;
  failed: number;
  bytes: number;
  /** Rows whose URLs were rewritten; undefined when MEDIA_PUBLIC_URL is unset. */
  rewritten?: { products: number; orderItems: number; homeContent: number };
};

export async function migrateMediaToS3(opts: {
  config: Config;
  /** The shop's database (opened from the settings when omitted and URLs must be rewritten). */
  database?: Database;
  log?: (line: string) => void;
  concurrency?: number;
}): Promise<MigrateResult> {
  const { config } = opts;
  const log = opts.log ?? ((line: string) => console.log(line));
  const settings = config.media.s3;
  if (!settings) {
    throw new MediaStoreError('Invalid setting S3_BUCKET: is required to copy media to S3 (set the S3_* settings first)');
  }
  const local = localMediaStore(config.media.localRoot);
  const bucket = s3MediaStore(settings, config.media.publicUrl);
  try {
    await checkMediaStore(bucket);
    const result = await copyAll(local, bucket, config.media.localRoot, log, opts.concurrency ?? 4);
    if (result.failed) {
      throw new MediaStoreError(`${result.failed} file(s) could not be copied; run media:migrate again (nothing was rewritten)`);
    }
    if (!config.media.publicUrl) {
      log(
        'MEDIA_PUBLIC_URL is unset: stored URLs stay /uploads/… and the shop serves them from the bucket once MEDIA_STORAGE=s3.',
      );
      return result;
    }
    const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
    try {
      result.rewritten = await rewriteUrls(database, local, bucket);
    } finally {
      if (!opts.database) await database.close();
    }
    log(
      `Rewrote media URLs to ${config.media.publicUrl}: ${result.rewritten.products} product(s), ${result.rewritten.orderItems} order line(s), ${result.rewritten.homeContent} home page item(s).`,
    );
    return result;
  } finally {
    bucket.destroy();
  }
}

async function copyAll(
  local: MediaStore,
  bucket: S3MediaStore,
  root: string,
  log: (line: string) => void,
  concurrency: number,
): Promise<MigrateResult> {
  const files: string[] = [];
  for await (const { key } of local.list('')) files.push(key);
  const result: MigrateResult = { files: files.length, copied: 0, skipped: 0, failed: 0, bytes: 0 };
  if (!files.length) {
    log(`No media files in ${root}.`);
    return result;
  }
  const inBucket = new Map<string, number>();
  for await (const o of bucket.list('')) inBucket.set(o.key, o.size);
  log(`Copying ${files.length} media file(s) from ${root} to S3 bucket "${bucket.bucket}"…`);

  let next = 0;
  let done = 0;
  let lastReport = Date.now();
  const report = () => {
    log(`  ${done}/${files.length} (copied ${result.copied}, already there ${result.skipped}, failed ${result.failed})`);
    lastReport = Date.now();
  };
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      const key = files[i] as string;
      try {
        const file = path.join(root, key);
        const { size } = await fsp.stat(file);
        if (inBucket.get(key) === size) {
          result.skipped += 1;
        } else {
          await bucket.put(key, await fsp.readFile(file), contentTypeOf(key));
          result.copied += 1;
          result.bytes += size;
        }
      } catch (err) {
        result.failed += 1;
        log(`  failed ${key}: ${err instanceof Error ? err.message : String(err)}`);
      }
      done += 1;
      if (done % 100 === 0 || Date.now() - lastReport > 2000) report();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  if (done % 100 !== 0) report();
  log(
    `Copied ${result.copied} file(s) (${(result.bytes / 1048576).toFixed(1)} MB), ${result.skipped} already in the bucket, ${result.failed} failed.`,
  );
  return result;
}

/** `/uploads/<key>` → the bucket's public URL for <key>; anything else unchanged. */
function rewriter(local: MediaStore, bucket: MediaStore) {
  return (url: string) => {
    const key = local.keyFromUrl(url);
    return key ? bucket.urlFor(key) : url;
  };
}

async function rewriteUrls(database: Database, local: MediaStore, bucket: MediaStore) {
  const rewrite = rewriter(local, bucket);
  return database.db.transaction(async (tx) => {
    const { rows: products } = await execRows<{ id: string; images: unknown; video: string; certificate_file: string }>(
      tx,
      sql`select id, images, video, certificate_file from products
          where images::text like '%"/uploads/%' or video like '/uploads/%' or certificate_file like '/uploads/%'
          for update`,
    );
    let productCount = 0;
    for (const p of products) {
      const images = Array.isArray(p.images)
        ? (p.images as unknown[]).map((u) => (typeof u === 'string' ? rewrite(u) : u))
        : p.images;
      const video = rewrite(p.video);
      const certificate = rewrite(p.certificate_file);
      if (JSON.stringify(images) === JSON.stringify(p.images) && video === p.video && certificate === p.certificate_file)
        continue;
      await tx.execute(
        sql`update products set images = ${JSON.stringify(images)}::jsonb, video = ${video}, certificate_file = ${certificate}
            where id = ${p.id}`,
      );
      productCount += 1;
    }
    const { rows: lineImages } = await execRows<{ productimage: string }>(
      tx,
      sql`select distinct productimage from order_items where productimage like '/uploads/%'`,
    );
    let orderItems = 0;
    for (const { productimage } of lineImages) {
      const next = rewrite(productimage);
      if (next === productimage) continue;
      const { rows } = await execRows<{ n: number }>(
        tx,
        sql`with changed as (update order_items set productimage = ${next} where productimage = ${productimage} returning 1)
            select count(*)::int as n from changed`,
      );
      orderItems += Number(rows[0]?.n ?? 0);
    }
    let homeContent = 0;
    for (const [table, columns] of HOME_CONTENT_MEDIA) {
      const where = sql.join(
        columns.map((c) => sql`${sql.identifier(c)} like '/uploads/%'`),
        sql` or `,
      );
      const { rows } = await execRows<Record<string, string>>(
        tx,
        sql`select id, ${sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        )} from ${sql.identifier(table)}
            where ${where} for update`,
      );
      for (const row of rows) {
        const changed = columns.filter((c) => rewrite(row[c] as string) !== row[c]);
        if (!changed.length) continue;
        const set = sql.join(
          changed.map((c) => sql`${sql.identifier(c)} = ${rewrite(row[c] as string)}`),
          sql`, `,
        );
        await tx.execute(sql`update ${sql.identifier(table)} set ${set} where id = ${row.id}`);
        homeContent += 1;
      }
    }
    return { products: productCount, orderItems, homeContent };
  });
}

/** The home page's media columns (migrations 0041 and 0072): each holds one URL, '' when a film lacks a format. */
const HOME_CONTENT_MEDIA: [table: string, columns: string[]][] = [
  ['storefront_slides', ['image']],
  ['storefront_banners', ['image']],
  ['storefront_tiles', ['image']],
  ['storefront_films', ['poster', 'mp4', 'webm']],
];

async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || values.to !== 's3') {
    console.error('Usage: npm run media:migrate -- --to s3   (copies DATA_DIR/uploads to the S3_* bucket)');
    process.exit(values.help ? 0 : 2);
  }
  const result = await migrateMediaToS3({ config: parseConfig() });
  if (!result.files) console.log('Nothing to copy.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    if (err instanceof ConfigError || err instanceof MediaStoreError || err instanceof DataDirLockedError) {
      console.error(err.message);
    } else {
      console.error('Media migration failed:', err instanceof Error ? err.message : err);
    }
    process.exit(1);
  });
}
