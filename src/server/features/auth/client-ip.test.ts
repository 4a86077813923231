import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { normalizeIp, resolveClientIp, trustedProxyMatcher } from './client-ip.ts';

describe('normalizeIp', () => {
  it('unwraps IPv4-mapped IPv6, brackets and zone ids', () => {
    expect(normalizeIp('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(normalizeIp('[2001:db8::1]')).toBe('2001:db8::1');
    expect(normalizeIp('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeIp(' 198.51.100.7 ')).toBe('198.51.100.7');
    expect(normalizeIp('2001:DB8::A')).toBe('2001:db8::a');
  });

  it('rejects what is not an address', () => {
    for (const bad of ['', 'unknown', '1.2.3', '203.0.113.5:8080', 'example.com', null, undefined]) {
      expect(normalizeIp(bad)).toBeNull();
    }
  });
});

describe('trustedProxyMatcher', () => {
  it('matches addresses and CIDR ranges of both families', () => {
    const trusted = trustedProxyMatcher(['10.0.0.0/8', '192.0.2.10', '2001:db8:1::/48']);
    expect(trusted('10.20.30.40')).toBe(true);
    expect(trusted('192.0.2.10')).toBe(true);
    expect(trusted('192.0.2.11')).toBe(false);
    expect(trusted('2001:db8:1:ffff::1')).toBe(true);
    expect(trusted('2001:db8:2::1')).toBe(false);
  });

  it('trusts nobody when the list is empty', () => {
    expect(trustedProxyMatcher([])('127.0.0.1')).toBe(false);
  });

  it('stops start-up on a bad entry, naming TRUSTED_PROXIES', () => {
    for (const bad of ['proxy.local', '10.0.0.0/33', '10.0.0.0/8/1', '2001:db8::/129', '10.0.0.0/x']) {
      expect(() => trustedProxyMatcher([bad])).toThrow(ConfigError);
      expect(() => trustedProxyMatcher([bad])).toThrow(/TRUSTED_PROXIES/);
    }
  });
});

describe('resolveClientIp', () => {
  const isTrustedProxy = trustedProxyMatcher(['10.0.0.0/8', '127.0.0.1']);

  it('uses the socket address and ignores forwarded headers from untrusted peers', () => {
    expect(resolveClientIp({ socketAddress: '203.0.113.9', forwardedFor: '1.2.3.4', isTrustedProxy })).toBe('203.0.113.9');
    expect(resolveClientIp({ socketAddress: '::ffff:203.0.113.9', forwardedFor: undefined, isTrustedProxy })).toBe('203.0.113.9');
  });

  it('takes the right-most untrusted hop behind trusted proxies', () => {
    expect(resolveClientIp({ socketAddress: '10.0.0.2', forwardedFor: '198.51.100.1', isTrustedProxy })).toBe('198.51.100.1');
    // A client-sent fake entry on the left is never believed.
    expect(resolveClientIp({ socketAddress: '10.0.0.2', forwardedFor: '6.6.6.6, 198.51.100.1, 10.0.0.3', isTrustedProxy })).toBe(
      '198.51.100.1',
    );
  });

  it('stops at a malformed entry, charging the hop that reported it', () => {
    expect(resolveClientIp({ socketAddress: '10.0.0.2', forwardedFor: 'garbage', isTrustedProxy })).toBe('10.0.0.2');
    expect(resolveClientIp({ socketAddress: '10.0.0.2', forwardedFor: '198.51.100.1, junk, 10.0.0.5', isTrustedProxy })).toBe('10.0.0.5');
  });

  it('uses the proxy when it forwards nothing, and the left-most hop when every hop is trusted', () => {
    expect(resolveClientIp({ socketAddress: '127.0.0.1', forwardedFor: '', isTrustedProxy })).toBe('127.0.0.1');
    expect(resolveClientIp({ socketAddress: '10.0.0.2', forwardedFor: '10.0.0.9, 10.0.0.3', isTrustedProxy })).toBe('10.0.0.9');
  });

  it('knows no address without a socket', () => {
    expect(resolveClientIp({ socketAddress: null, forwardedFor: '198.51.100.1', isTrustedProxy })).toBeNull();
  });
});
