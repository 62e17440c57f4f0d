import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from './config.js';
import { type Database, ping } from './db/client.js';
import accountRoutes from './features/accounts/routes.js';
import authRoutes from './features/auth/routes.js';
import cartRoutes from './features/cart/routes.js';
import categoryRoutes from './features/categories/routes.js';
import dashboardRoutes from './features/dashboard/routes.js';
import gstRoutes from './features/gst/routes.js';
import settingsRoutes from './features/gst/settings-routes.js';
import orderActionRoutes from './features/lifecycle/routes.js';
import orderRoutes from './features/orders/routes.js';
import paymentRoutes from './features/payments/routes.js';
import { CatalogueCache } from './features/products/catalogue-cache.js';
import type { CatalogueNames } from './features/products/listing.js';
import productRoutes from './features/products/routes.js';
import promotionRoutes from './features/promotions/routes.js';
import seoRoutes from './features/seo/routes.js';
import storefrontRoutes from './features/storefront/routes.js';
import subcategoryRoutes from './features/subcategories/routes.js';
import { installCatalogueFeed } from './http/catalogue-feed.js';
import { clientErrorHandler, installErrorHandling } from './http/errors.js';
import { installJsonBodies } from './http/json-body.js';
import { finishOpenApi } from './http/openapi.js';
import { installOriginCheck } from './http/origin.js';
import type { EmptySearchPages, RenderStats } from './http/page-renders.js';
import { dbRateLimitStore, type RateLimitStore, redisRateLimitStore } from './http/rate-limit.js';
import { installSecurityHeaders } from './http/security-headers.js';
import type { SessionUser } from './http/session.js';
import { guardSlowClients, type SlowClientLimits } from './http/slow-clients.js';
import { API_PREFIXES, installSpa, isFileRequest, type PageMetaResolver, type PageRedirectResolver } from './http/spa.js';
import { installJobs } from './jobs.js';
import { closeMediaStore, createMediaStore, mediaHealth } from './media/index.js';
import mediaRoutes from './media/routes.js';
import type { MediaStore } from './media/storage.js';
import { standardOutput } from './runtime/log-output.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(ROOT, 'dist', 'web');
export const RENDERER_FILE = path.join(ROOT, 'dist', 'ssr', 'entry-server.js');

export type AuthLimits = {
  /** Sign-in failures per mobile number, and per client address, in `windowMs`. */
  perNumber: number;
  perAddress: number;
  windowMs: number;
  /** Sign-ups per client address in `signupWindowMs` (0 = no limit). */
  signupsPerAddress: number;
  signupWindowMs: number;
};

export type AppOptions = {
  config: Config;
  database: Database;
  /** Background jobs (hold sweep, payment reconciliation). Off in most tests. */
  jobs?: boolean;
  authLimits?: Partial<AuthLimits>;
  webDir?: string;
  /**
   * The built server renderer of listing and product pages (default dist/ssr/entry-server.js, built by
   * `npm run build`); null sends every page as the plain app shell.
   */
  rendererFile?: string | null;
  /** Media store; defaults to the one the settings ask for (local disk under DATA_DIR/uploads, or S3). */
  media?: MediaStore;
  /** The instant prices are worked out at (sales, coupons); tests set it. */
  clock?: () => Date;
  /** Overrides of the slow-body and connection limits (milliseconds; tests use short ones). */
  slowClients?: Partial<SlowClientLimits>;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Database['db'];
    rateLimits: RateLimitStore;
    authLimits: AuthLimits;
    redis: Redis | undefined;
    media: MediaStore;
    jobsEnabled: boolean;
    /** Now, for prices: a sale or coupon runs from its start (inclusive) to its end (exclusive). */
    clock: () => Date;
    pageMetaResolvers: PageMetaResolver[];
    pageRedirectResolvers: PageRedirectResolver[];
    /** Listing names, totals and statements, until the catalogue changes (server/http/catalogue-feed.ts). */
    listingMemo: CatalogueCache<CatalogueNames>;
    /** Server-rendered pages, kept for up to 10 s (the same for every visitor). */
    renderedPages: CatalogueCache<never>;
    /** Server renders and plain shells sent (server/http/page-renders.ts). */
    pageRenders: RenderStats;
    /** The empty-search page's kept renders (server/http/page-renders.ts). */
    emptySearchPages: EmptySearchPages;
    cookieSecure(request: FastifyRequest): boolean;
  }
  interface FastifyRequest {
    sessionUser?: SessionUser | null;
  }
}

export const BODY_LIMIT = 1024 * 1024;
const CATALOGUE_PREFIX = /^\/(?:c1|s2|p1)\/api\//;
const ORDERS_PREFIX = /^\/o1\/api\//;
/**
 * Writes under these may change what kept answers show (products, sales, settings, content, stock, orders) or
 * who is signed in (sessions, roles).
 */
const WRITES_CATALOGUE = /^\/(?:c1|s2|p1|o1|a1|u1)\/api\//;
/** The shop's settings: every page shows its name and contacts. */
const SETTINGS_PREFIX = /^\/a1\/api\/admin\/settings/;
/** The home page's content (storefront/routes.ts): a change is shown on the next rendered page. */
const STOREFRONT_PREFIX = /^\/a1\/api\/admin\/storefront\//;

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://checkout.razorpay.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, stream: standardOutput() },
    bodyLimit: BODY_LIMIT,
    // true/false, a hop count or proxy addresses (config.ts); passed as Fastify's own option types
    trustProxy: config.trustProxy as boolean,
    return503OnClosing: true,
    // Refused by the HTTP parser (headers too large, malformed): the API's error shape all the same.
    clientErrorHandler,
    routerOptions: { maxParamLength: 500 },
    // A malformed or over-long URL is refused by the router before any hook: answer it in the API's error shape.
    frameworkErrors: (err, _request, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as FastifyReply)
        .status(tooLong ? 414 : 400)
        .send({ success: false, message: tooLong ? 'Address is too long' : 'Malformed address' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Stalled bodies (408) and connections per address (429), below Fastify, on the HTTP server itself. The cap
  // counts socket addresses, so it is off behind a trusted proxy (every connection comes from the proxy).
  guardSlowClients(app.server, { ...config.slowClients, ...opts.slowClients }, config.trustProxy === false);

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API (OpenAPI) and are checked by the tests; serialising with
  // JSON.stringify keeps the hot listing paths fast.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  const media = opts.media ?? createMediaStore(config);
  app.decorate('media', media);
  app.decorate('rateLimits', redis ? redisRateLimitStore(redis) : dbRateLimitStore(database.db));
  app.decorate('authLimits', {
    perNumber: 5,
    perAddress: 100,
    windowMs: 15 * 60_000,
    signupsPerAddress: config.signupLimit,
    signupWindowMs: 60 * 60_000,
    ...opts.authLimits,
  });
  app.decorate('jobsEnabled', opts.jobs ?? false);
  app.decorate('clock', opts.clock ?? (() => new Date()));
  // Listing names, totals and built statements, remembered until the catalogue changes (any server's write or a
  // sale starting or ending: server/http/catalogue-feed.ts). Not used while changes cannot be heard.
  app.decorate('listingMemo', new CatalogueCache<CatalogueNames>(Number.POSITIVE_INFINITY));
  // Server-rendered listing and product pages (server/http/spa.ts): forgotten on every catalogue change too, and
  // kept for at most 10 s (a page shows sale prices), at most 100 pages (about 20 MB for full listings).
  app.decorate('renderedPages', new CatalogueCache<never>(10_000, 100, () => app.clock().getTime()));
  await installCatalogueFeed(app);
  // An order or checkout, or the shop's settings saved through this server, also forget the rendered pages.
  // A refused write (4xx, 5xx) changed nothing, and keeps what is remembered. A write that may have changed the
  // catalogue (stock, prices, content) is answered once this server has heard its change, so the writer's
  // next read, here or on another server, is fresh.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      if (WRITES_CATALOGUE.test(request.url)) await app.catalogueSettled();
      if (
        CATALOGUE_PREFIX.test(request.url) ||
        ORDERS_PREFIX.test(request.url) ||
        SETTINGS_PREFIX.test(request.url) ||
        STOREFRONT_PREFIX.test(request.url)
      ) {
        app.renderedPages.changed();
      }
    }
    return payload;
  });
  const httpsPublic = config.publicUrl.startsWith('https://');
  app.decorate('cookieSecure', (request: FastifyRequest) => request.protocol === 'https' || httpsPublic);
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => {});
    if (!opts.media) closeMediaStore(media);
  });

  installErrorHandling(app);
  installOriginCheck(app, config.publicUrl);
  installJsonBodies(app);

  await app.register(cookie);
  installSecurityHeaders(app, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    hsts: false,
  });
  // Strict-Transport-Security only where the shop is reached over HTTPS (the request came over https, or
  // PUBLIC_URL is https behind a proxy), the same rule as the Secure cookie; over plain http it means nothing.
  app.addHook('onRequest', async (request, reply) => {
    if (app.cookieSecure(request)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  // The API reference page runs its own inline scripts and styles: relax the policy for it alone.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/docs')) reply.removeHeader('content-security-policy');
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  // A product form's files: up to 10 images, a video and the lab report.
  await app.register(multipart, {
    limits: { fileSize: 100 * 1024 * 1024, files: 12, fields: 80, fieldSize: 1024 * 1024, parts: 100 },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ratna Gems shop API',
        version: '1.0.0',
        description:
          'The HTTP API of the gemstone and jewellery shop. Errors are `{success:false, message, errors?}`; any route ' +
          'may answer 503 with Retry-After when the database has no connection free in time. ' +
          'Signed-in routes need the `sid` session cookie from POST /u1/api/signin; ADMIN routes need it for a user with role ADMIN.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'Session cookie of a signed-in user' },
          adminSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sid',
            description: 'Session cookie of a signed-in user with role ADMIN',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => finishOpenApi(jsonSchemaTransformObject(input)),
  });
  await app.register(scalar, { routePrefix: '/api/docs', configuration: { title: 'Ratna Gems shop API' } });

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['Operations'],
        summary: 'Liveness, database and media store check',
        response: {
          200: z.object({ success: z.boolean(), db: z.string(), media: z.string() }),
          503: z.object({ success: z.boolean(), db: z.string(), media: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      const [db, mediaStatus] = await Promise.all([
        Promise.race([
          ping(database),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000).unref()),
        ]).then(
          () => 'ok',
          () => 'unreachable',
        ),
        mediaHealth(app.media),
      ]);
      const success = db === 'ok' && mediaStatus === 'ok';
      return reply.status(success ? 200 : 503).send({ success, db, media: mediaStatus });
    },
  );

  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(categoryRoutes);
  await app.register(subcategoryRoutes);
  await app.register(productRoutes);
  await app.register(promotionRoutes);
  await app.register(cartRoutes);
  await app.register(paymentRoutes);
  await app.register(orderRoutes);
  await app.register(orderActionRoutes);
  await app.register(dashboardRoutes);
  await app.register(settingsRoutes);
  await app.register(storefrontRoutes);
  await app.register(gstRoutes);
  await app.register(mediaRoutes);
  installJobs(app);

  const webDir = opts.webDir ?? WEB_DIST;
  const sendApp = installSpa(app, webDir, config.publicUrl, opts.rendererFile === undefined ? RENDERER_FILE : opts.rendererFile);
  // Page meta, sitemap.xml and robots.txt: after installSpa, whose list of page meta resolvers it fills.
  await app.register(seoRoutes);
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    serve: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'public, max-age=3600');
      }
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi && !isFileRequest(url)) {
      return sendApp(request, reply);
    }
    return reply.status(404).send({ success: false, message: 'Route not found' });
  });

  return app;
}
