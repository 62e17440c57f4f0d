import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ErrorResponse } from '../../contract/common.js';
import { Forbidden } from '../domain/errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return null; // present but unparseable: treated as foreign
  }
}

/**
 * Refuses state-changing requests that a browser sent from another site. Same-origin means the
 * Origin (or Referer) matches the Host the request came to, or PUBLIC_URL. Requests with neither
 * header (server-to-server, like Razorpay's webhooks, or curl) carry no ambient browser cookie risk.
 */
export function installOriginCheck(app: FastifyInstance, publicUrl: string) {
  const trusted = new URL(publicUrl).origin;
  // Every state-changing route can answer 403 for this reason: its OpenAPI entry says so.
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { response?: Record<string, unknown> } | undefined;
    if (schema?.response && methods.some((m) => !SAFE.has(m))) {
      route.schema = { ...schema, response: { 403: ErrorResponse, ...schema.response } };
    }
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (SAFE.has(request.method)) return;
    const header = request.headers.origin ?? request.headers.referer;
    const origin = originOf(typeof header === 'string' ? header : undefined);
    if (origin === undefined) return;
    if (origin === 'null' || origin === null) throw new Forbidden('Cross-site request refused');
    if (origin === trusted) return;
    const host = request.headers.host;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
    throw new Forbidden('Cross-site request refused');
  });
}
