import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

/**
 * Slow bodies and connection hoarding, over real sockets (node:net). Short limits are set for the test; every
 * wait is for the socket's own answer or close, never a fixed sleep.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({}, { slowClients: { bodyIdleMs: 1000, bodyTotalMs: 3000, connectionsPerAddress: 30 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

type Outcome = { text: string; closed: Promise<void>; socket: net.Socket };

/** Opens a connection and sends `head`; collects what comes back until the server closes it. */
function open(head = ''): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const outcome: Outcome = { text: '', socket, closed: new Promise((done) => socket.once('close', () => done())) };
    socket.on('data', (d) => {
      outcome.text += d.toString('latin1');
    });
    socket.on('error', () => {});
    socket.once('connect', () => {
      if (head) socket.write(head);
      resolve(outcome);
    });
    socket.once('error', reject);
  });
}

const post = (path: string, length: number, start: string) =>
  `POST ${path} HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n${start}`;

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
const jsonOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe('a request body that stalls', () => {
  it('20 sockets sending {"a and idling are each answered 408 in the error shape and closed', async () => {
    const sockets = await Promise.all(Array.from({ length: 20 }, () => open(post('/u1/api/signin', 200, '{"a'))));
    await Promise.all(sockets.map((s) => s.closed));
    for (const s of sockets) {
      expect(statusOf(s.text), s.text).toBe(408);
      expect(jsonOf(s.text)).toEqual({ success: false, message: 'The request body took too long to arrive' });
    }
  });

  it('a product upload that stalls half-way is answered 408 too', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    const s = await open(
      `POST /p1/api/create HTTP/1.1\r\nhost: localhost\r\ncookie: ${admin.cookie}\r\n` +
        'content-type: multipart/form-data; boundary=x\r\ncontent-length: 100000\r\n\r\n--x\r\n',
    );
    await s.closed;
    expect(statusOf(s.text), s.text).toBe(408);
  });

  it('a body answered before it was read (401) and then stalled does not hold the connection either', async () => {
    const s = await open(
      'POST /p1/api/create HTTP/1.1\r\nhost: localhost\r\ncontent-type: multipart/form-data; boundary=x\r\ncontent-length: 100000\r\n\r\n--x\r\n',
    );
    await s.closed;
    expect(statusOf(s.text), s.text).toBe(401);
  });

  it('a body that keeps coming, however slowly, is read in full and answered', async () => {
    const body = JSON.stringify({ mobileno: '9999999999', password: 'not the password at all' });
    const s = await open(post('/u1/api/signin', Buffer.byteLength(body), ''));
    // one byte at a time, each sent once the previous one has left (far inside the idle limit)
    for (const c of body) await new Promise<void>((done) => s.socket.write(c, () => setImmediate(done)));
    await vi.waitFor(() => expect(s.text).toMatch(/\r\n\r\n\{.*\}$/s), { timeout: 10_000 });
    expect(statusOf(s.text)).toBe(401);
    s.socket.destroy();
  });

  it('a body that trickles past the total limit is answered 408', async () => {
    const s = await open(post('/u1/api/signin', 1_000_000, '{"mobileno":"'));
    let sending = true;
    void s.closed.then(() => {
      sending = false;
    });
    // a byte every little while (inside the idle limit) until the server answers
    while (sending) await new Promise<void>((done) => setTimeout(() => s.socket.write('9', () => done()), 20));
    expect(statusOf(s.text), s.text).toBe(408);
  });

  it('after a kept-alive request, the next request on the same connection is watched the same way', async () => {
    const s = await open('GET /healthz HTTP/1.1\r\nhost: localhost\r\n\r\n');
    await vi.waitFor(() => expect(statusOf(s.text)).toBe(200), { timeout: 10_000 });
    s.text = '';
    s.socket.write(post('/u1/api/signin', 200, '{"a'));
    await s.closed;
    expect(statusOf(s.text), s.text).toBe(408);
  });
});

describe('connections per client address', () => {
  it('past the cap a connection is answered 429 and closed; a freed place is taken again', async () => {
    const held = await Promise.all(Array.from({ length: 30 }, () => open()));
    const refused = await open('GET /healthz HTTP/1.1\r\nhost: localhost\r\n\r\n');
    await refused.closed;
    expect(statusOf(refused.text), refused.text).toBe(429);
    expect(refused.text.toLowerCase()).toContain('retry-after: 5');
    expect(jsonOf(refused.text).success).toBe(false);

    const first = held[0] as Outcome;
    first.socket.destroy();
    await first.closed;
    await vi.waitFor(
      async () => {
        const again = await open('GET /healthz HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n');
        await again.closed;
        expect(statusOf(again.text)).toBe(200);
      },
      { timeout: 10_000 },
    );
    for (const h of held) h.socket.destroy();
  });
});
