import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  preValidationHookHandler,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contract/common.js';
import {
  type Guard,
  type RouteMap,
  type RouteRequestParts,
  type RouteReturn,
  type RouteSpec,
  type RouteTable,
  splitKey,
} from '../../contract/route.js';
import { ADMIN, loadShopper, requireAdmin, requireUser, SIGNED_IN } from './session.js';

/**
 * Registers a feature's routes from its contract table (contract/route.ts): each route gets its guard,
 * schemas, OpenAPI summary, tag and security from the table, and its handler — one service call — from the
 * feature's routes.ts.
 */

type RouteRequest<S extends RouteSpec> = FastifyRequest<RouteRequestParts<S>>;

/** A route's handler: answers the route's success shape (with its status), or sends the reply itself. */
type RouteHandler<S extends RouteSpec> = (
  request: RouteRequest<S>,
  reply: FastifyReply,
) => Promise<RouteReturn<S> | FastifyReply> | RouteReturn<S> | FastifyReply;

type RouteHandlers<R extends RouteMap> = { [K in keyof R]: R[K] extends RouteSpec ? RouteHandler<R[K]> : never };

/** The guard answers before any input is looked at (preValidation): 401 when signed out, then 403. */
const GUARDS: Record<Guard, { hook?: preValidationHookHandler; security?: object; statuses: number[] }> = {
  public: { statuses: [] },
  shopper: { hook: loadShopper as preValidationHookHandler, statuses: [] },
  user: { hook: requireUser as preValidationHookHandler, security: SIGNED_IN, statuses: [401] },
  admin: { hook: requireAdmin as preValidationHookHandler, security: ADMIN, statuses: [401, 403] },
};

/**
 * Multipart routes document their body for OpenAPI, but read it part by part themselves (files are checked by
 * content as they stream in), so the body schema is not used to validate.
 */
const multipartValidator: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as never);

/** Adds the routes of `table` to `app`, each bound to its handler. */
export function registerRoutes<R extends RouteMap>(app: FastifyInstance, table: RouteTable<R>, handlers: RouteHandlers<R>) {
  for (const [key, spec] of Object.entries(table.routes) as [string, RouteSpec][]) {
    const [method, url] = splitKey(key);
    const handler = handlers[key as keyof R] as RouteHandler<RouteSpec> | undefined;
    if (!handler) throw new Error(`No handler for ${key}`);
    const guard = GUARDS[spec.guard];
    const successes = Object.keys(spec.responses)
      .map(Number)
      .filter((s) => s >= 200 && s < 300);
    const status = successes.length === 1 ? successes[0] : undefined;
    const errors = [...new Set([...guard.statuses, ...(spec.errors ?? [])])].sort((a, b) => a - b);
    const multipart = spec.bodyType === 'multipart';
    const cached = spec.cache && method === 'GET' && spec.guard === 'public' ? spec.cache : undefined;
    if (spec.cache && !cached) throw new Error(`${key}: only a public GET may be cached`);
    app.route({
      method,
      url,
      ...(guard.hook ? { preValidation: guard.hook } : {}),
      ...(multipart ? { validatorCompiler: multipartValidator } : {}),
      schema: {
        tags: [table.tag],
        summary: spec.summary,
        ...(spec.description ? { description: spec.description } : {}),
        ...guard.security,
        ...(multipart ? { consumes: ['multipart/form-data'] } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        response: { ...spec.responses, ...errorResponses(...errors) },
      },
      handler: cached
        ? (request, reply) => app.answers.serve(request, reply, cached, async () => handler(request as never, reply))
        : async (request, reply) => {
            if (status !== undefined && status !== 200) reply.status(status);
            // A signed-in or admin answer is that user's alone: no shared cache (proxy, CDN) may keep it.
            if (spec.guard !== 'public') reply.header('cache-control', 'private, no-store');
            return handler(request as never, reply);
          },
    });
  }
}

/**
 * A feature's routes as a Fastify plugin: `routePlugin(table, (app) => ({ 'GET /…': () => service.x(app.db) }))`.
 * Handlers are made once, with the app (its database, settings, media store…).
 */
export function routePlugin<R extends RouteMap>(
  table: RouteTable<R>,
  handlers: (app: FastifyInstance) => RouteHandlers<R>,
): FastifyPluginAsync {
  return async (app) => registerRoutes(app, table, handlers(app));
}
