import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../contract/catalogue.js';
import {
  createCategory,
  createSubcategory,
  type FilePart,
  makeImage,
  makeMp4,
  patchProduct,
  postProduct,
} from '../features/products/test-kit.js';
import { createTestApp, freePort, type TestApp, type TestUser } from '../test/helpers.js';
import { parseRange } from './routes.js';
import { MEDIA_CACHE_CONTROL } from './s3.js';
import type { MediaStore } from './storage.js';
import { startTestS3, type TestS3 } from './test-support.js';

/** /uploads/ on both drivers (ranges, HEAD), and what the shop answers when the bucket cannot be reached. */
let s3: TestS3;
let onBucket: TestApp;
let onDisk: TestApp;

beforeAll(async () => {
  s3 = await startTestS3();
  await s3.createBucket('serving-media');
  onBucket = await createTestApp(s3.env('serving-media'));
  onDisk = await createTestApp({}, { database: onBucket.database });
});
afterAll(async () => {
  await onDisk?.app.close();
  if (onDisk) fs.rmSync(onDisk.dataDir, { recursive: true, force: true });
  await onBucket?.close();
  await s3?.stop();
});

const productKeys = async (media: MediaStore) => {
  const keys: string[] = [];
  for await (const o of media.list('products/')) keys.push(o.key);
  return keys.sort();
};

describe('byte ranges', () => {
  it('reads one range of a Range header', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    // Malformed, reversed or several ranges: the whole object.
    expect(parseRange('bytes=9-0', 100)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
    expect(parseRange('bytes=-', 100)).toBeUndefined();
  });

  for (const driver of ['s3', 'local'] as const) {
    it(`answers ranges and HEAD for a stored video (${driver})`, async () => {
      const shop = driver === 's3' ? onBucket : onDisk;
      const key = `products/${crypto.randomUUID()}/video.mp4`;
      const body = crypto.randomBytes(5000);
      await shop.app.media.put(key, body, 'video/mp4');
      const url = `/uploads/${key}`;

      const whole = await shop.request({ method: 'GET', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(body)).toBe(true);

      const part = await shop.request({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/5000');
      expect(part.headers['content-length']).toBe('100');
      expect(part.headers['content-type']).toBe('video/mp4');
      expect(part.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
      expect(part.rawPayload.equals(body.subarray(100, 200))).toBe(true);

      const tail = await shop.request({ method: 'GET', url, headers: { range: 'bytes=-10' } });
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe('bytes 4990-4999/5000');
      expect(tail.rawPayload.equals(body.subarray(4990))).toBe(true);

      const open = await shop.request({ method: 'GET', url, headers: { range: 'bytes=4000-' } });
      expect(open.statusCode).toBe(206);
      expect(open.rawPayload.equals(body.subarray(4000))).toBe(true);

      const past = await shop.request({ method: 'GET', url, headers: { range: 'bytes=5000-' } });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe('bytes */5000');

      const head = await shop.request({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('video/mp4');
      expect(head.headers['content-length']).toBe('5000');
      expect(head.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
      expect(head.rawPayload.length).toBe(0);

      const missing = await shop.request({ method: 'HEAD', url: `/uploads/products/${crypto.randomUUID()}/video.mp4` });
      expect(missing.statusCode).toBe(404);
      const missingRange = await shop.request({
        method: 'GET',
        url: `/uploads/products/${crypto.randomUUID()}/video.mp4`,
        headers: { range: 'bytes=0-9' },
      });
      expect(missingRange.statusCode).toBe(404);
      expect(missingRange.headers['cache-control']).not.toBe(MEDIA_CACHE_CONTROL);
      await shop.app.media.delete([key]);
    });
  }
});

describe('a bucket that cannot be reached', () => {
  let admin: TestUser;
  let fields: Record<string, string>;
  beforeAll(async () => {
    admin = await onBucket.signUpAndIn('ADMIN');
    const gemstones = await createCategory(onBucket, admin.cookie, `Gemstones ${crypto.randomUUID()}`);
    const emerald = await createSubcategory(onBucket, admin.cookie, gemstones, 'Emerald');
    fields = {
      category: gemstones,
      subcategory: emerald,
      productname: 'Colombian Emerald',
      productdescription: 'A Muzo emerald with a jardin.',
      productprice: '42000',
      stockquantity: '2',
    };
  });

  it('answers 503, not 500, for media and for products with new media, and saves nothing', async () => {
    const closed = await createTestApp(s3.env('serving-media', { S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` }), {
      database: onBucket.database,
    });
    const gone = await createTestApp(s3.env('bucket-that-was-removed'), { database: onBucket.database });
    try {
      const image: FilePart = { name: 'images', filename: 'emerald.jpg', body: await makeImage('jpeg'), type: 'image/jpeg' };
      const video: FilePart = { name: 'video', filename: 'emerald.mp4', body: makeMp4(), type: 'video/mp4' };
      for (const shop of [closed, gone]) {
        const key = `/uploads/products/${crypto.randomUUID()}/1280.webp`;
        // A removed bucket answers HEAD with a bare 404, which cannot be told from a missing object: only GET is checked.
        const requests = [
          { method: 'GET', url: key },
          ...(shop === closed
            ? ([
                { method: 'HEAD', url: key },
                { method: 'GET', url: key, headers: { range: 'bytes=0-9' } },
              ] as const)
            : []),
        ] as const;
        for (const request of requests) {
          const res = await shop.request(request);
          expect(res.statusCode, JSON.stringify(request)).toBe(503);
          expect(res.headers['cache-control']).not.toBe(MEDIA_CACHE_CONTROL);
          if (request.method === 'GET') {
            expect(res.json()).toEqual({
              success: false,
              message: 'Media storage cannot be reached. Please try again shortly.',
            });
          }
        }

        const name = `Colombian Emerald ${crypto.randomUUID()}`;
        for (const files of [[image], [video]]) {
          const res = await postProduct(shop, admin.cookie, { ...fields, productname: name }, files);
          expect(res.statusCode, res.body).toBe(503);
          expect(res.json()).toEqual({
            success: false,
            message: 'Media storage cannot be reached, so nothing was saved. Please try again shortly.',
          });
        }
        const listed = await onBucket.request({
          method: 'GET',
          url: `/p1/api/admin/all?search=${encodeURIComponent(name)}`,
          cookie: admin.cookie,
        });
        expect(listed.json().products).toEqual([]);
      }

      // A product saved while the bucket answered keeps its images when an edit cannot store a new one.
      const saved = await postProduct(onBucket, admin.cookie, fields, [image]);
      expect(saved.statusCode, saved.body).toBe(201);
      const product = saved.json().product as Product;
      const edit = await patchProduct(closed, admin.cookie, product._id, { productprice: '1' }, [image]);
      expect(edit.statusCode).toBe(503);
      const shown = await onBucket.request({ method: 'GET', url: `/p1/api/slug/${product.slug}` });
      expect(shown.json().product).toMatchObject({ productimages: product.productimages, productprice: 42000 });
      expect((await onBucket.request({ method: 'GET', url: product.productimages[0]! })).statusCode).toBe(200);
    } finally {
      for (const shop of [closed, gone]) {
        await shop.app.close();
        fs.rmSync(shop.dataDir, { recursive: true, force: true });
      }
    }
  });
});

describe('removing media through an edit', () => {
  it('deletes the objects of images marked for removal and of a removed video', async () => {
    const admin = await onBucket.signUpAndIn('ADMIN');
    const category = await createCategory(onBucket, admin.cookie, `Jewellery ${crypto.randomUUID()}`);
    const rings = await createSubcategory(onBucket, admin.cookie, category, 'Rings');
    const before = await productKeys(onBucket.app.media);
    const image = async (name: string): Promise<FilePart> => ({
      name: 'images',
      filename: name,
      body: await makeImage('png', 700, 500),
      type: 'image/png',
    });
    const created = await postProduct(
      onBucket,
      admin.cookie,
      {
        category,
        subcategory: rings,
        productname: 'Ruby Ring',
        productdescription: 'A ruby set in gold.',
        productprice: '25000',
        stockquantity: '1',
      },
      [
        await image('top.png'),
        await image('side.png'),
        { name: 'video', filename: 'ring.mp4', body: makeMp4(), type: 'video/mp4' },
      ],
    );
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().product as Product;
    expect((await productKeys(onBucket.app.media)).length - before.length).toBe(9);

    const [top, side] = product.productimages as [string, string];
    const edited = await patchProduct(onBucket, admin.cookie, product._id, {
      imagesToDelete: JSON.stringify([top]),
      videoToDelete: 'true',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().product).toMatchObject({ productimages: [side], productvideo: '' });
    const folderOf = (url: string) => onBucket.app.media.keyFromUrl(url)!.replace(/[^/]+$/, '');
    const after = await productKeys(onBucket.app.media);
    expect(after.filter((k) => !before.includes(k)).every((k) => k.startsWith(folderOf(side)))).toBe(true);
    expect(after.length - before.length).toBe(4);

    const del = await onBucket.request({ method: 'DELETE', url: `/p1/api/delete/${product._id}`, cookie: admin.cookie });
    expect(del.statusCode).toBe(200);
    expect(await productKeys(onBucket.app.media)).toEqual(before);
  });
});
