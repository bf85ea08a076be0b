import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

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
  /** The portal's address for the provider's return links, e.g. `https://{schoolId}.portal.example`. */
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
  smtpUrl: string | undefined;
  mailFrom: string;
  googleJwksUrl: string;
  facebookGraphUrl: string;
  redisUrl: string | undefined;
  authRateLimitPerIp: number;
  authRateLimitPerAccount: number;
  payments: TPaymentConfig;
};

export type TPaymentConfig = {
  /** `none`: online payment is off (production without PAYMENT_PROVIDER). */
  provider: 'sandbox' | 'stripe' | 'none';
  /** Only with the sandbox provider. */
  sandboxWebhookSecret: string;
  stripe: { apiUrl: string; secretKey: string; webhookSecret: string } | null;
  /** A base URL, possibly with `{schoolId}`; null to use the request's own host. */
  publicBaseUrl: string | null;
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
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    facebookGraphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL,
    authRateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
    authRateLimitPerAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
    payments,
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
