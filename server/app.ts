import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { BuyNowPaise } from './domain/buy-now.js';
import type { DuePayments } from './domain/due-payments.js';
import type { OrderReactions } from './domain/order-events.js';
import type { PaymentProvider } from './domain/payment-provider.js';
import accountRoutes from './features/accounts/routes.js';
import authRoutes from './features/auth/routes.js';
import cartRoutes from './features/cart/routes.js';
import categoryRoutes from './features/categories/routes.js';
import creditRoutes from './features/credit/routes.js';
import currencyRoutes from './features/currencies/routes.js';
import dashboardRoutes from './features/dashboard/routes.js';
import einvoiceRoutes from './features/einvoice/routes.js';
import gstRoutes from './features/gst/routes.js';
import settingsRoutes from './features/gst/settings-routes.js';
import madeToOrderRoutes from './features/made-to-order/routes.js';
import newsletterRoutes from './features/newsletter/routes.js';
import orderActionRoutes from './features/orders/lifecycle/routes.js';
import orderRoutes from './features/orders/routes.js';
import type { AttachmentSource } from './features/outbox/worker.js';
import { paymentProvider } from './features/payments/registry.js';
import paymentRoutes from './features/payments/routes.js';
import productRoutes from './features/products/routes.js';
import promotionRoutes from './features/promotions/routes.js';
import reviewRoutes from './features/reviews/routes.js';
import seoRoutes from './features/seo/routes.js';
import shippingRoutes from './features/shipping/routes.js';
import storefrontRoutes from './features/storefront/routes.js';
import subcategoryRoutes from './features/subcategories/routes.js';
import trustRoutes from './features/trust/routes.js';
import wholesaleRoutes from './features/wholesale/routes.js';
import { clientErrorHandler, installErrorHandling } from './http/errors.js';
import { installJsonBodies } from './http/json-body.js';
import { lingerAfterEarlyAnswers } from './http/linger.js';
import { installOriginCheck } from './http/origin.js';
import type { EmptySearchPages, RenderStats } from './http/page-renders.js';
import { dbRateLimitStore, type RateLimitStore, redisRateLimitStore } from './http/rate-limit.js';
import { MAX_PARAM_LENGTH } from './http/routes.js';
import type { SessionUser } from './http/session.js';
import { guardSlowClients, type SlowClientLimits } from './http/slow-clients.js';
import { installSpa, type PageMetaResolver, type PageRedirectResolver } from './http/spa.js';
import { installJobs } from './jobs.js';
import { closeMediaStore, createMediaStore } from './media/index.js';
import mediaRoutes from './media/routes.js';
import type { MediaStore } from './media/storage.js';
import caches from './plugins/caches.js';
import health from './plugins/health.js';
import openApi from './plugins/openapi.js';
import securityHeaders from './plugins/security-headers.js';
import staticFiles from './plugins/static.js';
import { standardOutput } from './runtime/log-output.js';
import { acceptQuote, buyNowPaise, duePayments, messageAttachments, orderReactions, orderViews } from './wiring.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(ROOT, 'dist', 'web');
const RENDERER_FILE = path.join(ROOT, 'dist', 'ssr', 'entry-server.js');

type AuthLimits = {
  /** Sign-in failures per mobile number, and per client address, in `windowMs`. */
  perNumber: number;
  perAddress: number;
  windowMs: number;
  /** Sign-ups per client address in `signupWindowMs` (0 = no limit). */
  signupsPerAddress: number;
  signupWindowMs: number;
  /** E-mail address changes (PATCH /u1/api/editdetails with a new `email`) per account, and per client address, in `emailWindowMs`. */
  emailChangesPerAccount: number;
  emailChangesPerAddress: number;
  emailWindowMs: number;
};

/** Coupon codes a shopper may try (POST /c2/api/coupon) per account and per client address in `windowMs`. */
type CouponLimits = { perAccount: number; perAddress: number; windowMs: number };

/** @forTests the test app (server/test/helpers.ts) builds the shop with its own database, clock, limits and media store */
export type AppOptions = {
  config: Config;
  database: Database;
  /** Background jobs (hold sweep, payment reconciliation). Off in most tests. */
  jobs?: boolean;
  authLimits?: Partial<AuthLimits>;
  couponLimits?: Partial<CouponLimits>;
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
    couponLimits: CouponLimits;
    redis: Redis | undefined;
    media: MediaStore;
    /** Razorpay when its keys are set, else the built-in sandbox (features/payments/registry.ts). */
    paymentProvider: PaymentProvider;
    jobsEnabled: boolean;
    /** Who reacts to each order event (server/wiring.ts). */
    orderReactions: OrderReactions;
    /** How a payment of what is due on a credit order is counted (server/wiring.ts). */
    duePayments: DuePayments;
    /** The files attached to outgoing e-mails (server/wiring.ts). */
    messageAttachments: readonly AttachmentSource[];
    /** Buy Now's item priced as its checkout prices it (server/wiring.ts). */
    buyNowPaise: BuyNowPaise;
    /** Now, for prices: a sale or coupon runs from its start (inclusive) to its end (exclusive). */
    clock: () => Date;
    pageMetaResolvers: PageMetaResolver[];
    pageRedirectResolvers: PageRedirectResolver[];
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

const BODY_LIMIT = 1024 * 1024;

/** A host name or address with an optional port, as a URL can carry it, and nothing else. */
function validHost(host: string): boolean {
  if (host === '' || /[\s/?#@\\]/.test(host)) return false;
  try {
    return new URL(`http://${host}/`).host !== '';
  } catch {
    return false;
  }
}
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
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
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
  lingerAfterEarlyAnswers(app.server);

  // A Host header no URL can carry (`a b`, `[::1`, `a%b`) is refused before anything reads it (the API reference
  // page and absolute addresses are built from it): 400 in the API's error shape.
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    if (host !== undefined && !validHost(host))
      return reply.status(400).send({ success: false, message: 'Malformed Host header' });
  });

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API (OpenAPI) and are checked by the tests; serialising with
  // JSON.stringify keeps the hot listing paths fast.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  app.decorate('config', config);
  // Filled as the features register their routes (server/http/routes.ts); the page renders read from it.
  app.decorate('publicReads', new Map());
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  const media = opts.media ?? createMediaStore(config);
  app.decorate('media', media);
  app.decorate('paymentProvider', paymentProvider({ config, database }));
  app.decorate('orderReactions', orderReactions);
  app.decorate('duePayments', duePayments);
  app.decorate('messageAttachments', messageAttachments);
  app.decorate('buyNowPaise', buyNowPaise);
  app.decorate('rateLimits', redis ? redisRateLimitStore(redis) : dbRateLimitStore(database.db));
  app.decorate('authLimits', {
    perNumber: 5,
    perAddress: 100,
    windowMs: 15 * 60_000,
    signupsPerAddress: config.signupLimit,
    signupWindowMs: 60 * 60_000,
    emailChangesPerAccount: 10,
    emailChangesPerAddress: 30,
    emailWindowMs: 60 * 60_000,
    ...opts.authLimits,
  });
  app.decorate('couponLimits', { perAccount: 20, perAddress: 100, windowMs: 15 * 60_000, ...opts.couponLimits });
  app.decorate('jobsEnabled', opts.jobs ?? false);
  app.decorate('clock', opts.clock ?? (() => new Date()));
  await app.register(caches);
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
  await app.register(securityHeaders);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  // A product form's files: up to 10 images, a video and the lab report.
  await app.register(multipart, {
    limits: { fileSize: 100 * 1024 * 1024, files: 12, fields: 80, fieldSize: 1024 * 1024, parts: 100 },
  });

  await app.register(openApi, { publicUrl: config.publicUrl });
  await app.register(health);

  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(categoryRoutes);
  await app.register(subcategoryRoutes);
  await app.register(productRoutes);
  await app.register(reviewRoutes);
  await app.register(promotionRoutes);
  await app.register(cartRoutes);
  await app.register(paymentRoutes);
  await app.register(orderRoutes);
  await app.register(orderActionRoutes, { orderViews });
  await app.register(dashboardRoutes);
  await app.register(settingsRoutes);
  await app.register(storefrontRoutes);
  await app.register(gstRoutes);
  await app.register(madeToOrderRoutes);
  await app.register(shippingRoutes);
  await app.register(currencyRoutes);
  await app.register(trustRoutes);
  await app.register(newsletterRoutes);
  await app.register(wholesaleRoutes, { acceptQuote });
  await app.register(creditRoutes);
  await app.register(einvoiceRoutes);
  await app.register(mediaRoutes);
  installJobs(app);

  const webDir = opts.webDir ?? WEB_DIST;
  const sendApp = installSpa(app, webDir, config.publicUrl, opts.rendererFile === undefined ? RENDERER_FILE : opts.rendererFile);
  // Page meta, sitemap.xml and robots.txt: after installSpa, whose list of page meta resolvers it fills.
  await app.register(seoRoutes);
  await app.register(staticFiles, { webDir, sendPage: sendApp });

  return app;
}
