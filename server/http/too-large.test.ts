import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../test/helpers.js';

/**
 * A body too large for the shop is answered 413 in the API's error shape, and the client can read that answer even
 * while it is still sending: the shop reads and discards the rest of the body (up to a bound) before it closes, as
 * nginx's lingering close does, instead of closing under the client's feet (which the client sees as a reset).
 * Over a real socket with node:http, the body streamed as a browser or an upload tool sends it.
 */
let t: TestApp;
let port: number;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

type Answer = { status: number; body: string };

/**
 * Sends a request of `total` bytes of body (the head, filler, then the tail) in 64 KB chunks, each written when the
 * socket takes it, as a browser sends a form or a file before it reads the answer. With `waitForAnswer` the client
 * sends its first 64 KB, waits until the shop's answer has come, then sends the rest: the shop has surely answered
 * while the client is still sending. Resolves with the answer once the whole body is sent and, when the shop closes
 * the connection, once it has closed; rejects with the error the client saw (a reset, a broken pipe) instead.
 */
function send(
  path: string,
  headers: Record<string, string>,
  { head, total, tail, waitForAnswer }: { head: string; total: number; tail: string; waitForAnswer: boolean },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let sent = false;
    let closes = false;
    const answer = (): Answer | null => {
      const text = received.toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return null;
      const head = text.slice(0, split);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
      const body = received.subarray(split + 4);
      if (!(body.length >= length)) return null;
      closes = /\r\nconnection: *close/i.test(head);
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: body.subarray(0, length).toString('utf8') };
    };
    const settle = (closed: boolean) => {
      const a = answer();
      if (!a || !sent) return;
      if (closes && !closed) return; // the shop said it closes: the close must come without a reset
      resolve(a);
      socket.destroy();
    };
    let answered: () => void = () => {};
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      answered();
      settle(false);
    });
    socket.on('error', reject);
    socket.on('close', (hadError) => {
      if (!hadError) settle(true);
      reject(new Error(`closed before the answer could be read: ${received.toString('latin1').slice(0, 300)}`));
    });
    const lines = Object.entries({ host: 'localhost', ...headers, 'content-length': String(total) }).map(
      ([k, v]) => `${k}: ${v}`,
    );
    socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${head}`);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let left = total - Buffer.byteLength(head) - Buffer.byteLength(tail);
    const next = () => {
      const n = Math.min(left, chunk.length);
      left -= n;
      return n === chunk.length ? chunk : chunk.subarray(0, n);
    };
    const pump = () => {
      while (left > 0) {
        if (!socket.write(next())) {
          socket.once('drain', pump);
          return;
        }
      }
      socket.write(tail, () => {
        sent = true;
        settle(false);
      });
    };
    if (!waitForAnswer) pump();
    else {
      socket.write(next());
      answered = () => {
        answered = () => {};
        pump();
      };
    }
  });
}

describe('a body too large', () => {
  it('a 3 MB JSON body is answered 413 "Request body is too large", and the client reads it', async () => {
    const total = 3 * 1024 * 1024;
    const answer = await send(
      '/u1/api/signin',
      { 'content-type': 'application/json' },
      { head: '{"mobileno":"', total, tail: '"}', waitForAnswer: true },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: 'Request body is too large' });
  });

  it('a 150 MB film upload is answered 413 with why, and the client reads it', async () => {
    const boundary = 'film-boundary';
    const head =
      `--${boundary}\r\ncontent-disposition: form-data; name="video"; filename="film.mp4"\r\n` +
      'content-type: video/mp4\r\n\r\n';
    const answer = await send(
      '/a1/api/admin/storefront/video',
      { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: admin.cookie },
      { head, total: 150 * 1024 * 1024, tail: `\r\n--${boundary}--\r\n`, waitForAnswer: false },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, message: 'The film must be at most 100 MB' });
  });
});
