import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

describe.each(databaseKinds())('platform endpoints on %s', (kind) => {
  const t = useTestServer(kind);

  it('answers /healthz and /readyz', async () => {
    expect(await (await t.fetch('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.fetch('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: kind });
  });

  it('gives unknown API paths a real 404 with the error body', async () => {
    const res = await t.fetch('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No API endpoint at GET /api/does-not-exist.' },
    });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.fetch('/api/ideas');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/.{8,}/);
  });

  it('refuses malformed and oversized bodies with the error body', async () => {
    const big = await t.fetch('/api/ideas', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large.' } });
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/ideas');
  });
});
