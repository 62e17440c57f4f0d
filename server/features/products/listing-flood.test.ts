import { afterAll, describe, expect, it } from 'vitest';
import { FilterResponse } from '../../../contract/catalogue.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

/**
 * A flood of unique listing filters (each a statement built and a total counted, none of them asked for twice)
 * neither fills a server's memory nor goes on without end from one address.
 */
let t: TestApp | undefined;
afterAll(() => t?.close());

const listing = (app: TestApp, filter: string, headers: Record<string, string> = {}) =>
  app.request({ method: 'GET', url: `/p1/api/filter/${filter}`, headers });

describe('unique listing filters', () => {
  it('the remembered statements and totals stay within their bytes however many unique filters come', async () => {
    t = await createTestApp({ LISTING_MEMO_MB: '1', LISTING_QUERY_LIMIT: '0' });
    expect(t.app.answers.live).toBe(true);
    for (let i = 0; i < 120; i++) {
      const res = await listing(t, `all-min-${1000 + i}`);
      expect(res.statusCode).toBe(200);
      FilterResponse.parse(res.json());
    }
    const memo = t.app.listingCache;
    expect(memo.bytes).toBeGreaterThan(0);
    expect(memo.bytes).toBeLessThanOrEqual(1024 * 1024);
    // 120 filters would be 240 entries (a statement and a total each): the bytes keep far fewer.
    expect(memo.size).toBeLessThan(120);
    // The newest are kept: the last filter asked again is answered from what is remembered, the same.
    const again = FilterResponse.parse((await listing(t, 'all-min-1119')).json());
    expect(again.success).toBe(true);
    await t.close();
    t = undefined;
  });

  it('the Nth listing worked out for one anonymous address in a minute is 429 in the error shape; cached answers, signed-in shoppers and other addresses go on', async () => {
    t = await createTestApp({ LISTING_QUERY_LIMIT: '5' });
    const app = t;
    for (let i = 0; i < 5; i++)
      expect(
        (await app.request({ method: 'GET', url: `/p1/api/filter/all-min-${i + 1}`, remoteAddress: '10.0.0.7' })).statusCode,
      ).toBe(200);
    const over = await app.request({ method: 'GET', url: '/p1/api/filter/all-min-99', remoteAddress: '10.0.0.7' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ success: false, message: expect.stringMatching(/Too many searches/) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // An answer the shop already holds costs nothing and is still given.
    expect((await app.request({ method: 'GET', url: '/p1/api/filter/all-min-1', remoteAddress: '10.0.0.7' })).statusCode).toBe(
      200,
    );
    // Another address, and a signed-in shopper at the same address, are not held back.
    expect((await app.request({ method: 'GET', url: '/p1/api/filter/all-min-98', remoteAddress: '10.0.0.8' })).statusCode).toBe(
      200,
    );
    const shopper = await app.signUpAndIn();
    const signedIn = await app.request({
      method: 'GET',
      url: '/p1/api/filter/all-min-97',
      remoteAddress: '10.0.0.7',
      cookie: shopper.cookie,
    });
    expect(signedIn.statusCode).toBe(200);
  });
});
