// @postgres: the media still referenced is found in SQL
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';
import { DAY_MS, scheduleMediaSweep, sweepMedia } from './sweep.js';
import { insertOrderLine, insertProduct, startTestS3, type TestS3 } from './test-support.js';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.stop();
});

const variants = (id: string) => [
  `products/${id}/320.webp`,
  `products/${id}/640.webp`,
  `products/${id}/1280.webp`,
  `products/${id}/original.jpg`,
];

type Driver = {
  name: 'local' | 's3';
  open(): Promise<{ shop: TestApp; age(key: string, ms: number): void }>;
};

const drivers: Driver[] = [
  {
    name: 'local',
    async open() {
      const shop = await createTestApp();
      return {
        shop,
        age(key, ms) {
          const when = new Date(Date.now() - ms);
          fs.utimesSync(path.join(shop.dataDir, 'uploads', key), when, when);
        },
      };
    },
  },
  {
    name: 's3',
    async open() {
      const bucket = `sweep-${crypto.randomBytes(4).toString('hex')}`;
      await s3.createBucket(bucket);
      const shop = await createTestApp(s3.env(bucket));
      return { shop, age: (key, ms) => s3.age(bucket, key, ms) };
    },
  },
];

describe.each(drivers)('media sweep ($name)', (driver) => {
  let shop: TestApp;
  let age: (key: string, ms: number) => void;
  beforeAll(async () => {
    ({ shop, age } = await driver.open());
  });
  afterAll(async () => {
    await shop?.close();
  });

  const status = async (key: string) => (await shop.request({ method: 'GET', url: `/uploads/${key}` })).statusCode;

  it('removes old unreferenced product media and keeps what products and orders use, recent uploads and other folders', async () => {
    const media = shop.app.media;
    expect(media.kind).toBe(driver.name);
    const shown = crypto.randomUUID(); // a product image (the product stores its 1280 variant)
    const film = crypto.randomUUID(); // a product video
    const ordered = crypto.randomUUID(); // only an order line still shows it
    const elsewhere = crypto.randomUUID(); // referenced by a URL of the other driver (a CDN address)
    const abandoned = crypto.randomUUID(); // an upload whose product was never saved
    const fresh = crypto.randomUUID(); // an upload a moment ago, product not committed yet

    const keep = [
      ...variants(shown),
      `products/${film}/video.mp4`,
      ...variants(ordered),
      ...variants(elsewhere),
      'banners/hero-emerald.webp',
    ];
    const remove = [...variants(abandoned), `products/${abandoned}/video.mp4`];
    const young = variants(fresh);
    for (const key of [...keep, ...remove, ...young]) await media.put(key, crypto.randomBytes(16), 'image/webp');
    for (const key of [...keep, ...remove]) age(key, 2 * DAY_MS);
    for (const key of young) age(key, DAY_MS - 60 * 60 * 1000);

    await insertProduct(shop.app.db, {
      images: [media.urlFor(`products/${shown}/1280.webp`), `https://media.example.com/products/${elsewhere}/1280.webp`],
      video: media.urlFor(`products/${film}/video.mp4`),
    });
    await insertProduct(shop.app.db, { images: ['https://images.example.com/not-ours.jpg'] });
    await insertOrderLine(shop.app.db, media.urlFor(`products/${ordered}/1280.webp`));

    const first = await sweepMedia(shop.app.db, media);
    expect(first.deleted.sort()).toEqual([...remove].sort());
    expect(first.scanned).toBe(keep.length - 1 + remove.length + young.length); // the banner is outside products/
    expect(first.kept).toBe(first.scanned - remove.length);

    for (const key of remove) expect(await status(key)).toBe(404);
    for (const key of [...keep, ...young]) expect(await status(key)).toBe(200);

    const second = await sweepMedia(shop.app.db, media);
    expect(second.deleted).toEqual([]);

    // A day later the unsaved upload is old too, and goes.
    const later = await sweepMedia(shop.app.db, media, { now: new Date(Date.now() + 2 * 60 * 60 * 1000) });
    expect(later.deleted.sort()).toEqual([...young].sort());
  });
});

describe('scheduled sweep', () => {
  /** An unreferenced product file two days old, which a sweep removes. */
  async function oldFile(shop: TestApp) {
    const key = `products/${crypto.randomUUID()}/1280.webp`;
    await shop.app.media.put(key, crypto.randomBytes(16), 'image/webp');
    const when = new Date(Date.now() - 2 * DAY_MS);
    fs.utimesSync(path.join(shop.dataDir, 'uploads', key), when, when);
    return key;
  }

  async function appWithJobs(jobsEnabled: boolean) {
    const shop = await createTestApp();
    const key = await oldFile(shop);
    const jobs = Fastify({ logger: false });
    jobs.decorate('db', shop.app.db);
    jobs.decorate('media', shop.app.media);
    jobs.decorate('jobsEnabled', jobsEnabled);
    scheduleMediaSweep(jobs, { firstAfterMs: 10, everyMs: 50 });
    await jobs.ready();
    return { shop, jobs, key };
  }

  it('runs periodically only when background jobs are on', async () => {
    const on = await appWithJobs(true);
    const off = await appWithJobs(false);
    try {
      await expect.poll(() => on.shop.app.media.exists(on.key), { timeout: 10_000 }).toBe(false);
      // Three more sweeps of `on`, one after another, each started after `off` was ready: a sweep `off` had
      // scheduled (10 ms after it was ready, before any of these) would have run and removed its file by then.
      for (let i = 0; i < 3; i++) {
        const again = await oldFile(on.shop);
        await expect.poll(() => on.shop.app.media.exists(again), { timeout: 10_000 }).toBe(false);
      }
      expect(await off.shop.app.media.exists(off.key)).toBe(true);
    } finally {
      await on.jobs.close();
      await off.jobs.close();
      await on.shop.close();
      await off.shop.close();
    }
  });
});
