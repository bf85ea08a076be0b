import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { SESSION_IDLE_MINUTES } from '@portal/contracts/constants';

const ZEnvironment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Which deployment this is; `production` hides the school list and never seeds unasked. */
  PORTAL_ENV: z.enum(['development', 'staging', 'production', 'test']).optional(),
  /** `1` seeds the demo schools even in production (never into a database that has data). */
  SEED_DEMO: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app is; served with a fallback to index.html. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Trust X-Forwarded-* from a proxy in front (the client IP for rate limits). */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * `1`: a kept answer is served only once every change committed before the request has been
   * heard (one database round trip more). The test suites set it: their fixtures write the
   * database directly, outside any request, and read at once (docs/decisions/029-read-cache.md).
   */
  READ_CACHE_AWAITS_NOTICES: z.enum(['0', '1']).default('0'),
  /** A session ends after this many seconds without an authenticated request (decision 005). */
  SESSION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(24 * 60 * 60)
    .default(SESSION_IDLE_MINUTES * 60),
  /** The longest a client may take to send a whole request (headers and body); then 408. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** The longest a client may take to send a request's headers; at most REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(20_000),
  /** How long an idle keep-alive connection stays open; longer than a proxy's idle time-out in front. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(72_000),
  /** Document numbers (`/fees/doc-no`) one parent may take a minute. */
  DOC_NO_RATE_LIMIT_PER_PARENT: z.coerce.number().int().positive().default(60),
  /** Reports of missing translation keys (`/locales/add`, outside production) one IP may send a minute. */
  MISSING_TRANSLATIONS_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  /** Missing translation keys recorded at most, in all and per namespace; more are refused. */
  MISSING_TRANSLATIONS_MAX_KEYS: z.coerce.number().int().positive().default(2_000),
  MISSING_TRANSLATIONS_MAX_KEYS_PER_NAMESPACE: z.coerce.number().int().positive().default(300),
  /** `smtp://user:pass@host:port` or `smtps://...`; without it mail goes to DATA_DIR/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Parent portal <no-reply@portal.localhost>'),
  /** Where Google's signing keys are published; tests point it at a local provider. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Facebook's Graph API base; tests point it at a local fake. */
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
  /** Rate-limit counters live in Redis when set (needed with more than one instance). */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  /** Requests a minute one IP may make to each /auth route. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  /** Attempts a minute on one account (username) per /auth route. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** Password changes, e-mail change codes and e-mail confirmations one parent may make in 15 minutes, each. */
  ACCOUNT_CHANGES_PER_PARENT: z.coerce.number().int().positive().default(5),
  /** Children's photos one parent may upload an hour. */
  PHOTO_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Photos converted at once (each on one of libuv's threads, which password hashing shares). */
  PHOTO_CONVERSIONS_AT_ONCE: z.coerce.number().int().positive().default(2),
  /** Photos that may wait for a conversion; one more is refused with 503 V012. */
  PHOTO_CONVERSIONS_WAITING: z.coerce.number().int().min(0).default(8),
  /** Files (attachments) one parent may upload an hour. */
  ATTACHMENT_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** The megabytes of files each school may keep (uploads past it: 413 U001). */
  ATTACHMENT_QUOTA_MB: z.coerce.number().int().positive().default(2048),
  /** Uploaded files that may wait for their check (type, hash) on its thread; one more: 503 S503. */
  ATTACHMENT_CHECKS_WAITING: z.coerce.number().int().min(0).default(8),
  /** Fee document PDFs a minute one parent may download. */
  PDF_RATE_LIMIT_PER_PARENT: z.coerce.number().int().positive().default(30),
  /** Threads that draw PDFs; by default half the cores, one or two. */
  PDF_RENDER_THREADS: z.coerce
    .number()
    .int()
    .positive()
    .default(Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2)))),
  /** PDFs that may wait for a render thread; one more is refused with 429 S429. */
  PDF_RENDER_QUEUE: z.coerce.number().int().min(0).default(16),
  /** Finished PDFs kept in memory (0: none), and the megabytes they may take. */
  PDF_CACHE_ENTRIES: z.coerce.number().int().min(0).default(500),
  PDF_CACHE_MB: z.coerce.number().min(0).default(32),
  /**
   * Who takes the money: `sandbox` (the built-in test page, no money; the default outside
   * production) or `stripe` (Stripe Checkout). Unset in production: online payment is off.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  /** `1` lets a production deployment use the sandbox provider (a demo that takes no money). */
  ALLOW_SANDBOX_PAYMENTS: z.enum(['0', '1']).default('0'),
  /** Signs the sandbox's webhooks; random at every start when unset (outside production). */
  SANDBOX_WEBHOOK_SECRET: z.string().min(32).optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Open (pending) payments one parent may have; a new one past it ends the oldest. */
  PAYMENT_OPEN_CHECKOUTS_PER_PARENT: z.coerce.number().int().positive().default(5),
  /** Payment requests a minute one parent may send. */
  PAYMENT_CREATE_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /**
   * The school's address for the provider's return links, e.g. `https://{schoolId}.portal.example`;
   * required in production with online payment.
   */
  PUBLIC_BASE_URL: z
    .string()
    .refine((value) => isBaseUrlTemplate(value), 'must be an http(s) URL, optionally with {schoolId}')
    .optional(),
});

export type TConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  portalEnv: 'development' | 'staging' | 'production' | 'test';
  isProduction: boolean;
  seedDemo: boolean;
  logLevel: z.infer<typeof ZEnvironment>['LOG_LEVEL'];
  webDistDir: string;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  sessionIdleSeconds: number;
  /** Serve a kept answer only after the changes committed before the request were heard. */
  readCacheAwaitsNotices: boolean;
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  docNoRateLimitPerParent: number;
  missingTranslations: { perIpPerMinute: number; maxKeys: number; maxKeysPerNamespace: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  googleJwksUrl: string;
  facebookGraphUrl: string;
  redisUrl: string | undefined;
  authRateLimitPerIp: number;
  authRateLimitPerAccount: number;
  /** Account changes (password, e-mail address) one parent may make in 15 minutes, per route. */
  accountChangesPerParent: number;
  photos: TPhotoConfig;
  attachments: TAttachmentConfig;
  payments: TPaymentConfig;
  documents: TDocumentConfig;
};

/** Fee document PDFs: the per-parent rate, the render threads and queue, the cache. */
export type TDocumentConfig = {
  perParentPerMinute: number;
  threads: number;
  queue: number;
  cacheEntries: number;
  cacheBytes: number;
};

/** Attachments: uploads per parent an hour, each school's quota, checks that may wait. */
export type TAttachmentConfig = { uploadsPerHour: number; quotaBytes: number; checksWaiting: number };

/** Children's photos: uploads per parent an hour, conversions at once and waiting. */
export type TPhotoConfig = { uploadsPerHour: number; conversionsAtOnce: number; conversionsWaiting: number };

export type TPaymentConfig = {
  /** `none`: online payment is off (production without PAYMENT_PROVIDER). */
  provider: 'sandbox' | 'stripe' | 'none';
  /** Only with the sandbox provider. */
  sandboxWebhookSecret: string;
  stripe: { apiUrl: string; secretKey: string; webhookSecret: string } | null;
  /**
   * A base URL, possibly with `{schoolId}`; null outside production when unset: then
   * `http://{schoolId}.localhost:<the port the server listens on>` (never a request header).
   */
  publicBaseUrl: string | null;
  /** The configured PORT, for that default before the server listens. */
  port: number;
  openPerParent: number;
  createPerMinute: number;
};

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Reads and validates the configuration; throws a ConfigError listing every problem. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnvironment.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const portalEnv = e.PORTAL_ENV ?? e.NODE_ENV;
  const isProduction = portalEnv === 'production';
  const payments = readPaymentConfig(e, isProduction);
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(['HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS']);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    // Relative to where the user ran `npm start` (npm runs workspace scripts in their own folder).
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    portalEnv,
    isProduction,
    seedDemo: e.SEED_DEMO === undefined ? !isProduction : e.SEED_DEMO === '1',
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
    trustProxy: e.TRUST_PROXY === '1',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    readCacheAwaitsNotices: e.READ_CACHE_AWAITS_NOTICES === '1',
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      headersMs: e.HEADERS_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    docNoRateLimitPerParent: e.DOC_NO_RATE_LIMIT_PER_PARENT,
    missingTranslations: {
      perIpPerMinute: e.MISSING_TRANSLATIONS_RATE_LIMIT_PER_IP,
      maxKeys: e.MISSING_TRANSLATIONS_MAX_KEYS,
      maxKeysPerNamespace: e.MISSING_TRANSLATIONS_MAX_KEYS_PER_NAMESPACE,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    facebookGraphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL,
    authRateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
    authRateLimitPerAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
    accountChangesPerParent: e.ACCOUNT_CHANGES_PER_PARENT,
    photos: {
      uploadsPerHour: e.PHOTO_UPLOADS_PER_HOUR,
      conversionsAtOnce: e.PHOTO_CONVERSIONS_AT_ONCE,
      conversionsWaiting: e.PHOTO_CONVERSIONS_WAITING,
    },
    attachments: {
      uploadsPerHour: e.ATTACHMENT_UPLOADS_PER_HOUR,
      quotaBytes: e.ATTACHMENT_QUOTA_MB * 2 ** 20,
      checksWaiting: e.ATTACHMENT_CHECKS_WAITING,
    },
    payments,
    documents: {
      perParentPerMinute: e.PDF_RATE_LIMIT_PER_PARENT,
      threads: e.PDF_RENDER_THREADS,
      queue: e.PDF_RENDER_QUEUE,
      cacheEntries: e.PDF_CACHE_ENTRIES,
      cacheBytes: Math.round(e.PDF_CACHE_MB * 2 ** 20),
    },
  };
}

function isBaseUrlTemplate(value: string): boolean {
  try {
    const url = new URL(value.replaceAll('{schoolId}', 'school'));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The payment settings; the sandbox takes no money, so production refuses it unless allowed. */
function readPaymentConfig(e: z.infer<typeof ZEnvironment>, isProduction: boolean): TPaymentConfig {
  const problems: string[] = [];
  const provider = e.PAYMENT_PROVIDER ?? (isProduction ? 'none' : 'sandbox');
  if (provider === 'sandbox' && isProduction) {
    if (e.ALLOW_SANDBOX_PAYMENTS !== '1')
      problems.push(
        'PAYMENT_PROVIDER: sandbox takes no money; in production set ALLOW_SANDBOX_PAYMENTS=1 to allow it',
      );
    if (!e.SANDBOX_WEBHOOK_SECRET) problems.push('SANDBOX_WEBHOOK_SECRET: required in production');
  }
  if (provider === 'stripe') {
    if (!e.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe');
    if (!e.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe');
  }
  if (provider !== 'none' && isProduction && !e.PUBLIC_BASE_URL)
    problems.push('PUBLIC_BASE_URL: required in production with online payment (the return address)');
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    provider,
    sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
    stripe:
      provider === 'stripe'
        ? {
            apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
            secretKey: e.STRIPE_SECRET_KEY ?? '',
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
          }
        : null,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? null,
    port: e.PORT,
    openPerParent: e.PAYMENT_OPEN_CHECKOUTS_PER_PARENT,
    createPerMinute: e.PAYMENT_CREATE_PER_MINUTE,
  };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
    this.problems = problems;
  }
}

// An empty variable means "not set", as shells and .env files commonly write it.
function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) out[key] = value === '' ? undefined : value;
  return out;
}
