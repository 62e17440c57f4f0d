import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/helpers.js';
import { TEST_PAYMENTS_TEXT } from './page/test-ribbon.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const KEYS = { RAZORPAY_KEY_ID: 'rzp_test_abc123', RAZORPAY_KEY_SECRET: 'secret-for-tests' };
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

describe('sandbox payments in production', () => {
  it('refuses a production configuration without Razorpay keys unless PAYMENTS=sandbox is set', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(
      /^Invalid setting PAYMENTS: production needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET; set PAYMENTS=sandbox/,
    );
    expect(parseConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).payments).toBe('sandbox');
    expect(parseConfig({ NODE_ENV: 'production', ...KEYS }).payments).toBe('razorpay');
    expect(parseConfig({}).payments).toBe('sandbox'); // development: the sandbox, as before
    expect(() => parseConfig({ PAYMENTS: 'razorpay' })).toThrow(/^Invalid setting PAYMENTS: razorpay needs RAZORPAY_KEY_ID/);
    expect(() => parseConfig({ PAYMENTS: 'sandbox', ...KEYS })).toThrow(/^Invalid setting PAYMENTS/);
    expect(() => parseConfig({ PAYMENTS: 'free' })).toThrow(/^Invalid setting PAYMENTS/);
  });

  it('a production server without keys stops at start-up with one line, before touching the data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-payments-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        PORT: '0',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toMatch(/Invalid setting PAYMENTS: production needs RAZORPAY_KEY_ID/);
    expect(output).not.toMatch(/Shop ready/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('every page of a sandbox shop shows the test payments ribbon; a Razorpay shop shows none', async () => {
    const sandbox = await createTestApp({ NODE_ENV: 'production', PAYMENTS: 'sandbox' });
    apps.push(sandbox);
    for (const url of ['/', '/cart', '/no-such-page']) {
      const page = await sandbox.request({ method: 'GET', url });
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body, url).toContain(TEST_PAYMENTS_TEXT);
      expect(page.body).toMatch(/<body[^>]*><div role="note"/);
    }
    const real = await createTestApp({ NODE_ENV: 'production', ...KEYS });
    apps.push(real);
    expect((await real.request({ method: 'GET', url: '/' })).body).not.toContain(TEST_PAYMENTS_TEXT);
  });
});
