import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lingerAfterEarlyAnswers } from './linger.js';

/**
 * The lingering close's own bounds: the rest of a refused body is read and thrown away, but never more than
 * `maxBytes` of it nor for longer than `maxMs`. A bare node:http server answers 413 before reading anything (as
 * Fastify does for a body too large) with small bounds, and a raw socket sends the body.
 */
let server: http.Server | undefined;
afterEach(async () => {
  vi.useRealTimers();
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

async function refusingServer(bounds: { maxBytes: number; maxMs: number }) {
  server = http.createServer((_req, res) => {
    res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
    res.end('{"success":false,"message":"Too large"}');
  });
  lingerAfterEarlyAnswers(server, bounds);
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  return (server.address() as net.AddressInfo).port;
}

/** Opens a request announcing `length` bytes of body; resolves once the answer's head has arrived. */
function announce(port: number, length: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  socket.on('error', () => {}); // a cut connection is what some cases wait for
  const answered = new Promise<string>((resolve) => {
    socket.on('data', (d: Buffer) => {
      received += d.toString('latin1');
      if (received.includes('\r\n\r\n')) resolve(received);
    });
  });
  socket.write(`POST /upload HTTP/1.1\r\nHost: shop\r\nContent-Length: ${length}\r\n\r\n`);
  return { socket, answered, closed };
}

describe('the lingering close', () => {
  it('reads the rest of a refused body that is within the bound, then closes cleanly', async () => {
    const port = await refusingServer({ maxBytes: 1024 * 1024, maxMs: 60_000 });
    const total = 256 * 1024;
    const { socket, answered, closed } = announce(port, total);
    expect(await answered).toMatch(/^HTTP\/1\.1 413/);
    let sent = 0;
    let refused: Error | undefined;
    socket.once('error', (e) => {
      refused = e;
    });
    while (sent < total && !socket.destroyed) {
      const chunk = Buffer.alloc(Math.min(16 * 1024, total - sent), 120);
      await new Promise<void>((r) => socket.write(chunk, () => r()));
      sent += chunk.length;
    }
    await closed;
    expect(sent).toBe(total);
    expect(refused).toBeUndefined();
  });

  it('cuts the connection once more than maxBytes of the refused body has come', async () => {
    const maxBytes = 256 * 1024;
    const port = await refusingServer({ maxBytes, maxMs: 60_000 });
    const total = 1024 * 1024 * 1024;
    const { socket, answered, closed } = announce(port, total);
    const chunk = Buffer.alloc(64 * 1024, 120);
    expect(await answered).toMatch(/^HTTP\/1\.1 413/);
    let sent = 0;
    let cut = false;
    void closed.then(() => {
      cut = true;
    });
    // Sends as fast as the shop reads; the shop checks its bound every 250 ms, so it stops long before 1 GB.
    while (!cut && sent < total) {
      const ok = await new Promise<boolean>((r) => socket.write(chunk, (err) => r(!err)));
      if (!ok) break;
      sent += chunk.length;
    }
    await closed;
    expect(sent).toBeGreaterThan(maxBytes);
    expect(sent).toBeLessThan(total);
  });

  it('cuts the connection once maxMs has passed with the refused body still unfinished', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const maxMs = 5_000;
    const port = await refusingServer({ maxBytes: 1024 * 1024, maxMs });
    const { socket, answered, closed } = announce(port, 512 * 1024);
    expect(await answered).toMatch(/^HTTP\/1\.1 413/);
    await new Promise<void>((r) => socket.write(Buffer.alloc(1024, 120), () => r()));
    let cut = false;
    void closed.then(() => {
      cut = true;
    });
    // The client then sends nothing more: within the bound the connection waits for the rest …
    await vi.advanceTimersByTimeAsync(maxMs - 1_000);
    expect(cut).toBe(false);
    expect(socket.destroyed).toBe(false);
    // … and past it, the shop gives up on it.
    await vi.advanceTimersByTimeAsync(2_000);
    await closed;
    expect(cut).toBe(true);
  });
});
