import type { z } from 'zod';
import type { RoutePrefix } from './prefixes.js';

/**
 * Route tables: each feature declares its HTTP routes once, here in contract/, and everyone reads them —
 * the server registers them (server/http/routes.ts), the OpenAPI document is generated from them, and the
 * web app's calls and answer types come from them (web/api/client.ts).
 *
 * A table maps `'METHOD /full/path'` to what the route takes and answers:
 *
 * ```ts
 * export const categoryRoutes = routeTable('Categories', {
 *   'PATCH /c1/api/edit/:id': {
 *     guard: 'admin',
 *     summary: 'Rename a category',
 *     params: CategoryIdParams,
 *     body: CategoryBody,
 *     responses: { 200: CategoryMutationResponse },
 *     errors: [400, 404, 409, 415],
 *   },
 * });
 * ```
 *
 * The key is the route's address, so the web app can call a route knowing only the table's type
 * (`import type`), without loading any schema into the browser.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `'METHOD /prefix/path'`: the prefix is one of contract/prefixes.ts. */
type RouteKey = `${Method} ${RoutePrefix}/${string}`;

/**
 * Who may call a route: anyone, a signed-in user (401 otherwise), or an ADMIN (401, then 403). `shopper` is anyone
 * too, answered for whoever it is (the signed-in user, or a visitor by their guest cart): never kept by a shared cache.
 */
export type Guard = 'public' | 'shopper' | 'user' | 'admin';

export type RouteSpec = {
  guard: Guard;
  /** OpenAPI summary (one line) and optional longer description. */
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * `multipart`: the body is multipart/form-data read part by part by the handler (files); `body` then only
   * documents it. Default `json`.
   */
  bodyType?: 'json' | 'multipart';
  /**
   * Success answers by status; a route with a single 2xx status answers with it. A JSON answer is its zod
   * schema; another kind of answer (a CSV file, a PDF) is a `MediaAnswer`.
   */
  responses: { [status: number]: z.ZodType | MediaAnswer };
  /** Error statuses (answered in the error shape). The guard's own 401/403 are added by themselves. */
  errors?: readonly number[];
  /**
   * A public GET whose answer is the same for everyone and read only from these tables: each server keeps
   * its serialised answer until one of them changes (server/http/answer-cache.ts), and sends it with a strong
   * ETag and a public Cache-Control. Never on a signed-in or admin route.
   */
  cache?: readonly CatalogueTable[];
};

/**
 * Tables whose every write announces itself (migration 0070_catalogue_changed, 0072 for films, 0150 for reviews, 0210
 * for designs, 0379 for shipping, 0380 for menus): what cached answers depend on.
 */
export const CATALOGUE_TABLES = [
  'products',
  'categories',
  'subcategories',
  'sales',
  'shop_settings',
  'category_tax',
  'storefront_slides',
  'storefront_banners',
  'storefront_tiles',
  'storefront_faq',
  'storefront_films',
  'designs',
  'product_reviews',
  'menu_entries',
  'shipping_zones',
  'shipping_rates',
] as const;
export type CatalogueTable = (typeof CATALOGUE_TABLES)[number];

/** A non-JSON answer: `{ description: 'CSV file', content: { 'text/csv': { schema: z.string() } } }`. */
type MediaAnswer = { description: string; content: { [mediaType: string]: { schema: z.ZodType } } };

export type RouteMap = { [key: RouteKey]: RouteSpec };
export type RouteTable<R extends RouteMap = RouteMap> = { tag: string; routes: R };

/** Declares a feature's routes under one OpenAPI tag. */
export function routeTable<const R extends RouteMap>(
  tag: string,
  routes: R & { [K in keyof R]: K extends RouteKey ? R[K] : never },
): RouteTable<R> {
  return { tag, routes };
}

/**
 * The parts of a route about one row named in its path (`/:id`): its params, its answers, and its errors —
 * 400 for a malformed id and 404 when no such row exists, then `moreErrors`.
 */
export function byId<P extends z.ZodType, A extends RouteSpec['responses']>(params: P, responses: A, ...moreErrors: number[]) {
  return { params, responses, errors: [400, 404, ...moreErrors] };
}

/** `'PATCH /c1/api/edit/:id'` → `['PATCH', '/c1/api/edit/:id']`. */
export function splitKey(key: string): [Method, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space) as Method, key.slice(space + 1)];
}

// ---------------------------------------------------------------- types derived from a route

type SuccessStatus = 200 | 201 | 202 | 204 | 206;
type Schema<S, K extends string> = S extends { [P in K]: infer T extends z.ZodType } ? T : undefined;

/** The schemas of a route's 2xx answers. */
type SuccessSchema<S extends RouteSpec> = {
  [C in keyof S['responses']]: C extends SuccessStatus ? S['responses'][C] : never;
}[keyof S['responses']];

type AnswerOut<A> = A extends z.ZodType ? z.output<A> : A extends MediaAnswer ? z.output<A['content'][string]['schema']> : never;
type AnswerIn<A> = A extends z.ZodType ? z.input<A> : A extends MediaAnswer ? z.input<A['content'][string]['schema']> : never;

/** What a route answers on success, as the client reads it. */
export type RouteAnswer<S extends RouteSpec> = AnswerOut<SuccessSchema<S>>;
/** What a handler may answer on success (before any response transform). */
export type RouteReturn<S extends RouteSpec> = AnswerIn<SuccessSchema<S>>;

type In<T> = T extends z.ZodType ? z.input<T> : undefined;
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The validated parts of a request, as the handler receives them. */
export type RouteRequestParts<S extends RouteSpec> = {
  Params: Out<Schema<S, 'params'>>;
  Querystring: Out<Schema<S, 'query'>>;
  Body: S extends { bodyType: 'multipart' } ? unknown : Out<Schema<S, 'body'>>;
};

/** What the web app sends: path params, query and body as the contract takes them (a FormData for multipart). */
export type RouteInput<S extends RouteSpec> = (Schema<S, 'params'> extends z.ZodType
  ? { params: In<Schema<S, 'params'>> }
  : { params?: undefined }) &
  (Schema<S, 'query'> extends z.ZodType ? { query?: Partial<In<Schema<S, 'query'>>> } : { query?: undefined }) &
  (S extends { bodyType: 'multipart' }
    ? { body: FormData }
    : Schema<S, 'body'> extends z.ZodType
      ? { body: In<Schema<S, 'body'>> }
      : { body?: undefined });
