import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler, RouteOptions } from 'fastify';
import { ErrorResponse } from '../../contract/common.js';
import { UnsupportedType } from '../domain/errors.js';
import { requireAdmin, requireUser } from './session.js';

type Check = (request: FastifyRequest, reply: FastifyReply) => unknown;
const GUARDS = new Set<unknown>([requireUser, requireAdmin]);
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
/** A check run before the body is read: a malformed or unwanted body never answers before it. */
const beforeParsing =
  (check: Check): preParsingHookHandler =>
  async (request, reply, payload) => {
    await check(request, reply);
    return payload;
  };

type RouteSchema = { body?: unknown; consumes?: string[]; response?: Record<string, unknown> };

/** preValidation: a body sent to a JSON route must be application/json (415 otherwise). No body is left to validation. */
async function requireJsonBody(request: FastifyRequest) {
  const header = request.headers['content-type'];
  if (header === undefined) return;
  const mediaType = header.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') throw new UnsupportedType('Unsupported content type: send the body as application/json');
}

/**
 * Every route with a body schema takes JSON, except those that name other content types with `consumes`
 * (the multipart product forms). Those JSON routes refuse any other content type with 415 (a text/plain or
 * form body would otherwise reach validation and read as a 400), after the route's own sign-in checks, so a
 * visitor who is not signed in still gets 401 and a shopper on an admin route 403. Their OpenAPI entries
 * list 400, 413 and 415.
 */
export function installJsonBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as RouteSchema | undefined;
    // The sign-in guards and the content-type check run before the body is parsed (preParsing): bad JSON, an
    // unknown content type or an oversized body sent by a visitor who is not signed in is a 401 (a shopper on
    // an admin route 403), never a 400/413/415 that answers before the guard.
    const validation = list(route.preValidation);
    const guards = validation.filter((h) => GUARDS.has(h)) as unknown as Check[];
    const jsonRoute = Boolean(schema?.body) && !schema?.consumes?.length;
    const checks = [...guards, ...(jsonRoute ? [requireJsonBody] : [])];
    if (checks.length) {
      const rest = validation.filter((h) => !GUARDS.has(h));
      route.preValidation = (rest.length ? rest : undefined) as RouteOptions['preValidation'];
      route.preParsing = [...list(route.preParsing), ...checks.map(beforeParsing)] as RouteOptions['preParsing'];
    }
    if (!jsonRoute || !schema) return;
    if (schema.response) {
      route.schema = { ...schema, response: { 400: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, ...schema.response } };
    }
  });
}
