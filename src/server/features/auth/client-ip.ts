/**
 * The client address, for rate limits and session records. It comes from the socket; a
 * X-Forwarded-For header is believed only when the socket peer is one of TRUSTED_PROXIES
 * (addresses or CIDR ranges), and then only as far as the chain is made of trusted hops:
 * the right-most untrusted entry is the client. Anything else a client sends is ignored.
 */
import { BlockList, isIP } from 'node:net';
import { ConfigError } from '../../config.ts';

/** The header we set (overwriting any client-sent value) for better-auth to read the address from. */
export const CLIENT_IP_HEADER = 'x-ideahub-client-ip';

/** '::ffff:203.0.113.5' → '203.0.113.5'; brackets and zone ids removed; null when not an IP. */
export function normalizeIp(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let ip = raw.trim();
  if (ip.startsWith('[') && ip.includes(']')) ip = ip.slice(1, ip.indexOf(']'));
  const zone = ip.indexOf('%');
  if (zone > 0) ip = ip.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) ip = mapped[1];
  return isIP(ip) ? ip.toLowerCase() : null;
}

/** A ConfigError, so the process stops at start-up with one line naming TRUSTED_PROXIES. */
export class InvalidTrustedProxyError extends ConfigError {}

/** Builds the matcher for TRUSTED_PROXIES; throws InvalidTrustedProxyError naming a bad entry. */
export function trustedProxyMatcher(entries: readonly string[]): (ip: string) => boolean {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    const [addr, prefixText, extra] = entry.split('/');
    const ip = normalizeIp(addr);
    const family = ip ? isIP(ip) : 0;
    if (!ip || extra !== undefined) throw new InvalidTrustedProxyError(`Invalid TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) {
      list.addAddress(ip, type);
      continue;
    }
    const prefix = Number(prefixText);
    if (!/^\d+$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) {
      throw new InvalidTrustedProxyError(`Invalid TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
    }
    list.addSubnet(ip, prefix, type);
  }
  return (ip: string) => list.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Resolves the client address of one request.
 * - Untrusted peer: the peer's address, whatever the headers say.
 * - Trusted peer: walk X-Forwarded-For right to left, skipping trusted hops; the first untrusted
 *   entry is the client. A malformed entry stops the walk at the hop that reported it. If every
 *   hop is trusted, the left-most entry is the client.
 */
export function resolveClientIp(input: {
  socketAddress: string | null | undefined;
  forwardedFor: string | null | undefined;
  isTrustedProxy: (ip: string) => boolean;
}): string | null {
  const peer = normalizeIp(input.socketAddress);
  if (!peer || !input.isTrustedProxy(peer)) return peer;
  const chain = (input.forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  let reporter = peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = normalizeIp(chain[i]);
    if (!hop) return reporter;
    if (!input.isTrustedProxy(hop)) return hop;
    reporter = hop;
  }
  return reporter;
}
