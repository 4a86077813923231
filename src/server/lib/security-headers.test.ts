import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { securityHeaders } from './security-headers.ts';

function appWith(env: Record<string, string> = {}) {
  const app = new Hono();
  app.use('*', securityHeaders(loadConfig({ DATA_DIR: '/tmp/unused', ...env })));
  app.get('*', (c) => c.text('ok'));
  return app;
}

describe('security headers: framing', () => {
  it('refuses to be framed everywhere', async () => {
    for (const path of ['/', '/dashboard', '/api/config', '/coupons/redeem-other']) {
      const res = await appWith().request(path);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('lets our own pages frame the built-in coupon redeem page (My Coupons), and nobody else', async () => {
    const res = await appWith().request('/coupons/redeem?code=ABC&id=1');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(res.headers.get('content-security-policy')).not.toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('allows framing the configured external redeem page', async () => {
    const res = await appWith({ COUPON_REDEEM_URL: 'https://redeem.example.com/r' }).request('/dashboard');
    expect(res.headers.get('content-security-policy')).toContain('frame-src \'self\' https://redeem.example.com');
  });
});
