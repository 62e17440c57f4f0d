import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../contract/catalogue.js';
import { createCategory, createSubcategory, postProduct } from '../features/products/test-kit.js';
import { createTestApp, type TestApp, type TestUser } from '../test/helpers.js';
import { startTestS3, type TestS3 } from './test-support.js';

/**
 * A photo taken on a phone carries the camera, the time and where it was taken (EXIF GPS). Product pictures
 * are public: neither the stored original nor a variant may carry any of it, on disk or in the bucket.
 */
let s3: TestS3;
let onBucket: TestApp;
let onDisk: TestApp;
let admin: TestUser;
let fields: Record<string, string>;

const CAMERA = 'LeakyCam';
const OWNER = 'Merchant Home Studio';

/** A JPEG as a phone writes it: camera, owner, GPS position and a "rotate 90°" orientation. */
async function phonePhoto(format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 180, g: 20, b: 60 } } })
    .withExif({
      IFD0: { Make: CAMERA, Model: `${CAMERA} Pro`, Artist: OWNER },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 54/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '75/1 51/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toFormat(format)
    .toBuffer();
}

beforeAll(async () => {
  s3 = await startTestS3();
  await s3.createBucket('exif-media');
  onBucket = await createTestApp(s3.env('exif-media'));
  onDisk = await createTestApp({}, { database: onBucket.database });
  admin = await onBucket.signUpAndIn('ADMIN');
  const category = await createCategory(onBucket, admin.cookie, `Gemstones ${crypto.randomUUID()}`);
  const subcategory = await createSubcategory(onBucket, admin.cookie, category, 'Emerald');
  fields = {
    category,
    subcategory,
    productdescription: 'A Muzo emerald with a jardin.',
    productprice: '42000',
    stockquantity: '2',
  };
});
afterAll(async () => {
  await onDisk?.app.close();
  if (onDisk) fs.rmSync(onDisk.dataDir, { recursive: true, force: true });
  await onBucket?.close();
  await s3?.stop();
});

it('the photo made for the test does carry the camera and GPS (else the test proves nothing)', async () => {
  for (const format of ['jpeg', 'png', 'webp'] as const) {
    const meta = await sharp(await phonePhoto(format)).metadata();
    expect(meta.exif, format).toBeDefined();
    expect(meta.orientation, format).toBe(6);
    expect(meta.exif?.includes(Buffer.from(CAMERA)), format).toBe(true);
    // the GPS IFD pointer (tag 0x8825), in either byte order
    const gps = meta.exif?.includes(Buffer.from([0x25, 0x88])) || meta.exif?.includes(Buffer.from([0x88, 0x25]));
    expect(gps, format).toBe(true);
  }
});

for (const driver of ['local', 's3'] as const) {
  describe(`uploaded pictures (${driver})`, () => {
    for (const [format, ext] of [
      ['jpeg', 'jpg'],
      ['png', 'png'],
      ['webp', 'webp'],
    ] as const) {
      it(`keep no camera, owner or GPS data in the original or any variant (${format})`, async () => {
        const shop = driver === 's3' ? onBucket : onDisk;
        const photo = await phonePhoto(format);
        const res = await postProduct(shop, admin.cookie, { ...fields, productname: `Emerald ${crypto.randomUUID()}` }, [
          { name: 'images', filename: `IMG_0001.${ext}`, body: photo, type: `image/${format}` },
        ]);
        expect(res.statusCode, res.body).toBe(201);
        const url = (res.json().product as Product).productimages[0]!;
        expect(url).toMatch(/\/1280\.webp$/);
        const folder = url.slice(0, -'1280.webp'.length);
        for (const file of [`original.${ext}`, '320.webp', '640.webp', '1280.webp']) {
          const got = await shop.request({ method: 'GET', url: folder + file });
          expect(got.statusCode, file).toBe(200);
          const body = got.rawPayload;
          const meta = await sharp(body).metadata();
          expect(meta.exif, file).toBeUndefined();
          expect(meta.xmp, file).toBeUndefined();
          expect(body.includes(Buffer.from(CAMERA)), file).toBe(false);
          expect(body.includes(Buffer.from(OWNER)), file).toBe(false);
          expect(body.includes(Buffer.from('Exif\0')), file).toBe(false);
          // The picture still stands the right way up: the orientation was applied, not dropped.
          expect(meta.orientation ?? 1, file).toBe(1);
          expect((meta.height ?? 0) > (meta.width ?? 0), file).toBe(true);
        }
        const original = await sharp(
          (await shop.request({ method: 'GET', url: `${folder}original.${ext}` })).rawPayload,
        ).metadata();
        expect(original.format).toBe(format);
        expect([original.width, original.height]).toEqual([64, 96]);
      });
    }
  });
}
