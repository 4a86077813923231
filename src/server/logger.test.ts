import { describe, expect, it } from 'vitest';
import { loggableError, loggablePath, readableLine } from './logger.ts';

describe('loggablePath', () => {
  it('redacts the token of a password-reset link and leaves other paths alone', () => {
    expect(loggablePath('/api/auth/reset-password/Fv1LFbBG8SnSVa33hyja7dgB')).toBe('/api/auth/reset-password/[redacted]');
    expect(loggablePath('/API/auth/reset-password/abc/extra')).toBe('/API/auth/reset-password/[redacted]/extra');
    for (const path of ['/api/auth/reset-password', '/api/auth/verify-email', '/api/ideas/5b517ca3-b7d6-40bb-b59f-26e194428905', '/']) {
      expect(loggablePath(path)).toBe(path);
    }
  });
});

describe('loggableError', () => {
  it('keeps the SQL of a failed query and the database’s reason, never the parameters', async () => {
    const { DrizzleQueryError } = await import('drizzle-orm');
    const reason = Object.assign(new Error('new row for relation "profiles" violates check constraint "x"'), {
      code: '23514',
      detail: 'Failing row contains (0123987456, Tolu Adeyemi).',
      query: 'update "profiles" set "bank_account_number" = $1',
      params: ['0123987456'],
    });
    const error = new DrizzleQueryError('update "profiles" set "bank_account_number" = $1', ['0123987456', 'tolu@example.test'], reason);
    expect(error.message).toContain('0123987456');
    const logged = loggableError(error);
    expect(logged.message).toBe('Failed query: update "profiles" set "bank_account_number" = $1');
    expect(logged.cause).toMatchObject({ message: 'new row for relation "profiles" violates check constraint "x"', code: '23514' });
    expect(logged.stack).toMatch(/^Error: Failed query: update "profiles"/);
    const text = JSON.stringify(logged);
    for (const secret of ['0123987456', 'tolu@example.test', 'Tolu Adeyemi']) expect(text).not.toContain(secret);
  });

  it('passes ordinary errors through and copes with values that are not errors', () => {
    expect(loggableError(new TypeError('x is not a function'))).toMatchObject({ name: 'TypeError', message: 'x is not a function' });
    expect(loggableError('plain text')).toEqual({ name: 'NonError', message: 'plain text' });
    expect(loggableError({ password: 'hunter2' })).toEqual({ name: 'NonError', message: 'a non-Error value was thrown' });
  });
});

describe('readableLine', () => {
  it('reads a request line as a person would, and any other line as its message', () => {
    expect(readableLine({ method: 'GET', path: '/api/ideas', status: 200, ms: 12, requestId: 'x' })).toBe('GET /api/ideas 200 12 ms');
    expect(readableLine({ method: 'POST', path: '/api/auth/sign-in/email', status: 401 })).toBe('POST /api/auth/sign-in/email 401');
    expect(readableLine({ msg: 'shutting down', signal: 'SIGTERM' })).toBe('shutting down');
    expect(readableLine({})).toBe('');
  });
});
