import { createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isSafeKey } from './media/storage.js';

/**
 * The IRP's RSA public key as PEM text: given as PEM (its line breaks may be written `\n`) or as the bare base64 of
 * its DER, as NIC publishes it. Null when it is not an RSA public key.
 */
function publicKeyOf(value: string): string | null {
  const text = value.replace(/\\n/g, '\n').trim();
  const pem = text.startsWith('-----BEGIN')
    ? text
    : `-----BEGIN PUBLIC KEY-----\n${text.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END PUBLIC KEY-----\n`;
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'rsa' ? key.export({ type: 'spki', format: 'pem' }).toString() : null;
  } catch {
    return null;
  }
}

/** S3 bucket names: 3–63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const bool = <D extends boolean | undefined>(def: D) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def as D;
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    });

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const url = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL (${protocols.join(' or ')})` },
  );

const int = (def: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return Number(v);
    });

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
/** An IPv4 or IPv6 address, optionally with a /prefix (a CIDR range), as proxy-addr takes them. */
const isAddressOrRange = (v: string) => {
  const [address = '', prefix, extra] = v.split('/');
  if (extra !== undefined) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && isIP(address) === 6;
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
};

/**
 * Which reverse proxies' X-Forwarded-For to believe, as Fastify's trustProxy takes it: true/false, a number
 * of hops (the client is the address that many entries from the right), or the proxies' addresses and CIDR
 * ranges, comma separated (also loopback, linklocal, uniquelocal).
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    const s = (v ?? '').toLowerCase();
    if (s === '' || s === 'false' || s === 'no' || s === 'off') return false;
    if (s === 'true' || s === 'yes' || s === 'on') return true;
    if (/^\d+$/.test(s)) {
      const hops = Number(s);
      if (hops <= 100) return hops === 0 ? false : hops;
    }
    const list = s.split(',').map((x) => x.trim());
    if (list.every((x) => ['loopback', 'linklocal', 'uniquelocal'].includes(x) || isAddressOrRange(x))) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'must be true, false, a number of proxy hops, or proxy addresses/CIDR ranges separated by commas',
    });
    return z.NEVER;
  });

const EnvSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'])
      .optional()
      .transform((v) => v ?? 'development'),
    PORT: int(3000, 0, 65535),
    HOST: optionalString.transform((v) => v ?? '0.0.0.0'),
    DATA_DIR: optionalString.transform((v) => path.resolve(v ?? './data')),
    DATABASE_URL: url(['postgres:', 'postgresql:']),
    PUBLIC_URL: url(['http:', 'https:']),
    SEED_DEMO: bool(true),
    SEED_PICTURES_DIR: optionalString.transform((v) => (v === undefined ? undefined : path.resolve(v))),
    ADMIN_MOBILE: optionalString.refine((v) => v === undefined || /^\d{10}$/.test(v), {
      message: 'must be exactly 10 digits',
    }),
    ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, {
      message: 'must be at least 8 characters',
    }),
    PAYMENTS: optionalString.pipe(z.enum(['razorpay', 'sandbox'], { message: 'must be razorpay or sandbox' }).optional()),
    RAZORPAY_KEY_ID: optionalString,
    RAZORPAY_KEY_SECRET: optionalString,
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    RAZORPAY_API_BASE: url(['http:', 'https:']).transform((v) => (v ?? 'https://api.razorpay.com').replace(/\/+$/, '')),
    HOLD_MINUTES: int(15, 1, 24 * 60),
    LATE_PAYMENT_MAX_MINUTES: int(180, 1, 7 * 24 * 60),
    CHECKOUT_RETENTION_DAYS: int(30, 8, 3650),
    METAL_RATES_URL: url(['http:', 'https:']),
    FX_RATES_URL: url(['http:', 'https:']),
    EINVOICE_API_BASE: url(['http:', 'https:']),
    EINVOICE_USERNAME: optionalString,
    EINVOICE_PASSWORD: optionalString,
    EINVOICE_CLIENT_ID: optionalString,
    EINVOICE_CLIENT_SECRET: optionalString,
    EINVOICE_PUBLIC_KEY: optionalString,
    HOLD_MAX_UNITS: int(30, 1, 1_000_000),
    HOLD_MAX_RUPEES: int(25_00_000, 1, 1_000_000_000),
    HOLD_MAX_UNITS_PER_ADDRESS: int(60, 1, 1_000_000),
    HOLD_MAX_RUPEES_PER_ADDRESS: int(40_00_000, 1, 1_000_000_000),
    HOLD_LAPSES: int(3, 1, 1000),
    HOLD_COOLDOWN_MINUTES: int(120, 0, 7 * 24 * 60),
    REDIS_URL: url(['redis:', 'rediss:']),
    TRUST_PROXY: trustProxy,
    SIGNUP_LIMIT: int(300, 0, 1_000_000),
    CHECKOUT_LIMIT: int(30, 0, 1_000_000),
    CHECKOUT_ADDRESS_LIMIT: int(300, 0, 1_000_000),
    PAGE_RENDER_LIMIT: int(300, 0, 1_000_000),
    LISTING_QUERY_LIMIT: int(300, 0, 1_000_000),
    GUEST_CART_LIMIT: int(300, 0, 1_000_000),
    LISTING_MEMO_MB: int(16, 1, 4096),
    ANSWER_CACHE_MB: int(64, 0, 65_536),
    SHUTDOWN_GRACE_SECONDS: int(15, 1, 3600),
    BODY_IDLE_SECONDS: int(30, 0, 3600),
    BODY_TIMEOUT_SECONDS: int(900, 0, 24 * 3600),
    MAX_CONNECTIONS_PER_ADDRESS: int(64, 0, 1_000_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    MEDIA_STORAGE: optionalString.pipe(
      z
        .enum(['local', 's3'], { message: 'must be local or s3' })
        .optional()
        .transform((v) => v ?? 'local'),
    ),
    S3_BUCKET: optionalString.refine((v) => v === undefined || BUCKET_RE.test(v), {
      message: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    }),
    S3_REGION: optionalString.refine((v) => v === undefined || /^[a-z0-9-]{2,40}$/.test(v), {
      message: 'must be a region name like ap-south-1 (or auto)',
    }),
    S3_ENDPOINT: url(['http:', 'https:']),
    S3_FORCE_PATH_STYLE: bool(undefined),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PREFIX: optionalString.refine((v) => v === undefined || isSafeKey(v.replace(/\/+$/, '')), {
      message: 'must be folder names of letters, digits, dots, hyphens or underscores separated by /',
    }),
    SMTP_URL: url(['smtp:', 'smtps:']),
    MAIL_FROM: optionalString,
    MSG91_AUTHKEY: optionalString,
    MSG91_API_BASE: url(['http:', 'https:']).transform((v) => (v ?? 'https://control.msg91.com').replace(/\/+$/, '')),
    MSG91_SENDER: optionalString,
    MSG91_TEMPLATES: optionalString.transform((v, ctx) => {
      const out: Record<string, string> = {};
      for (const pair of (v ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const m = /^([a-z_]+)\s*[:=]\s*(\S+)$/.exec(pair);
        if (!m?.[1] || !m[2]) {
          ctx.addIssue({ code: 'custom', message: 'must be message:templateId pairs separated by commas' });
          return z.NEVER;
        }
        out[m[1]] = m[2];
      }
      return out;
    }),
    WHATSAPP_TOKEN: optionalString,
    WHATSAPP_PHONE_ID: optionalString,
    WHATSAPP_API_BASE: url(['http:', 'https:']).transform((v) => (v ?? 'https://graph.facebook.com/v21.0').replace(/\/+$/, '')),
    MERCHANT_EMAIL: optionalString,
    MERCHANT_PHONE: optionalString.refine((v) => v === undefined || /^\d{10}$/.test(v), {
      message: 'must be exactly 10 digits',
    }),
    LOW_STOCK_THRESHOLD: int(2, 0, 1_000_000),
    // https only: the pages' Content-Security-Policy loads images and videos from the shop itself or https:.
    MEDIA_PUBLIC_URL: url(['https:']).refine((v) => v === undefined || !/[?#]/.test(v), {
      message: 'must be a plain address without ? or #',
    }),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_MOBILE) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_MOBILE ? 'ADMIN_PASSWORD' : 'ADMIN_MOBILE'],
        message: 'ADMIN_MOBILE and ADMIN_PASSWORD must be set together',
      });
    }
    if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID'],
        message: 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together',
      });
    }
    if (env.MEDIA_STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when MEDIA_STORAGE=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
    if (env.MEDIA_PUBLIC_URL && !env.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_PUBLIC_URL'],
        message: 'is the public address of the S3 bucket and needs S3_BUCKET (local media is served at /uploads/)',
      });
    }
    if (Boolean(env.WHATSAPP_TOKEN) !== Boolean(env.WHATSAPP_PHONE_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.WHATSAPP_TOKEN ? 'WHATSAPP_PHONE_ID' : 'WHATSAPP_TOKEN'],
        message: 'WHATSAPP_TOKEN and WHATSAPP_PHONE_ID must be set together',
      });
    }
    const keys = Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);
    if (env.PAYMENTS === 'razorpay' && !keys) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS'], message: 'razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET' });
    }
    if (env.PAYMENTS === 'sandbox' && keys) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS'],
        message: 'is sandbox while Razorpay keys are set: unset the keys for a test shop, or PAYMENTS for real payments',
      });
    }
    // A production shop without keys would take orders as Paid without money: only when asked for by name.
    if (env.NODE_ENV === 'production' && !keys && env.PAYMENTS !== 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS'],
        message:
          'production needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET; set PAYMENTS=sandbox to run a test shop whose payments take no money',
      });
    }
    const einvoiceVars = [
      'EINVOICE_API_BASE',
      'EINVOICE_USERNAME',
      'EINVOICE_PASSWORD',
      'EINVOICE_CLIENT_ID',
      'EINVOICE_CLIENT_SECRET',
      'EINVOICE_PUBLIC_KEY',
    ] as const;
    const einvoiceMissing = einvoiceVars.filter((k) => !env[k]);
    if (einvoiceMissing.length > 0 && einvoiceMissing.length < einvoiceVars.length) {
      ctx.addIssue({
        code: 'custom',
        path: [einvoiceMissing[0] as string],
        message: `is needed with the other EINVOICE_ settings (${einvoiceVars.join(', ')} are set together)`,
      });
    }
    if (env.EINVOICE_PUBLIC_KEY && !publicKeyOf(env.EINVOICE_PUBLIC_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['EINVOICE_PUBLIC_KEY'],
        message: 'must be the IRP’s RSA public key (PEM, or its base64 text as the IRP publishes it)',
      });
    }
    if (env.RAZORPAY_KEY_ID && !/^rzp_(test|live)_\w+$/.test(env.RAZORPAY_KEY_ID)) {
      ctx.addIssue({ code: 'custom', path: ['RAZORPAY_KEY_ID'], message: 'must start with rzp_test_ or rzp_live_' });
    }
  });

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {}

/** Reads every setting once. A bad value throws a ConfigError whose message is one line naming it. */
export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid setting ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = result.data;
  const razorpay =
    e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
      ? {
          keyId: e.RAZORPAY_KEY_ID,
          keySecret: e.RAZORPAY_KEY_SECRET,
          webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
          apiBase: e.RAZORPAY_API_BASE,
        }
      : undefined;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    seedDemo: e.SEED_DEMO,
    /** Where the demo catalogue's drawn pictures are kept between runs (default: a folder in the system's temporary directory). */
    seedPicturesDir: e.SEED_PICTURES_DIR,
    admin: e.ADMIN_MOBILE && e.ADMIN_PASSWORD ? { mobileno: e.ADMIN_MOBILE, password: e.ADMIN_PASSWORD } : undefined,
    razorpay,
    /** Which payments the shop takes: Razorpay (keys set) or the built-in sandbox, which takes no money. */
    payments: razorpay ? ('razorpay' as const) : ('sandbox' as const),
    /** Webhook secret also used in sandbox mode so webhook tests work offline. */
    webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
    razorpayApiBase: e.RAZORPAY_API_BASE,
    holdMinutes: e.HOLD_MINUTES,
    /** A payment for a checkout older than this is never placed: recorded, flagged and refunded. */
    latePaymentMaxMinutes: e.LATE_PAYMENT_MAX_MINUTES,
    /** Checkouts that ended unpaid are deleted this many days later (at least 8: longer than any window they are read in). */
    checkoutRetentionDays: e.CHECKOUT_RETENTION_DAYS,
    /** Where the day's metal rates are fetched from once a day (made to order); unset: the merchant types them. */
    metalRatesUrl: e.METAL_RATES_URL,
    /** Where the currencies' rates are fetched from once a day; unset: the merchant types them. */
    fxRatesUrl: e.FX_RATES_URL,
    /** The IRP reached through a GSP (NIC's e-invoice API), when every EINVOICE_ setting is given (docs/einvoice.md). */
    einvoice:
      e.EINVOICE_API_BASE &&
      e.EINVOICE_USERNAME &&
      e.EINVOICE_PASSWORD &&
      e.EINVOICE_CLIENT_ID &&
      e.EINVOICE_CLIENT_SECRET &&
      e.EINVOICE_PUBLIC_KEY
        ? {
            apiBase: e.EINVOICE_API_BASE.replace(/\/+$/, ''),
            username: e.EINVOICE_USERNAME,
            password: e.EINVOICE_PASSWORD,
            clientId: e.EINVOICE_CLIENT_ID,
            clientSecret: e.EINVOICE_CLIENT_SECRET,
            publicKey: publicKeyOf(e.EINVOICE_PUBLIC_KEY) as string,
          }
        : undefined,
    /** What may be held unpaid at once (server/features/payments/hold-limits.ts). */
    holdLimits: {
      unitsPerAccount: e.HOLD_MAX_UNITS,
      paisePerAccount: e.HOLD_MAX_RUPEES * 100,
      unitsPerAddress: e.HOLD_MAX_UNITS_PER_ADDRESS,
      paisePerAddress: e.HOLD_MAX_RUPEES_PER_ADDRESS * 100,
      /** Holds an account may let run out unpaid within `cooldownMinutes` before it must wait. */
      lapses: e.HOLD_LAPSES,
      cooldownMinutes: e.HOLD_COOLDOWN_MINUTES,
    },
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    /** Sign-ups per client address per hour; 0 = no limit. */
    signupLimit: e.SIGNUP_LIMIT,
    /** Checkouts started (POST /o1/api/razorpay-order) per account and per client address in 10 minutes; 0 = no limit. */
    checkoutLimits: { perAccount: e.CHECKOUT_LIMIT, perAddress: e.CHECKOUT_ADDRESS_LIMIT, windowMs: 10 * 60_000 },
    /** Server-rendered pages per anonymous client address per minute; past it, the plain app shell. 0 = no limit. */
    pageRenderLimit: { limit: e.PAGE_RENDER_LIMIT, windowMs: 60_000 },
    /**
     * Listing queries (GET /p1/api/filter) worked out for an anonymous client address per minute; answers the
     * answer cache already holds are not counted. Past it, 429. 0 = no limit.
     */
    listingQueryLimit: { limit: e.LISTING_QUERY_LIMIT, windowMs: 60_000 },
    /** Guest carts made (a visitor's first Add to Cart without a cart) per client address per hour. 0 = no limit. */
    guestCartLimit: { limit: e.GUEST_CART_LIMIT, windowMs: 60 * 60_000 },
    /** Memory for the listings' remembered statements, totals and readings (products/catalogue-cache.ts), in bytes. */
    listingMemoBytes: e.LISTING_MEMO_MB * 1024 * 1024,
    /** Memory for the catalogue answer cache (server/http/answer-cache.ts), in bytes; 0 = off. */
    answerCacheBytes: e.ANSWER_CACHE_MB * 1024 * 1024,
    /** Stalled and slow request bodies, connections per address (server/http/slow-clients.ts); 0 = off. */
    slowClients: {
      bodyIdleMs: e.BODY_IDLE_SECONDS * 1000,
      bodyTotalMs: e.BODY_TIMEOUT_SECONDS * 1000,
      connectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    },
    media: {
      storage: e.MEDIA_STORAGE,
      /** Where the local driver keeps files (and what `media:migrate` copies from). */
      localRoot: path.join(e.DATA_DIR, 'uploads'),
      /** Public address of the bucket; unset = the shop streams media itself at /uploads/. */
      publicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'us-east-1',
            endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
            // S3-compatible servers at their own address (MinIO, s3rver…) usually want path-style requests.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            /** Folder inside the bucket every key lives under ('' or ending in /). */
            prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/\/+$/, '')}/` : '',
          }
        : undefined,
    },
    /** Channels of the outbox; a channel left unset records its messages as skipped. */
    notify: {
      email: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? 'Ratna Gems <no-reply@localhost>' } : undefined,
      sms: e.MSG91_AUTHKEY
        ? { authkey: e.MSG91_AUTHKEY, apiBase: e.MSG91_API_BASE, sender: e.MSG91_SENDER, templates: e.MSG91_TEMPLATES }
        : undefined,
      whatsapp:
        e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_ID
          ? { token: e.WHATSAPP_TOKEN, phoneId: e.WHATSAPP_PHONE_ID, apiBase: e.WHATSAPP_API_BASE }
          : undefined,
      /** Until the shop settings carry the support e-mail and phone, the merchant is told here. */
      merchantEmail: e.MERCHANT_EMAIL?.toLowerCase(),
      merchantPhone: e.MERCHANT_PHONE,
      lowStockThreshold: e.LOW_STOCK_THRESHOLD,
    },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    /** After SIGTERM or SIGINT the process is gone within this many seconds, whatever its output does. */
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
  };
}
