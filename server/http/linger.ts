import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

type LingerBounds = {
  /** The most of a refused body read and thrown away after its answer, in bytes. */
  maxBytes: number;
  /** The longest a connection waits for the rest of a refused body after its answer, in milliseconds. */
  maxMs: number;
};

/** As nginx's lingering close, with room for a film upload's last 100 MB past its 413. */
const LINGER: LingerBounds = { maxBytes: 200 * 1024 * 1024, maxMs: 30_000 };

const lingering = Symbol('lingering close');
type Watched = Socket & { [lingering]?: IncomingMessage };

/**
 * A lingering close, as nginx does it: an answer given before its request body was all read (a 413 for a body too
 * large, a 415, a parse error: Fastify marks these `connection: close`) is no longer followed by closing the
 * connection at once. A client still sending would then meet a reset, and most clients (browsers, curl, fetch) report
 * that as a network error and never show the answer that had already arrived. Instead the rest of the body is read
 * and thrown away, and the connection closes once it is in, or after `maxBytes` more or `maxMs` (whichever comes
 * first); a body that stalls is still cut by the slow-client guard's idle limit (slow-clients.ts).
 *
 * An answer that keeps the connection (a guard's 401 before a body is read) is left to Node, which reads the rest
 * of the body itself to keep the connection; the same bounds apply to it.
 */
export function lingerAfterEarlyAnswers(server: Server, bounds: LingerBounds = LINGER) {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket as Watched;
    socket[lingering] = req;
    // Node ends a connection whose answer said `connection: close` with socket.destroySoon() once it is written.
    if (!Object.hasOwn(socket, 'destroySoon')) {
      socket.destroySoon = function destroySoon(this: Watched) {
        const current = this[lingering];
        if (!current || current.complete || this.destroyed) return Socket.prototype.destroySoon.call(this);
        discardRest(this, current, bounds, () => Socket.prototype.destroySoon.call(this));
      };
    }
    res.once('finish', () => {
      // Answered before the body was in and the connection kept: Node reads the rest; bound it all the same.
      if (!req.complete && !res.getHeader('connection')?.toString().toLowerCase().includes('close')) {
        bound(req.socket, req, bounds, () => req.socket.destroy());
      }
    });
  });
}

/** Reads and throws away the rest of `req`'s body, then `close`s; past the bounds the connection is destroyed. */
function discardRest(socket: Socket, req: IncomingMessage, bounds: LingerBounds, close: () => void) {
  // Whoever was reading it (a JSON parser that gave up, an upload's parts) no longer is: let it flow to nowhere.
  req.unpipe();
  req.removeAllListeners('data');
  req.resume();
  req.once('end', close);
  bound(socket, req, bounds, () => socket.destroy());
}

function bound(socket: Socket, req: IncomingMessage, bounds: LingerBounds, cut: () => void) {
  const start = Date.now();
  const startBytes = socket.bytesRead;
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) clearInterval(timer);
    else if (socket.bytesRead - startBytes > bounds.maxBytes || Date.now() - start > bounds.maxMs) {
      clearInterval(timer);
      cut();
    }
  }, 250);
  timer.unref();
  socket.once('close', () => clearInterval(timer));
}
