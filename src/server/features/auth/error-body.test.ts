import { describe, expect, it } from 'vitest';
import { rewriteAuthErrorResponse, toErrorBody } from './error-body.ts';

describe('better-auth errors in our error body', () => {
  it('lower-cases the code and uses our message for known codes', () => {
    expect(toErrorBody({ status: 401, body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } })).toEqual({
      error: { code: 'invalid_email_or_password', message: 'Invalid email or password.' },
    });
    expect(toErrorBody({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } }).error.message).toMatch(
      /not confirmed yet/,
    );
  });

  it('keeps other messages as sentences and falls back on the status', () => {
    expect(toErrorBody({ status: 400, body: { code: 'SOMETHING', message: 'something odd' } }).error).toEqual({
      code: 'something',
      message: 'Something odd.',
    });
    expect(toErrorBody({ status: 404, body: null }).error.code).toBe('not_found');
    expect(toErrorBody({ status: 500, body: {} }).error.message).toMatch(/our side/);
  });

  it('says how long to wait when rate limited', () => {
    expect(toErrorBody({ status: 429, body: { message: 'Too many requests.' }, retryAfterSeconds: 42 }).error).toEqual({
      code: 'too_many_requests',
      message: 'Too many attempts. Please wait 42 seconds and try again.',
    });
  });

  it('rewrites JSON error responses, keeping headers, and passes everything else through', async () => {
    const res = new Response(JSON.stringify({ message: 'Too many requests. Please try again later.' }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'x-retry-after': '7' },
    });
    const out = await rewriteAuthErrorResponse(res);
    expect(out.status).toBe(429);
    expect(out.headers.get('retry-after')).toBe('7');
    expect(await out.json()).toEqual({ error: { code: 'too_many_requests', message: 'Too many attempts. Please wait 7 seconds and try again.' } });

    const ok = new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    expect(await rewriteAuthErrorResponse(ok)).toBe(ok);
    const redirect = new Response(null, { status: 302, headers: { location: '/auth?error=x' } });
    expect(await rewriteAuthErrorResponse(redirect)).toBe(redirect);
    const page = new Response('<html></html>', { status: 404, headers: { 'content-type': 'text/html' } });
    expect(await rewriteAuthErrorResponse(page)).toBe(page);
  });
});
