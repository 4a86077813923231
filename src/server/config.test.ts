import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { AUTH_SECRET: 'x'.repeat(40) };

describe('payments configuration (issue 25)', () => {
  it('defaults: paystack with a secret key; else test outside production and off in production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).PAYMENTS).toBe('test');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).PAYMENTS).toBe('off');
    expect(loadConfig({ ...base, NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x' }).PAYMENTS).toBe('paystack');
    expect(loadConfig({ ...base, PAYMENTS: 'off', PAYSTACK_SECRET_KEY: 'sk_live_x' }).PAYMENTS).toBe('off');
    expect(loadConfig(base).PAYSTACK_API_URL).toBe('https://api.paystack.co');
    expect(loadConfig({ ...base, PAYSTACK_API_URL: 'http://127.0.0.1:9999/' }).PAYSTACK_API_URL).toBe('http://127.0.0.1:9999');
  });

  it('bad values stop start-up with one line naming the variable', () => {
    expect(() => loadConfig({ ...base, PAYMENTS: 'stripe' })).toThrow(new ConfigError('Invalid PAYMENTS: must be off, test or paystack (got "stripe")'));
    expect(() => loadConfig({ ...base, PAYMENTS: 'paystack' })).toThrow(new ConfigError('Invalid PAYSTACK_SECRET_KEY: required when PAYMENTS=paystack'));
    expect(() => loadConfig({ ...base, PAYSTACK_API_URL: 'ftp://x' })).toThrow(/^Invalid PAYSTACK_API_URL: must be a URL starting with http: or https:\/\//);
  });
});

describe('read replicas configuration (issue 26)', () => {
  const primary = 'postgres://ideahub@db-primary:5432/ideahub';

  it('reads a comma-separated list of PostgreSQL URLs; unset means none', () => {
    expect(loadConfig(base).DATABASE_REPLICA_URLS).toEqual([]);
    expect(
      loadConfig({ ...base, DATABASE_URL: primary, DATABASE_REPLICA_URLS: ' postgres://r1:5432/ideahub , postgresql://r2:5432/ideahub,' }).DATABASE_REPLICA_URLS,
    ).toEqual(['postgres://r1:5432/ideahub', 'postgresql://r2:5432/ideahub']);
  });

  it('bad values stop start-up with one line that never repeats a password', () => {
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URLS: 'postgres://r1:5432/ideahub' })).toThrow(
      new ConfigError('Invalid DATABASE_REPLICA_URLS: replicas need DATABASE_URL (the primary they follow)'),
    );
    expect(() => loadConfig({ ...base, DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'postgres://r1/ideahub,mysql://u:secret@r2/ideahub' })).toThrow(
      new ConfigError('Invalid DATABASE_REPLICA_URLS: each must be a URL starting with postgres:// or postgresql:// (not "mysql://u:***@r2/ideahub")'),
    );
  });
});
