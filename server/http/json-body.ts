import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ErrorResponse } from '../../contract/common.js';
import { AppError } from './errors.js';

type RouteSchema = { body?: unknown; consumes?: string[]; response?: Record<string, unknown> };

/** preValidation: a body sent to a JSON route must be application/json (415 otherwise). No body is left to validation. */
async function requireJsonBody(request: FastifyRequest) {
  const header = request.headers['content-type'];
  if (header === undefined) return;
  const mediaType = header.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') throw new AppError(415, 'Unsupported content type: send the body as application/json');
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
    if (!schema?.body || schema.consumes?.length) return;
    const own =
      route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    route.preValidation = [...own, requireJsonBody] as RouteOptions['preValidation'];
    if (schema.response) {
      route.schema = { ...schema, response: { 400: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, ...schema.response } };
    }
  });
}
