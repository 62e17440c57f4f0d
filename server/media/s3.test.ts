import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config.js';
import { createTestApp, freePort, migratedDataDir, type TestApp } from '../test/helpers.js';
import { checkMediaStore, closeMediaStore, createMediaStore, MediaStoreError } from './index.js';
import { MEDIA_CACHE_CONTROL, type S3MediaStore } from './s3.js';
import type { MediaStore } from './storage.js';
import { S3_TEST_KEY, startTestS3, type TestS3 } from './test-support.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUCKET = 'shop-media';

let s3: TestS3;
let raw: S3Client;

beforeAll(async () => {
  s3 = await startTestS3();
  await s3.createBucket(BUCKET);
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

function storeFor(env: Record<string, string>) {
  return createMediaStore(parseConfig({ NODE_ENV: 'test', ...env })) as unknown as S3MediaStore;
}

const bytes = (n: number) => crypto.randomBytes(n);

describe('settings', () => {
  it('defaults to local storage and names what is wrong in one line', () => {
    expect(parseConfig({}).media.storage).toBe('local');
    const message = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return 'accepted';
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
    };
    expect(message({ MEDIA_STORAGE: 's3' })).toBe('Invalid setting S3_BUCKET: is required when MEDIA_STORAGE=s3');
    expect(message({ MEDIA_STORAGE: 'disk' })).toBe('Invalid setting MEDIA_STORAGE: must be local or s3');
    expect(message({ S3_BUCKET: 'Shop_Media' })).toMatch(/^Invalid setting S3_BUCKET: must be a bucket name/);
    expect(message({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'x' })).toBe(
      'Invalid setting S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(message({ S3_BUCKET: BUCKET, S3_ENDPOINT: 'ftp://x' })).toBe(
      'Invalid setting S3_ENDPOINT: must be a URL (http: or https:)',
    );
    expect(message({ S3_BUCKET: BUCKET, S3_FORCE_PATH_STYLE: 'maybe' })).toBe(
      'Invalid setting S3_FORCE_PATH_STYLE: must be true or false',
    );
    expect(message({ S3_BUCKET: BUCKET, S3_PREFIX: '../other-shop' })).toMatch(/^Invalid setting S3_PREFIX: /);
    expect(message({ MEDIA_PUBLIC_URL: 'https://media.example.com' })).toMatch(
      /^Invalid setting MEDIA_PUBLIC_URL: .*needs S3_BUCKET/,
    );
    expect(message({ S3_BUCKET: BUCKET, MEDIA_PUBLIC_URL: 'not a url' })).toBe(
      'Invalid setting MEDIA_PUBLIC_URL: must be a URL (https:)',
    );
    expect(message({ S3_BUCKET: BUCKET, MEDIA_PUBLIC_URL: 'http://media.example.com' })).toBe(
      'Invalid setting MEDIA_PUBLIC_URL: must be a URL (https:)',
    );
    expect(message({ S3_BUCKET: BUCKET, MEDIA_PUBLIC_URL: 'https://media.example.com/?v=1' })).toBe(
      'Invalid setting MEDIA_PUBLIC_URL: must be a plain address without ? or #',
    );
    for (const m of [message({ MEDIA_STORAGE: 's3' }), message({ S3_BUCKET: 'A' })]) expect(m).not.toContain('\n');

    const media = parseConfig({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_PREFIX: 'ludhiana/',
      MEDIA_PUBLIC_URL: 'https://media.example.com/',
    }).media;
    expect(media.publicUrl).toBe('https://media.example.com');
    expect(media.s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'ludhiana/',
      region: 'us-east-1',
    });
    expect(parseConfig({ S3_BUCKET: BUCKET }).media.s3?.forcePathStyle).toBe(false);
  });
});

describe('S3 media store', () => {
  let store: S3MediaStore;
  beforeAll(() => {
    store = storeFor(s3.env(BUCKET));
  });
  afterAll(() => store.destroy());

  it('stores each variant with its content type and the long cache header, and reads it back', async () => {
    const id = crypto.randomUUID();
    const files = {
      [`products/${id}/320.webp`]: ['image/webp', bytes(320)],
      [`products/${id}/640.webp`]: ['image/webp', bytes(640)],
      [`products/${id}/1280.webp`]: ['image/webp', bytes(1280)],
      [`products/${id}/original.jpg`]: ['image/jpeg', bytes(2000)],
      [`products/${id}/video.mp4`]: ['video/mp4', bytes(5000)],
    } as const;
    for (const [key, [type, body]] of Object.entries(files)) await store.put(key, body, type);

    for (const [key, [type, body]] of Object.entries(files)) {
      const head = await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(head.ContentType).toBe(type);
      expect(head.CacheControl).toBe(MEDIA_CACHE_CONTROL);
      expect(head.ContentLength).toBe(body.length);

      const got = await store.get(key);
      expect(got?.contentType).toBe(type);
      expect(got?.size).toBe(body.length);
      const chunks: Buffer[] = [];
      for await (const chunk of got!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(body)).toBe(true);
      expect(await store.exists(key)).toBe(true);
      expect(await store.size(key)).toBe(body.length);
    }

    const listed = [];
    for await (const o of store.list(`products/${id}/`)) listed.push(o);
    expect(listed.map((o) => o.key).sort()).toEqual(Object.keys(files).sort());
    expect(listed.every((o) => Math.abs(o.lastModified.getTime() - Date.now()) < 60_000)).toBe(true);

    expect(await store.get(`products/${id}/missing.webp`)).toBeNull();
    expect(await store.exists(`products/${id}/missing.webp`)).toBe(false);
  });

  it('falls back to the content type of the file name', async () => {
    await store.put('products/fallback/320.webp', bytes(10), '');
    const head = await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'products/fallback/320.webp' }));
    expect(head.ContentType).toBe('image/webp');
  });

  it('deletes objects in batches, ignoring missing and unsafe keys', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `products/batch/${String(i).padStart(4, '0')}.webp`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((k) => store.put(k, bytes(4), 'image/webp')));
    }
    await store.put('products/keep/1280.webp', bytes(4), 'image/webp');
    let listed = 0;
    for await (const _ of store.list('products/batch/')) listed += 1;
    expect(listed).toBe(1005); // more than one page of 1000

    await store.delete([...keys, 'products/batch/never-stored.webp', '../products/keep/1280.webp']);
    listed = 0;
    for await (const _ of store.list('products/batch/')) listed += 1;
    expect(listed).toBe(0);
    expect(await store.exists('products/keep/1280.webp')).toBe(true);
    await store.delete([]); // nothing to do
  });

  it('never lets a key leave its prefix', async () => {
    const shopA = storeFor(s3.env(BUCKET, { S3_PREFIX: 'shop-a' }));
    try {
      await raw.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'shop-b/products/x/1280.webp', Body: 'secret of shop b' }));
      await raw.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'shop-a/products/a b.webp', Body: 'odd object' }));
      await shopA.put('products/a/1280.webp', bytes(8), 'image/webp');

      for (const bad of [
        '../shop-b/products/x/1280.webp',
        'products/../../shop-b/products/x/1280.webp',
        '/products/a/1280.webp',
        'products//a/1280.webp',
        'products\\a\\1280.webp',
        'products/a/./1280.webp',
        '',
        `products/${'a'.repeat(300)}`,
      ]) {
        await expect(shopA.put(bad, bytes(1), 'image/webp')).rejects.toThrow(/Unsafe media key/);
        expect(await shopA.get(bad)).toBeNull();
        expect(await shopA.exists(bad)).toBe(false);
        expect(() => shopA.urlFor(bad)).toThrow(/Unsafe media key/);
      }
      await shopA.delete(['../shop-b/products/x/1280.webp', 'products/a b.webp']);
      expect((await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'shop-b/products/x/1280.webp' }))).ContentLength).toBe(
        16,
      );

      const keys: string[] = [];
      for await (const o of shopA.list('')) keys.push(o.key);
      expect(keys).toEqual(['products/a/1280.webp']); // neither shop b's object nor the odd one
      expect(await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'shop-a/products/a b.webp' }))).toBeTruthy();
      const got = await shopA.get('products/a/1280.webp');
      expect(got?.size).toBe(8);
      got?.body.resume();
    } finally {
      shopA.destroy();
    }
  });

  it('gives /uploads/ URLs without MEDIA_PUBLIC_URL and public bucket URLs with it', () => {
    const key = 'products/0b6b7e5e-4f5a-4c55-9e36-2f3c1f4f0c11/1280.webp';
    expect(store.urlFor(key)).toBe(`/uploads/${key}`);
    expect(store.keyFromUrl(`/uploads/${key}`)).toBe(key);
    expect(store.keyFromUrl('/uploads/../etc/passwd')).toBeNull();
    expect(store.keyFromUrl(`https://elsewhere.example.com/${key}`)).toBeNull();

    const cdn = storeFor(s3.env(BUCKET, { MEDIA_PUBLIC_URL: 'https://media.example.com/', S3_PREFIX: 'ludhiana' }));
    try {
      expect(cdn.urlFor(key)).toBe(`https://media.example.com/ludhiana/${key}`);
      expect(cdn.keyFromUrl(`https://media.example.com/ludhiana/${key}`)).toBe(key);
      expect(cdn.keyFromUrl(`/uploads/${key}`)).toBe(key); // URLs stored before the switch still map
      expect(cdn.keyFromUrl(`https://media.example.com/other/${key}`)).toBeNull();
      expect(cdn.keyFromUrl('https://media.example.com/ludhiana/../x.webp')).toBeNull();
    } finally {
      cdn.destroy();
    }
  });
});

describe('reaching the bucket', () => {
  const failure = async (store: MediaStore) => {
    try {
      await checkMediaStore(store);
      return 'ok';
    } catch (err) {
      expect(err).toBeInstanceOf(MediaStoreError);
      return (err as Error).message;
    } finally {
      closeMediaStore(store);
    }
  };

  it('passes for an existing bucket and explains a missing bucket, a refused key and an unreachable endpoint', async () => {
    expect(await failure(storeFor(s3.env(BUCKET)))).toBe('ok');
    expect(await failure(storeFor(s3.env('no-such-bucket')))).toBe(
      `S3 bucket "no-such-bucket" at ${s3.endpoint} does not exist; create it or fix S3_BUCKET`,
    );
    // s3rver knows only the key id S3RVER: another id is refused. (It does not verify SigV4 signatures,
    // so a wrong secret with the right id would pass here; Amazon S3 answers SignatureDoesNotMatch.)
    expect(await failure(storeFor(s3.env(BUCKET, { S3_ACCESS_KEY_ID: 'WRONGKEY', S3_SECRET_ACCESS_KEY: 'wrong' })))).toBe(
      `S3 bucket "${BUCKET}" at ${s3.endpoint} refused the credentials (InvalidAccessKeyId); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`,
    );
    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await failure(storeFor(s3.env(BUCKET, { S3_ENDPOINT: closed })));
    expect(unreachable).toMatch(new RegExp(`^S3 bucket "${BUCKET}" at ${closed} cannot be reached \\(ECONNREFUSED`));
    expect(unreachable).not.toContain('\n');
  });

  describe('/healthz', () => {
    it('reports the media store', async () => {
      const up = await createTestApp(s3.env(BUCKET));
      try {
        expect(up.app.media.kind).toBe('s3');
        const res = await up.request({ method: 'GET', url: '/healthz' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, db: 'ok', media: 'ok' });
      } finally {
        await up.close();
      }
      let down: TestApp | undefined;
      try {
        down = await createTestApp(s3.env('bucket-that-was-removed'));
        const res = await down.request({ method: 'GET', url: '/healthz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ success: false, db: 'ok', media: 'unreachable' });
      } finally {
        await down?.close();
      }
      const closed = await createTestApp(s3.env(BUCKET, { S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` }));
      try {
        const res = await closed.request({ method: 'GET', url: '/healthz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ media: 'unreachable' });
      } finally {
        await closed.close();
      }
    });

    it('reports local storage too', async () => {
      const local = await createTestApp();
      try {
        expect(local.app.media.kind).toBe('local');
        const res = await local.request({ method: 'GET', url: '/healthz' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, db: 'ok', media: 'ok' });
      } finally {
        await local.close();
      }
    });
  });
});

describe('start-up', () => {
  /**
   * Runs the real server entry point on `dataDir` (an empty one by default); resolves with its exit code and output,
   * or when `until` shows up.
   */
  function startShop(
    env: Record<string, string>,
    until?: RegExp,
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-')),
  ) {
    const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...inherited, NODE_ENV: 'test', SEED_DEMO: 'false', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      child.stdout.on('data', (d) => {
        stdout += d;
        if (until?.test(stdout)) resolve({ code: null, stdout, stderr });
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
    return {
      done,
      async stop() {
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await exited;
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  it('stops with one clear line when the bucket is missing, the key is refused or S3 cannot be reached', {
    timeout: 120_000,
  }, async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [s3.env('no-such-bucket'), /^S3 bucket "no-such-bucket" at .* does not exist; create it or fix S3_BUCKET$/],
      [
        s3.env(BUCKET, { S3_ACCESS_KEY_ID: 'WRONGKEY', S3_SECRET_ACCESS_KEY: 'wrong' }),
        /^S3 bucket "shop-media" at .* refused the credentials \(InvalidAccessKeyId\); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY$/,
      ],
      [
        s3.env(BUCKET, { S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` }),
        /^S3 bucket "shop-media" at .* cannot be reached/,
      ],
      [{ MEDIA_STORAGE: 's3' }, /^Invalid setting S3_BUCKET: is required when MEDIA_STORAGE=s3$/],
    ];
    const runs = cases.map(([env]) => startShop({ ...env, PORT: '0' }));
    try {
      const results = await Promise.all(runs.map((r) => r.done));
      results.forEach((result, i) => {
        expect(result.code).toBe(1);
        const lines = result.stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(cases[i]![1]);
        expect(result.stdout).not.toContain('Shop ready');
      });
    } finally {
      await Promise.all(runs.map((r) => r.stop()));
    }
  });

  it('starts on the bucket and serves its media at /uploads/', { timeout: 180_000 }, async () => {
    const key = `products/${crypto.randomUUID()}/640.webp`;
    const body = bytes(640);
    await raw.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: key,
        Body: body,
        ContentType: 'image/webp',
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
    const port = await freePort();
    const shop = startShop(
      { ...s3.env(BUCKET), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      /Shop ready/,
      await migratedDataDir('shop-start-'),
    );
    try {
      const started = await shop.done;
      expect(started.stdout).toContain(`media: S3 bucket ${BUCKET}`);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ success: true, db: 'ok', media: 'ok' });
      const res = await fetch(`http://127.0.0.1:${port}/uploads/${key}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
      expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    } finally {
      await shop.stop();
    }
  });
});
