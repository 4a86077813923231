import { afterEach, describe, expect, it, vi } from 'vitest';
import { authClient } from './auth-client';

afterEach(() => vi.unstubAllGlobals());

describe('authClient.getSession', () => {
  it('asks without renewing the session: a background check is not use (the idle timeout)', async () => {
    const fetchMock = vi.fn(async () => new Response('null', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await authClient.getSession()).toBeNull();
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(new URL(url, 'http://x').pathname).toBe('/api/auth/get-session');
    expect(new URL(url, 'http://x').searchParams.get('disableRefresh')).toBe('true');
  });
});
