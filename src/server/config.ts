/**
 * The one place that reads environment variables (ARCHITECTURE.md, contracts: env).
 * A bad value stops the process with one line naming the variable.
 */
import { z } from 'zod';
import { parseWriteLimits, type WriteLimitOverrides } from './lib/write-limits.ts';

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
  PUBLIC_URL: url(['http:', 'https:']).optional().or(z.literal('').transform(() => undefined)),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  SMTP_URL: url(['smtp:', 'smtps:']).optional().or(z.literal('').transform(() => undefined)),
  MAIL_FROM: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: url(['http:', 'https:']).default('https://accounts.google.com'),
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
  /** Up to this many URLs /sitemap.xml is one urlset (the protocol's limit: 50,000); past it, a sitemap index. */
  SITEMAP_INDEX_AFTER: z.coerce.number().int('must be a whole number').min(5, 'must be between 5 and 50000').max(50_000, 'must be between 5 and 50000').default(50_000),
  /** URLs per item file of the sitemap index (at most 50,000): small files stay cheap to send to many crawlers at once. */
  SITEMAP_URLS_PER_FILE: z.coerce.number().int('must be a whole number').min(1, 'must be between 1 and 50000').max(50_000, 'must be between 1 and 50000').default(5_000),
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

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

/** Parses and validates configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'invalid value'} (got ${JSON.stringify(env[name] ?? '')})`);
  }
  const cfg = result.data;
  if (cfg.NODE_ENV === 'production' && !cfg.AUTH_SECRET) {
    throw new ConfigError('Invalid AUTH_SECRET: required when NODE_ENV=production (at least 32 characters)');
  }
  const publicUrl = (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, '');
  return { ...cfg, PUBLIC_URL: publicUrl };
}
