/**
 * Whether a request comes from this machine, for what only the machine's owner may see (the
 * development outbox: every confirmation and reset link). Decided from the TCP peer, never from
 * what the client says: the peer is a loopback address, no proxy says it relayed someone else,
 * and the address the request was sent to is this machine's by name or a plain IP address.
 */
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
// Also matches IPv4-mapped forms (::ffff:127.0.0.1) of the range above.
loopback.addAddress('::1', 'ipv6');

/**
 * Headers a reverse proxy adds: a proxy on this machine connects from loopback while relaying
 * anyone, so a request carrying one is not local, whatever its socket says.
 */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/** 127.0.0.0/8, ::1 and ::ffff:127.x (brackets and zone ids allowed); false for anything else. */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const ip = address.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(ip);
  return family !== 0 && loopback.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** localhost, *.localhost and loopback addresses: names that only ever mean this machine. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
}

/** The TCP peer's address, or null when there is no socket (app.request in tests). */
export function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

export interface PeerFacts {
  socketAddress: string | null;
  headers: Headers;
  /** The host name the request was sent to (its URL, from the Host header). */
  hostname: string;
}

export function isLocalPeer({ socketAddress, headers, hostname }: PeerFacts): boolean {
  if (!isLoopbackAddress(socketAddress)) return false;
  if (FORWARDING_HEADERS.some((name) => headers.has(name))) return false;
  // A domain name other than localhost may be rebound to 127.0.0.1 by a website the owner visits
  // (DNS rebinding): its page would then read our answers. An IP address cannot be.
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  return isLoopbackHostname(host) || isIP(host) !== 0;
}

export function isLocalRequest(c: Context): boolean {
  return isLocalPeer({ socketAddress: socketAddress(c), headers: c.req.raw.headers, hostname: new URL(c.req.url).hostname });
}
