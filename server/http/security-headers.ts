import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (Content-Security-Policy, X-Content-Type-Options, Referrer-Policy…) on every
 * answer. The shop's policy is the same for every request, so Helmet works the header values out once, at
 * start-up, and each request only has them set: the same headers, set the same way (on the raw response, as
 * Helmet does), without rebuilding Helmet's middleware and parsing the policy again per request as
 * @fastify/helmet does.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
    getHeader() {
      return undefined;
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  if (headers.length === 0) throw new Error('Helmet set no headers');
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
