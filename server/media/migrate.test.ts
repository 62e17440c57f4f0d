import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorefrontResponse } from '../../contract/storefront.js';
import { migrateMediaToS3 } from '../../scripts/media-migrate.js';
import { parseConfig } from '../config.js';
import { orderItems, products, storefrontBanners, storefrontFilms, storefrontSlides, storefrontTiles } from '../db/schema.js';
import { createTestApp } from '../test/helpers.js';
import { insertOrderLine, insertProduct, S3_TEST_KEY, startTestS3, type TestS3 } from './test-support.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CDN = 'https://media.example.com';

let s3: TestS3;
let raw: S3Client;
beforeAll(async () => {
  s3 = await startTestS3();
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_TEST_KEY, secretAccessKey: S3_TEST_KEY },
  });
});
afterAll(async () => {
  raw?.destroy();
  await s3?.stop();
});

const newBucket = async () => {
  const bucket = `migrate-${crypto.randomBytes(4).toString('hex')}`;
  await s3.createBucket(bucket);
  return bucket;
};

const readAll = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('media:migrate --to s3', () => {
  it('copies local files once, then rewrites stored URLs when MEDIA_PUBLIC_URL is set', async () => {
    const bucket = await newBucket();
    const shop = await createTestApp(); // the shop as it was: local media
    const second = await createTestApp({ ...s3.env(bucket, { MEDIA_PUBLIC_URL: CDN }) }, { database: shop.database });
    try {
      const ruby = crypto.randomUUID();
      const film = crypto.randomUUID();
      const files: Record<string, Buffer> = {};
      for (const key of [
        `products/${ruby}/320.webp`,
        `products/${ruby}/640.webp`,
        `products/${ruby}/1280.webp`,
        `products/${ruby}/original.png`,
        `products/${film}/video.mp4`,
      ]) {
        files[key] = crypto.randomBytes(100 + Object.keys(files).length);
        await shop.app.media.put(key, files[key]!, 'ignored');
      }
      const imageUrl = shop.app.media.urlFor(`products/${ruby}/1280.webp`);
      const videoUrl = shop.app.media.urlFor(`products/${film}/video.mp4`);
      expect(imageUrl).toBe(`/uploads/products/${ruby}/1280.webp`);
      const product = await insertProduct(shop.app.db, {
        images: [imageUrl, 'https://images.example.com/not-ours.jpg'],
        video: videoUrl,
      });
      const untouched = await insertProduct(shop.app.db, { images: [] });
      const line = await insertOrderLine(shop.app.db, imageUrl);
      // The home page shows the same uploads: a slide, a banner, a tile and a film (its WebM not ours).
      const smallUrl = shop.app.media.urlFor(`products/${ruby}/640.webp`);
      await shop.app.db.insert(storefrontSlides).values({ position: 9, image: imageUrl, heading: 'Slide', link: '/all' });
      await shop.app.db.insert(storefrontBanners).values({ position: 9, image: smallUrl, heading: 'Banner', path: '/all' });
      await shop.app.db.insert(storefrontTiles).values({ position: 9, image: imageUrl, name: 'Tile', path: '/all' });
      await shop.app.db
        .update(storefrontFilms)
        .set({ poster: smallUrl, mp4: videoUrl, webm: '/videos/workshop.webm' })
        .where(eq(storefrontFilms.position, 0));
      await shop.app.catalogueSettled();
      const homeContent = async (app: typeof shop) => {
        const res = await app.request({ method: 'GET', url: '/a1/api/storefront' });
        expect(res.statusCode).toBe(200);
        return StorefrontResponse.parse(res.json()).storefront;
      };
      const home = (content: Awaited<ReturnType<typeof homeContent>>) => ({
        slide: content.slides.find((s) => s.heading === 'Slide')?.image,
        banner: content.banners.find((b) => b.heading === 'Banner')?.image,
        tile: content.tiles.find((t) => t.name === 'Tile')?.image,
        film: content.films.map(({ poster, mp4, webm }) => ({ poster, mp4, webm }))[0],
      });
      // Both servers keep the home page's answer as it was (/uploads/…).
      for (const app of [shop, second]) {
        const before = home(await homeContent(app));
        expect(before).toEqual({
          slide: imageUrl,
          banner: smallUrl,
          tile: imageUrl,
          film: { poster: smallUrl, mp4: videoUrl, webm: '/videos/workshop.webm' },
        });
        const hits = app.app.answers.stats().hits;
        expect(home(await homeContent(app))).toEqual(before);
        expect(app.app.answers.stats().hits).toBe(hits + 1);
      }
      const demoFilm = (await homeContent(shop)).films[1];

      // An earlier, interrupted run left one object complete and one cut short.
      await second.app.media.put(`products/${ruby}/320.webp`, files[`products/${ruby}/320.webp`]!, 'image/webp');
      await raw.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `products/${ruby}/640.webp`,
          Body: files[`products/${ruby}/640.webp`]!.subarray(0, 10),
        }),
      );

      const config = parseConfig({
        ...s3.env(bucket, { MEDIA_STORAGE: 'local', MEDIA_PUBLIC_URL: CDN }),
        DATA_DIR: shop.dataDir,
      });
      const lines: string[] = [];
      const first = await migrateMediaToS3({ config, database: shop.database, log: (l) => lines.push(l) });
      expect(first).toMatchObject({
        files: 5,
        copied: 4,
        skipped: 1,
        failed: 0,
        rewritten: { products: 1, orderItems: 1, homeContent: 4 },
      });
      expect(lines.join('\n')).toMatch(/5\/5 \(copied 4, already there 1, failed 0\)/);
      expect(lines.join('\n')).toMatch(/Copied 4 file\(s\) .*, 1 already in the bucket, 0 failed\./);

      const [stored] = await shop.app.db.select().from(products).where(eq(products.id, product.id));
      expect(stored!.images).toEqual([`${CDN}/products/${ruby}/1280.webp`, 'https://images.example.com/not-ours.jpg']);
      expect(stored!.video).toBe(`${CDN}/products/${film}/video.mp4`);
      const [storedLine] = await shop.app.db.select().from(orderItems).where(eq(orderItems.id, line.id));
      expect(storedLine!.productimage).toBe(`${CDN}/products/${ruby}/1280.webp`);
      const [other] = await shop.app.db.select().from(products).where(eq(products.id, untouched.id));
      expect(other!.images).toEqual([]);

      // The home page's content points at the bucket too, and neither server answers with what it kept before.
      await shop.app.catalogueSettled();
      await second.app.catalogueSettled();
      for (const app of [shop, second]) {
        const after = await homeContent(app);
        expect(home(after)).toEqual({
          slide: `${CDN}/products/${ruby}/1280.webp`,
          banner: `${CDN}/products/${ruby}/640.webp`,
          tile: `${CDN}/products/${ruby}/1280.webp`,
          film: {
            poster: `${CDN}/products/${ruby}/640.webp`,
            mp4: `${CDN}/products/${film}/video.mp4`,
            webm: '/videos/workshop.webm',
          },
        });
        expect(after.films[1]).toEqual(demoFilm); // the demo film's files are the shop's own, not uploads
      }

      // The shop on the bucket finds every object behind the new URLs, byte for byte, with its type.
      for (const url of [...stored!.images.slice(0, 1), stored!.video]) {
        const key = second.app.media.keyFromUrl(url);
        expect(key).not.toBeNull();
        const res = await second.request({ method: 'GET', url: `/uploads/${key}` });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(files[key!]!)).toBe(true);
      }
      for (const [key, body] of Object.entries(files)) {
        const object = await second.app.media.get(key);
        expect(object?.contentType).toBe(key.endsWith('.mp4') ? 'video/mp4' : key.endsWith('.png') ? 'image/png' : 'image/webp');
        expect((await readAll(object!.body)).equals(body)).toBe(true);
      }

      const again = await migrateMediaToS3({ config, database: shop.database, log: () => {} });
      expect(again).toMatchObject({
        files: 5,
        copied: 0,
        skipped: 5,
        failed: 0,
        rewritten: { products: 0, orderItems: 0, homeContent: 0 },
      });
      for (const table of [storefrontSlides, storefrontBanners, storefrontTiles, storefrontFilms])
        expect(JSON.stringify(await shop.app.db.select().from(table))).not.toContain('"/uploads/');
    } finally {
      await second.app.close();
      fs.rmSync(second.dataDir, { recursive: true, force: true });
      await shop.close();
    }
  });

  it('runs from npm: the second run copies nothing, and URLs stay /uploads/ without MEDIA_PUBLIC_URL', async () => {
    const bucket = await newBucket();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrate-'));
    const keys = Array.from({ length: 3 }, () => `products/${crypto.randomUUID()}/1280.webp`);
    for (const key of keys) {
      fs.mkdirSync(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'uploads', key), crypto.randomBytes(64));
    }
    const run = (args: string[], extra: Record<string, string> = {}) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
        const child = spawn('npm', ['run', '--silent', 'media:migrate', '--', ...args], {
          cwd: ROOT,
          env: { ...inherited, ...s3.env(bucket), MEDIA_STORAGE: 'local', DATA_DIR: dataDir, ...extra },
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => {
          out += d;
        });
        child.stderr.on('data', (d) => {
          err += d;
        });
        child.on('exit', (code) => resolve({ code, out, err }));
      });
    try {
      const first = await run(['--to', 's3']);
      expect(first.code).toBe(0);
      expect(first.out).toContain(`Copying 3 media file(s) from ${path.join(dataDir, 'uploads')} to S3 bucket "${bucket}"`);
      expect(first.out).toMatch(/Copied 3 file\(s\) .*, 0 already in the bucket, 0 failed\./);
      expect(first.out).toContain('MEDIA_PUBLIC_URL is unset: stored URLs stay /uploads/');

      const second = await run(['--to', 's3']);
      expect(second.code).toBe(0);
      expect(second.out).toMatch(/Copied 0 file\(s\) \(0\.0 MB\), 3 already in the bucket, 0 failed\./);
      for (const key of keys) {
        const head = await raw.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        expect(head.ContentLength).toBe(64);
        expect(head.ContentType).toBe('image/webp');
        expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
      }

      const usage = await run([]);
      expect(usage.code).toBe(2);
      expect(usage.err).toContain('Usage: npm run media:migrate -- --to s3');

      const missing = await run(['--to', 's3'], { S3_BUCKET: 'no-such-bucket' });
      expect(missing.code).toBe(1);
      expect(missing.err.trim()).toMatch(/^S3 bucket "no-such-bucket" at .* does not exist; create it or fix S3_BUCKET$/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
