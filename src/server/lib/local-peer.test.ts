import { describe, expect, it } from 'vitest';
import { FORWARDING_HEADERS, isLocalPeer, isLoopbackAddress, isLoopbackHostname } from './local-peer.ts';

describe('isLoopbackAddress', () => {
  it('accepts 127.0.0.0/8, ::1 and IPv4-mapped 127.x', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '127.255.255.255', '::1', '0:0:0:0:0:0:0:1', '[::1]', '::ffff:127.0.0.1', '::FFFF:127.9.9.9', '::1%lo']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
  });

  it('refuses every other address, and no address at all', () => {
    for (const address of ['203.0.113.7', '10.0.0.1', '192.168.1.20', '0.0.0.0', '128.0.0.1', '::', '::2', '::ffff:10.0.0.1', 'fe80::1', '127.0.0.256', 'localhost', '']) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
    expect(isLoopbackAddress(null)).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});

describe('isLoopbackHostname', () => {
  it('accepts names that only mean this machine', () => {
    for (const host of ['localhost', 'LOCALHOST', 'localhost.', 'app.localhost', '127.0.0.1', '::1']) expect(isLoopbackHostname(host), host).toBe(true);
    for (const host of ['ideahub.example', 'localhost.example.com', 'notlocalhost', '192.168.1.20']) expect(isLoopbackHostname(host), host).toBe(false);
  });
});

describe('isLocalPeer', () => {
  const peer = (socketAddress: string | null, headers: Record<string, string> = {}, hostname = 'localhost') =>
    isLocalPeer({ socketAddress, headers: new Headers(headers), hostname });

  it('is true for a loopback socket peer without forwarding headers', () => {
    expect(peer('127.0.0.1')).toBe(true);
    expect(peer('::1')).toBe(true);
    expect(peer('::ffff:127.0.0.1')).toBe(true);
  });

  it('is false for another peer, or no socket, whatever the headers claim', () => {
    expect(peer('203.0.113.7')).toBe(false);
    expect(peer('192.168.1.20', { 'x-forwarded-for': '127.0.0.1' })).toBe(false);
    expect(peer('203.0.113.7', { 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' })).toBe(false);
    expect(peer(null)).toBe(false);
  });

  it('is false for a loopback peer that relays someone (a reverse proxy on this machine)', () => {
    for (const name of FORWARDING_HEADERS) expect(peer('127.0.0.1', { [name]: '127.0.0.1' }), name).toBe(false);
    expect(peer('127.0.0.1', { Forwarded: 'for=203.0.113.7;proto=https' })).toBe(false);
    expect(peer('127.0.0.1', { 'X-Forwarded-For': '' })).toBe(false);
  });

  it('is false for a request sent to a domain name other than localhost (DNS rebinding)', () => {
    expect(peer('127.0.0.1', {}, 'attacker.example')).toBe(false);
    for (const host of ['localhost', 'ideahub.localhost', '127.0.0.1', '[::1]', '0.0.0.0']) expect(peer('127.0.0.1', {}, host), host).toBe(true);
  });
});
