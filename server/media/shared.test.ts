// @postgres: two servers on one database and one bucket
import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrlAt, type Product } from '../../contract/catalogue.js';
import {
  createCategory,
  createSubcategory,
  type FilePart,
  makeImage,
  makeMp4,
  postProduct,
} from '../features/products/test-kit.js';
import { createTestApp, type TestApp, type TestUser } from '../test/helpers.js';
import { MEDIA_CACHE_CONTROL } from './s3.js';
import type { MediaStore } from './storage.js';
import { startTestS3, type TestS3 } from './test-support.js';

/** Two shop servers on one database and one bucket, as behind a load balancer. */
let s3: TestS3;
let first: TestApp;
let second: TestApp;
/** The same shop with MEDIA_PUBLIC_URL: the bucket behind a CDN. */
let third: TestApp;

const CDN = 'https://media.example.com';

beforeAll(async () => {
  s3 = await startTestS3();
  await s3.createBucket('ratna-media');
  first = await createTestApp(s3.env('ratna-media'));
  second = await createTestApp(s3.env('ratna-media'), { database: first.database });
  third = await createTestApp(s3.env('ratna-media', { MEDIA_PUBLIC_URL: CDN }), { database: first.database });
});
afterAll(async () => {
  for (const other of [third, second]) {
    await other?.app.close();
    if (other) fs.rmSync(other.dataDir, { recursive: true, force: true });
  }
  await first?.close();
  await s3?.stop();
});

const productKeys = async (media: MediaStore) => {
  const keys: string[] = [];
  for await (const o of media.list('products/')) keys.push(o.key);
  return keys.sort();
};
const image = (body: Buffer, filename: string): FilePart => ({ name: 'images', filename, body, type: 'image/jpeg' });
const video = (body: Buffer): FilePart => ({ name: 'video', filename: 'ruby.mp4', body, type: 'video/mp4' });

describe('several shop servers on one bucket', () => {
  it('serves from the second server what the first one stored, and not from its own disk', async () => {
    const folder = `products/${crypto.randomUUID()}`;
    const objects = {
      [`${folder}/320.webp`]: ['image/webp', crypto.randomBytes(300)],
      [`${folder}/1280.webp`]: ['image/webp', crypto.randomBytes(1200)],
      [`${folder}/original.png`]: ['image/png', crypto.randomBytes(2000)],
      [`${folder}/video.mp4`]: ['video/mp4', crypto.randomBytes(4000)],
    } as const;
    for (const [key, [type, body]] of Object.entries(objects)) await first.app.media.put(key, body, type);

    for (const [key, [type, body]] of Object.entries(objects)) {
      const url = first.app.media.urlFor(key);
      expect(url).toBe(`/uploads/${key}`);
      const res = await second.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
      expect(Number(res.headers['content-length'])).toBe(body.length);
      expect(res.rawPayload.equals(body)).toBe(true);
    }
    expect(fs.existsSync(`${second.dataDir}/uploads`)).toBe(false);
    expect(fs.existsSync(`${first.dataDir}/uploads`)).toBe(false);

    // Removed through the second server: gone for the first.
    await second.app.media.delete(Object.keys(objects));
    for (const key of Object.keys(objects)) {
      expect((await first.request({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    }
  });

  it('answers 404 for missing objects and paths that try to leave the media folder', async () => {
    for (const url of [
      '/uploads/products/never-stored/1280.webp',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/products/%2e%2e/%2e%2e/secret.webp',
      '/uploads/',
      '/uploads/products',
    ]) {
      const res = await second.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await second.request({ method: 'GET', url: '/uploads/%E0%A4%A' })).statusCode).toBe(400);
  });
});

describe('a catalogue shared by two servers', () => {
  let admin: TestUser;
  let fields: Record<string, string>;
  let rings: string;
  beforeAll(async () => {
    admin = await first.signUpAndIn('ADMIN');
    const gemstones = await createCategory(first, admin.cookie, 'Gemstones');
    const ruby = await createSubcategory(first, admin.cookie, gemstones, 'Ruby');
    rings = await createSubcategory(first, admin.cookie, await createCategory(first, admin.cookie, 'Jewellery'), 'Rings');
    fields = {
      category: gemstones,
      subcategory: ruby,
      productname: 'Burmese Ruby',
      productdescription: 'A pigeon-blood ruby from Mogok.',
      productprice: '15000.50',
      stockquantity: '3',
    };
  });

  it('shows on the second server, with working images and video, a product created through the first', async () => {
    const before = await productKeys(first.app.media);
    const mp4 = makeMp4(4096);
    const res = await postProduct(first, admin.cookie, fields, [
      image(await makeImage('jpeg', 1600, 1200), 'front.jpg'),
      image(await makeImage('jpeg', 500, 500), 'side.jpg'),
      video(mp4),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().product as Product;
    expect(created.productimages).toHaveLength(2);

    const shown = await second.request({ method: 'GET', url: `/p1/api/slug/${created.slug}` });
    expect(shown.statusCode).toBe(200);
    const product = shown.json().product as Product;
    expect(product.productimages).toEqual(created.productimages);
    expect(product.productvideo).toBe(created.productvideo);

    for (const url of product.productimages) {
      expect(url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\/1280\.webp$/);
      for (const width of [320, 640, 1280] as const) {
        const res = await second.request({ method: 'GET', url: imageUrlAt(url, width) });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBeLessThanOrEqual(width);
      }
    }
    expect(
      (await sharp((await second.request({ method: 'GET', url: product.productimages[0]! })).rawPayload).metadata()).width,
    ).toBe(1280);
    const clip = await second.request({ method: 'GET', url: product.productvideo });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/mp4');
    expect(clip.rawPayload.equals(mp4)).toBe(true);

    // Everything is in the bucket (4 objects per image, 1 video), nothing on either server's disk.
    const after = await productKeys(second.app.media);
    expect(after.length - before.length).toBe(9);
    expect(fs.existsSync(`${first.dataDir}/uploads`)).toBe(false);

    // Deleted through the second server: its files leave the bucket, the first server no longer serves them.
    const del = await second.request({ method: 'DELETE', url: `/p1/api/delete/${created._id}`, cookie: admin.cookie });
    expect(del.statusCode).toBe(200);
    expect(await productKeys(first.app.media)).toEqual(before);
    expect((await first.request({ method: 'GET', url: product.productimages[0]! })).statusCode).toBe(404);
  });

  it('leaves no object in the bucket when a create is rolled back', async () => {
    const before = await productKeys(first.app.media);
    const res = await postProduct(first, admin.cookie, { ...fields, subcategory: rings }, [
      image(await makeImage('jpeg'), 'front.jpg'),
      video(makeMp4()),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'subcategory', message: 'This subcategory belongs to another category' });
    expect(await productKeys(first.app.media)).toEqual(before);
  });

  it('stores public bucket URLs when MEDIA_PUBLIC_URL is set, still served by the other servers at /uploads/', async () => {
    const res = await postProduct(third, admin.cookie, { ...fields, productname: 'Ceylon Blue Sapphire' }, [
      image(await makeImage('jpeg', 800, 600), 'sapphire.jpg'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().product as Product;
    const url = created.productimages[0]!;
    expect(url).toMatch(new RegExp(`^${CDN}/products/[0-9a-f-]{36}/1280\\.webp$`));
    const key = third.app.media.keyFromUrl(url)!;
    const served = await first.request({ method: 'GET', url: `/uploads/${imageUrlAt(key, 640)}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const shown = await second.request({ method: 'GET', url: `/p1/api/slug/${created.slug}` });
    expect(shown.json().product.productimages).toEqual([url]);

    const del = await third.request({ method: 'DELETE', url: `/p1/api/delete/${created._id}`, cookie: admin.cookie });
    expect(del.statusCode).toBe(200);
    expect(await third.app.media.exists(key)).toBe(false);
    expect(await third.app.media.exists(imageUrlAt(key, 320))).toBe(false);
  });
});
