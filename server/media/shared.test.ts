import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';
import { MEDIA_CACHE_CONTROL } from './s3.js';
import { startTestS3, type TestS3 } from './test-support.js';

/** Two shop servers on one database and one bucket, as behind a load balancer. */
let s3: TestS3;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  s3 = await startTestS3();
  await s3.createBucket('ratna-media');
  first = await createTestApp(s3.env('ratna-media'));
  second = await createTestApp(s3.env('ratna-media'), { database: first.database });
});
afterAll(async () => {
  await second?.app.close();
  if (second) fs.rmSync(second.dataDir, { recursive: true, force: true });
  await first?.close();
  await s3?.stop();
});

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
