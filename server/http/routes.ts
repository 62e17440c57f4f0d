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
  type CatalogueTable,
  type Guard,
  type RouteMap,
  type RouteRequestParts,
  type RouteReturn,
  type RouteSpec,
  type RouteTable,
  splitKey,
} from '../../contract/route.js';
import { DomainError } from '../domain/errors.js';
import { ADMIN, loadShopper, requireAdmin, requireUser, SIGNED_IN } from './session.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each public GET route's answer worked out without HTTP, by route key (`'GET /p1/api/slug/:slug'`). */
    publicReads: Map<string, PublicRead>;
  }
}

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

/** The longest path parameter the router takes, decoded (longer: 414); server/app.ts. */
export const MAX_PARAM_LENGTH = 500;

/** What a public read is asked with: the route's path parameters and query as the web app sends them, and headers. */
type PublicReadInput = {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
};

/**
 * A public GET route answered without HTTP (the server's page renders read the answers a screen is rendered from so,
 * server/http/page/render.ts): the params and query parsed by the contract's schemas, the route's handler run (through
 * the answer cache when the route is cached), and the JSON the route would send, exactly as the browser would read it
 * (the app serialises answers with JSON.stringify). Undefined when the route would not answer 200 (input it refuses,
 * a failure), as a visitor without a session would get it.
 */
type PublicRead = (input?: PublicReadInput) => Promise<unknown>;

/** Public reads answer JSON: a handler that sends its reply itself cannot be read so. */
const NO_REPLY = new Proxy({} as FastifyReply, {
  get: () => {
    throw new Error('This route sends its reply itself: it cannot be read without HTTP');
  },
});

function publicRead(
  app: FastifyInstance,
  key: string,
  spec: RouteSpec,
  handler: RouteHandler<RouteSpec>,
  cached: readonly CatalogueTable[] | undefined,
): PublicRead {
  const [, url] = splitKey(key);
  return async ({ params = {}, query = {}, headers = {} } = {}) => {
    if (Object.values(params).some((v) => v.length > MAX_PARAM_LENGTH)) return undefined;
    // As in a URL: every value of the query is text, parsed by the contract's schema as the route's would be.
    const text = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const parsedParams = spec.params ? spec.params.safeParse(params) : { success: true as const, data: params };
    const parsedQuery = spec.query ? spec.query.safeParse(text) : { success: true as const, data: text };
    if (!parsedParams.success || !parsedQuery.success) return undefined;
    const path = url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const search = new URLSearchParams(text).toString();
    const address = search ? `${path}?${search}` : path;
    const request = {
      method: 'GET',
      url: address,
      params: parsedParams.data,
      query: parsedQuery.data,
      headers,
      cookies: {},
      ip: '',
      log: app.log,
    };
    const work = async () => handler(request as never, NO_REPLY);
    try {
      return cached ? await app.answers.read(address, cached, work) : JSON.parse(JSON.stringify(await work()));
    } catch (err) {
      // A service's refusal (not found, invalid) is the route's 4xx; anything else its 500, logged as one.
      if (!(err instanceof DomainError)) app.log.error({ err, route: key }, 'a public read failed');
      return undefined;
    }
  };
}

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
    if (method === 'GET' && spec.guard === 'public' && app.hasDecorator('publicReads')) {
      app.publicReads.set(key, publicRead(app, key, spec, handler, cached));
    }
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
