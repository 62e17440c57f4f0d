/**
 * Test support for media. A real S3-compatible server (s3rver) on 127.0.0.1, a random port and a temporary folder,
 * run as a child process. s3rver encrypts its list continuation tokens with single DES, which OpenSSL 3
 * keeps in its legacy provider: the child runs with --openssl-legacy-provider so paginated listings work.
 * s3rver knows one key pair, S3RVER / S3RVER. It refuses an unknown access key id (InvalidAccessKeyId) but
 * does not verify SigV4 signatures, so a wrong secret with the right key id is accepted.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { DbOrTx } from '../db/client.js';
import { categories, checkouts, orderItems, orders, products, subcategories, users } from '../db/schema.js';

const SERVER = `
const S3rver = require('s3rver');
new S3rver({ address: '127.0.0.1', port: 0, silent: process.env.S3RVER_LOG !== '1', directory: process.argv[1] })
  .run()
  .then((a) => console.log('S3RVER_PORT=' + a.port), (e) => { console.error(e); process.exit(1); });
`;

export const S3_TEST_KEY = 'S3RVER';

export type TestS3 = {
  endpoint: string;
  directory: string;
  /** Settings (environment) for a shop using `bucket` on this server. */
  env(bucket: string, extra?: Record<string, string>): Record<string, string>;
  createBucket(name: string): Promise<void>;
  /** Back-dates a stored object (s3rver reports a file's mtime as LastModified). */
  age(bucket: string, objectName: string, ms: number): void;
  stop(): Promise<void>;
};

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', SERVER, directory], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild); // never outlive the test process
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /S3RVER_PORT=(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_TEST_KEY, secretAccessKey: S3_TEST_KEY },
  });
  return {
    endpoint,
    directory,
    env: (bucket, extra = {}) => ({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_KEY,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEY,
      ...extra,
    }),
    async createBucket(name) {
      await admin.send(new CreateBucketCommand({ Bucket: name }));
    },
    age(bucket, objectName, ms) {
      const parts = objectName.split('/');
      const file = path.join(directory, bucket, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`);
      const when = new Date(Date.now() - ms);
      fs.utimesSync(file, when, when);
    },
    async stop() {
      admin.destroy();
      process.off('exit', killChild);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A product row pointing at media URLs (the catalogue API is not needed to test what media does with it). */
export async function insertProduct(db: DbOrTx, media: { images?: string[]; video?: string }) {
  const tag = crypto.randomUUID();
  const [category] = await db
    .insert(categories)
    .values({ name: `Ruby ${tag}` })
    .returning();
  const [subcategory] = await db
    .insert(subcategories)
    .values({ name: `Burmese ${tag}`, categoryId: category!.id })
    .returning();
  const [product] = await db
    .insert(products)
    .values({
      name: `Pigeon blood ruby ${tag}`,
      slug: `pigeon-blood-ruby-${tag}`,
      pricePaise: 12_500_00,
      description: 'Unheated Burmese ruby',
      images: media.images ?? [],
      video: media.video ?? '',
      categoryId: category!.id,
      subcategoryId: subcategory!.id,
    })
    .returning();
  return product!;
}

/** A paid order whose one line copied `productimage`. */
export async function insertOrderLine(db: DbOrTx, productimage: string) {
  const tag = crypto.randomUUID();
  const [user] = await db
    .insert(users)
    .values({ fullname: 'Asha Verma', mobileno: `6${tag.replace(/\D/g, '').padEnd(9, '0').slice(0, 9)}`, passwordHash: 'x' })
    .returning();
  const [checkout] = await db
    .insert(checkouts)
    .values({ userId: user!.id, provider: 'sandbox', amountPaise: 100, lines: [], holdExpiresAt: new Date() })
    .returning();
  const shippinginfo = {
    fullname: 'Asha Verma',
    mobileno: '9876543210',
    address: 'Mall Road',
    city: 'Ludhiana',
    pincode: '141001',
  };
  const [order] = await db
    .insert(orders)
    .values({
      userId: user!.id,
      checkoutId: checkout!.id,
      razorpayOrderId: `order_${tag}`,
      razorpayPaymentId: `pay_${tag}`,
      totalPaise: 100,
      paymentstatus: 'Paid',
      shippinginfo,
    })
    .returning();
  const [line] = await db
    .insert(orderItems)
    .values({ orderId: order!.id, productname: 'Pigeon blood ruby', unitPricePaise: 100, productimage, quantity: 1 })
    .returning();
  return line!;
}
