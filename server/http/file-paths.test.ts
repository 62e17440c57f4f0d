import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';
import { isFileRequest } from './paths.js';

/** Which addresses are pages and which are files that are not there, through HTTP. */
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--app-head--></head><body><div id="root"></div></body></html>';

let tmp: string;
let t: TestApp;
beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-files-'));
  fs.mkdirSync(path.join(tmp, 'assets'));
  fs.writeFileSync(path.join(tmp, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(tmp, 'assets', 'real-A.js'), 'export {};');
  t = await createTestApp({}, { webDir: tmp });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const get = (url: string) => t.request({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('a listing or product address with a decimal in it', () => {
  it('is a page, not a missing file', async () => {
    for (const url of ['/all-max-99.5', '/ruby-min-1.25-max-2000.75', '/all-min-0.5?page=2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<link rel="canonical"');
    }
    // An unknown product whose slug ends in a decimal is the shop's own not-found page, in HTML.
    const product = await get('/gemstones/ruby/burmese-ruby-4.5');
    expect(product.statusCode).toBe(404);
    expect(product.headers['content-type']).toMatch(/^text\/html/);
    expect(product.body).toContain('Product Not Found');
  });
});

describe('a request for a file', () => {
  it('that is missing answers a JSON 404 without a page', async () => {
    for (const url of ['/assets/missing-B.js', '/assets/x', '/favicon.ico', '/wp-login.php', '/all/app.js.map', '/font.woff2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ success: false, message: 'Route not found' });
    }
  });

  it('that is there is served', async () => {
    const res = await get('/assets/real-A.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export {};');
  });

  it('is told from a page by the last segment’s extension', () => {
    expect(isFileRequest('/assets/index-A.css')).toBe(true);
    expect(isFileRequest('/robots.TXT')).toBe(true);
    expect(isFileRequest('/all-max-99.5')).toBe(false);
    expect(isFileRequest('/gemstones/ruby/ruby-4.25')).toBe(false);
    expect(isFileRequest('/gemstones.v2/ruby')).toBe(false);
    expect(isFileRequest('/')).toBe(false);
  });
});
