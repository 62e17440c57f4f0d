import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type SlowClientLimits = {
  /** A request body that sends no byte for this long is answered 408 and its connection closed. 0 = never. */
  bodyIdleMs: number;
  /** The most a whole request body may take to arrive (large media uploads included). 0 = no limit. */
  bodyTotalMs: number;
  /** Open connections one client address may hold at once; more are answered 429 and closed. 0 = no cap. */
  connectionsPerAddress: number;
};

type InFlight = { req: IncomingMessage; res: ServerResponse };

const body408 = JSON.stringify({ success: false, message: 'The request body took too long to arrive' });
const body429 = JSON.stringify({ success: false, message: 'Too many connections from your address. Please try again shortly.' });

/** Ends a connection after its answer has gone out; destroys it if the client does not close its side soon. */
function closeAfterAnswer(socket: Socket) {
  socket.end();
  setTimeout(() => socket.destroy(), 2000).unref();
}

/**
 * Slow and hoarding clients, at the connection (node:http) level, where Fastify's hooks cannot see them:
 *
 * - a request body that stalls (no byte for `bodyIdleMs`) or takes longer than `bodyTotalMs` in all is answered
 *   408 in the API's error shape and its connection closed: 20 sockets sending `{"a` and idling no longer stay
 *   open. A handler that takes its time once the body is in (an image being resized) is never cut: only a body
 *   still arriving counts. Slow headers are Node's own headersTimeout (answered 408 by errors.ts).
 * - at most `connectionsPerAddress` open connections per client address (the socket's address, so only without
 *   a reverse proxy: behind one, every connection comes from the proxy and the proxy must cap them).
 *
 * Idle keep-alive connections still close after the server's keepAliveTimeout, as before.
 */
export function guardSlowClients(server: Server, limits: SlowClientLimits, capConnections: boolean) {
  const current = new WeakMap<Socket, InFlight>();

  const answer408 = ({ req, res }: InFlight) => {
    if (req.complete || res.headersSent || res.writableEnded) return false;
    res.writeHead(408, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body408),
      connection: 'close',
    });
    res.end(body408, () => closeAfterAnswer(req.socket));
    return true;
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const flight = { req, res };
    current.set(socket, flight);
    // Node set the socket's timeout to 0 for this request (after a keep-alive wait): arm the body's idle timer.
    if (limits.bodyIdleMs > 0) socket.setTimeout(limits.bodyIdleMs);
    // Answered before its body was read (a guard's 401): Node then reads the rest to keep the connection, so the
    // idle timer keeps watching until the body is in, in place of the keep-alive wait Node just set.
    if (limits.bodyIdleMs > 0) res.once('finish', () => !req.complete && socket.setTimeout(limits.bodyIdleMs));
    if (limits.bodyTotalMs > 0 && !req.complete) {
      const timer = setTimeout(() => answer408(flight), limits.bodyTotalMs);
      timer.unref();
      res.once('close', () => clearTimeout(timer));
    }
  });

  // With a listener here, Node no longer destroys a socket on every timeout: this decides.
  server.on('timeout', (socket: Socket) => {
    const flight = current.get(socket);
    if (!flight || flight.res.writableFinished || flight.res.destroyed) {
      // between requests: the keep-alive wait ran out
      socket.destroy();
      return;
    }
    if (answer408(flight)) return;
    // The body is in and the handler is working (or the answer is on its way): not a stalled body.
  });

  if (!capConnections || limits.connectionsPerAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const n = (open.get(address) ?? 0) + 1;
    if (n > limits.connectionsPerAddress) {
      socket.on('error', () => {});
      socket.end(
        'HTTP/1.1 429 Too Many Requests\r\nretry-after: 5\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body429)}\r\n\r\n${body429}`,
      );
      setTimeout(() => socket.destroy(), 2000).unref();
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
