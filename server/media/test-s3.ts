/**
 * Test support: a real S3-compatible server (s3rver) on 127.0.0.1, a random port and a temporary folder,
 * run as a child process. s3rver encrypts its list continuation tokens with single DES, which OpenSSL 3
 * keeps in its legacy provider: the child runs with --openssl-legacy-provider so paginated listings work.
 * s3rver knows one key pair, S3RVER / S3RVER. It refuses an unknown access key id (InvalidAccessKeyId) but
 * does not verify SigV4 signatures, so a wrong secret with the right key id is accepted.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

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
