import { describe, expect, it } from 'vitest';
import { loggablePath } from './logger.ts';

describe('loggablePath', () => {
  it('redacts the token of a password-reset link and leaves other paths alone', () => {
    expect(loggablePath('/api/auth/reset-password/Fv1LFbBG8SnSVa33hyja7dgB')).toBe('/api/auth/reset-password/[redacted]');
    expect(loggablePath('/API/auth/reset-password/abc/extra')).toBe('/API/auth/reset-password/[redacted]/extra');
    for (const path of ['/api/auth/reset-password', '/api/auth/verify-email', '/api/ideas/5b517ca3-b7d6-40bb-b59f-26e194428905', '/']) {
      expect(loggablePath(path)).toBe(path);
    }
  });
});
