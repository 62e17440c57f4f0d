import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { createTestApp, onPostgres, type TestApp } from '../test/helpers.js';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

const randomAddress = () =>
  `${1 + crypto.randomInt(220)}.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;

/** Wrong passwords for one account's number from "random" clients; the proxy adds the real one last. */
async function failedSignIns(t: TestApp, n: number, realClient: string) {
  const user = await t.signUpAndIn();
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.request({
      method: 'POST',
      url: '/u1/api/signin',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `${randomAddress()}, ${realClient}` },
      payload: { mobileno: user.mobileno, password: `wrong password ${i}` },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe('TRUST_PROXY', () => {
  it('takes true/false, a number of hops, or proxy addresses and CIDR ranges; anything else stops start-up', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.0/8']);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['maybe', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/1', '1000']) {
      expect(() => parseConfig({ TRUST_PROXY: bad }), bad).toThrow(/^Invalid setting TRUST_PROXY/);
    }
  });

  it('with one trusted hop, the client cannot choose the address the sign-in limit sees (429 after the limit)', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' }, { authLimits: { perAddress: 5, perNumber: 1000 } });
    apps.push(t);
    const codes = await failedSignIns(t, 8, '198.51.100.7');
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('with the proxy’s address (or range) trusted, the first untrusted address from the right is the client', async () => {
    const t = await createTestApp({ TRUST_PROXY: '127.0.0.0/8' }, { authLimits: { perAddress: 5, perNumber: 1000 } });
    apps.push(t);
    const codes = await failedSignIns(t, 7, '198.51.100.8');
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe(`sign-in limit per number under concurrent guesses (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('tries exactly 5 passwords of 40 sent at once; the rest are 429 before any password is checked', async () => {
    const t = await createTestApp();
    apps.push(t);
    const user = await t.signUpAndIn();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.request({ method: 'POST', url: '/u1/api/signin', payload: { mobileno: user.mobileno, password: `guess number ${i}` } }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    // even the right password now waits
    const right = await t.request({
      method: 'POST',
      url: '/u1/api/signin',
      payload: { mobileno: user.mobileno, password: user.password },
    });
    expect(right.statusCode).toBe(429);
  });

  it('does not count a successful sign-in against the client address', async () => {
    const t = await createTestApp({}, { authLimits: { perAddress: 3 } });
    apps.push(t);
    const user = await t.signUpAndIn(); // one sign-in already
    for (let i = 0; i < 4; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/u1/api/signin',
        payload: { mobileno: user.mobileno, password: user.password },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
