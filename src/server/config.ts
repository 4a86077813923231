/**
 * The one place that reads environment variables (docs/product-readings.md, contracts: env).
 * A bad value stops the process with one line naming the variable.
 */
import { z } from 'zod';
import { parseWriteLimits, type WriteLimitOverrides } from './lib/write-limit-rules.ts';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.join(' or ')}//`);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional().or(z.literal('').transform(() => undefined)),
  /** Read-only standbys of DATABASE_URL (comma-separated): visitors' reads go there (db/replicas.ts). */
  DATABASE_REPLICA_URLS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const urls = v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const isPostgresUrl = (u: string) => {
        try {
          return ['postgres:', 'postgresql:'].includes(new URL(u).protocol);
        } catch {
          return false;
        }
      };
      for (const u of urls) {
        if (!isPostgresUrl(u)) {
          ctx.addIssue({ code: 'custom', message: `each must be a URL starting with postgres:// or postgresql:// (not ${JSON.stringify(redactedUrl(u))})` });
          return z.NEVER;
        }
      }
      return urls;
    }),
  PUBLIC_URL: url(['http:', 'https:']).optional().or(z.literal('').transform(() => undefined)),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  SMTP_URL: url(['smtp:', 'smtps:']).optional().or(z.literal('').transform(() => undefined)),
  MAIL_FROM: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: url(['http:', 'https:']).default('https://accounts.google.com'),
  /** Payments provider (issue 25): off | test | paystack; default paystack with a secret key, else test outside production, off in production. */
  PAYMENTS: z
    .enum(['off', 'test', 'paystack', ''], { error: 'must be off, test or paystack' })
    .optional()
    .transform((v) => v || undefined),
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_API_URL: url(['http:', 'https:']).default('https://api.paystack.co'),
  COUPON_REDEEM_URL: url(['http:', 'https:']).optional().or(z.literal('').transform(() => undefined)),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** How long visitors' list and details answers are kept (src/server/lib/public-cache.ts); 0 = off. */
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int('must be a whole number').min(0).max(60_000).default(1000),
  /**
   * How long an instance keeps who a session cookie belongs to (features/auth/session-cache.ts); 0 = off.
   * Every instance forgets a person at once when their sessions or account change (LISTEN/NOTIFY).
   */
  SESSION_CACHE_MS: z.coerce.number().int('must be a whole number').min(0).max(60_000).default(5000),
  /** Up to this many URLs /sitemap.xml is one urlset (the protocol's limit: 50,000); past it, a sitemap index. */
  SITEMAP_INDEX_AFTER: z.coerce.number().int('must be a whole number').min(5, 'must be between 5 and 50000').max(50_000, 'must be between 5 and 50000').default(50_000),
  /** URLs per item file of the sitemap index (at most 50,000): small files stay cheap to send to many crawlers at once. */
  SITEMAP_URLS_PER_FILE: z.coerce.number().int('must be a whole number').min(1, 'must be between 1 and 50000').max(50_000, 'must be between 1 and 50000').default(5_000),
  /** S3-compatible object storage for uploaded files (lib/file-store.ts); unset = files stay in the database. */
  S3_BUCKET: optionalString,
  /** The S3 API's address (MinIO, Garage, a cloud's S3); unset = AWS. */
  S3_ENDPOINT: url(['http:', 'https:']).optional().or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Addresses as endpoint/bucket/key rather than bucket.endpoint/key (most self-hosted servers need it). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Where readers fetch objects (a CDN or the bucket's public address); unset = the bucket is private. */
  S3_PUBLIC_URL: url(['http:', 'https:']).optional().or(z.literal('').transform(() => undefined)),
  /** The weekly digest's job queue (pg-boss, features/digest): on, or off for an instance that should not send it (tests). */
  DIGEST_SCHEDULE: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on'),
  /** Per-person write limits replacing the defaults (src/server/lib/write-limits.ts), e.g. 'messages:10/60,likes:off'. */
  WRITE_LIMITS: z
    .string()
    .default('')
    .transform((v, ctx): WriteLimitOverrides => {
      const parsed = parseWriteLimits(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
});

/** A database URL without its password, for messages and /readyz. */
function redactedUrl(value: string): string {
  try {
    const u = new URL(value);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return value.replace(/:[^:@/]*@/, ':***@');
  }
}

export type PaymentsMode = 'off' | 'test' | 'paystack';

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'PAYMENTS'> & { PUBLIC_URL: string; PAYMENTS: PaymentsMode };

export class ConfigError extends Error {}

/** Parses and validates configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    // A database URL may carry a password: never repeat it.
    const got = name === 'DATABASE_REPLICA_URLS' ? '' : ` (got ${JSON.stringify(env[name] ?? '')})`;
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'invalid value'}${got}`);
  }
  const cfg = result.data;
  if (cfg.NODE_ENV === 'production' && !cfg.AUTH_SECRET) {
    throw new ConfigError('Invalid AUTH_SECRET: required when NODE_ENV=production (at least 32 characters)');
  }
  if (!cfg.S3_BUCKET && (cfg.S3_ENDPOINT || cfg.S3_PUBLIC_URL)) {
    throw new ConfigError('Invalid S3_BUCKET: required when S3_ENDPOINT or S3_PUBLIC_URL is set');
  }
  if (Boolean(cfg.S3_ACCESS_KEY_ID) !== Boolean(cfg.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (cfg.DATABASE_REPLICA_URLS.length > 0 && !cfg.DATABASE_URL) {
    throw new ConfigError('Invalid DATABASE_REPLICA_URLS: replicas need DATABASE_URL (the primary they follow)');
  }
  const publicUrl = (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, '');
  const payments: PaymentsMode = cfg.PAYMENTS ?? (cfg.PAYSTACK_SECRET_KEY ? 'paystack' : cfg.NODE_ENV === 'production' ? 'off' : 'test');
  if (payments === 'paystack' && !cfg.PAYSTACK_SECRET_KEY) {
    throw new ConfigError('Invalid PAYSTACK_SECRET_KEY: required when PAYMENTS=paystack');
  }
  return { ...cfg, PUBLIC_URL: publicUrl, PAYMENTS: payments, PAYSTACK_API_URL: cfg.PAYSTACK_API_URL.replace(/\/+$/, '') };
}
