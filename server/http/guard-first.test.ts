import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../test/helpers.js';

let t: TestApp;
let shopper: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await t.signUpAndIn();
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

const send = (url: string, body: string, contentType: string, cookie?: string) =>
  t.request({ method: 'POST', url, cookie, headers: { 'content-type': contentType }, body });

describe('the sign-in guard answers before the body is read', () => {
  const bodies: [string, string, string][] = [
    ['malformed JSON', '{"a', 'application/json'],
    ['a wrong content type', 'name=Rubies', 'application/x-www-form-urlencoded'],
    ['text', 'Rubies', 'text/plain'],
    ['an oversized body', `{"name":"${'x'.repeat(1_200_000)}"}`, 'application/json'],
  ];
  for (const [what, body, type] of bodies) {
    it(`${what}: 401 signed out and 403 for a shopper on an admin route; 401 on a shopper route`, async () => {
      const anonymous = await send('/c1/api/create', body, type);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false });
      const asShopper = await send('/c1/api/create', body, type, shopper.cookie);
      expect(asShopper.statusCode).toBe(403);
      expect((await send('/o1/api/razorpay-order', body, type)).statusCode).toBe(401);
    });
  }

  it('an administrator’s malformed body is still refused in the error shape (400/413/415)', async () => {
    const bad = await send('/c1/api/create', '{"a', 'application/json', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'Malformed JSON body' });
    expect((await send('/c1/api/create', 'Rubies', 'text/plain', admin.cookie)).statusCode).toBe(415);
    const big = await send('/c1/api/create', `{"name":"${'x'.repeat(1_200_000)}"}`, 'application/json', admin.cookie);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false });
  });
});

describe('answers of the HTTP parser', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  const raw = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.setEncoding('utf8').on('data', (d: string) => {
        answer += d;
      });
      socket.on('end', () => resolve(answer)).on('error', reject);
    });
  const jsonOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

  it('headers too large: 431 in the error shape', async () => {
    const answer = await raw(`GET /healthz HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(jsonOf(answer)).toEqual({ success: false, message: 'Request headers are too large' });
  });

  it('a malformed request: 400 in the error shape', async () => {
    const answer = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(jsonOf(answer)).toEqual({ success: false, message: 'Malformed request' });
  });

  it('a malformed Host header: 400 in the error shape, on the API reference page and everywhere else', async () => {
    for (const host of ['a b', '[::1', 'a%b', 'a/b']) {
      for (const url of ['/api/docs/', '/api/docs', '/api/docs/js/scalar.js', '/healthz', '/p1/api/latest']) {
        const answer = await raw(`GET ${url} HTTP/1.1\r\nhost: ${host}\r\nconnection: close\r\n\r\n`);
        expect(answer, `${host} ${url}`).toMatch(/^HTTP\/1\.1 400 /);
        expect(jsonOf(answer), `${host} ${url}`).toEqual({ success: false, message: 'Malformed Host header' });
      }
    }
    const fine = await raw('GET /healthz HTTP/1.1\r\nhost: shop.example:3000\r\nconnection: close\r\n\r\n');
    expect(fine).toMatch(/^HTTP\/1\.1 200 /);
  });
});
