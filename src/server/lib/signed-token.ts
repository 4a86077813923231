/**
 * Tokens in links (unsubscribe, newsletter confirmation): `body.signature`, where the signature is
 * HMAC-SHA-256 of `purpose|body` under a key derived from AUTH_SECRET, cut to 128 bits and
 * base64url-encoded. Nothing is stored for them; the purpose is signed too, so a token made for
 * one thing is refused by every other. What the body says is its caller's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Longer tokens are refused before any work. */
const MAX_TOKEN_LENGTH = 400;

function signature(key: Buffer, purpose: string, body: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}|${body}`).digest().subarray(0, 16);
}

export function signToken(key: Buffer, purpose: string, body: string): string {
  return `${body}.${signature(key, purpose, body).toString('base64url')}`;
}

/** The body of a token signed for `purpose` with `key`; null for anything else. */
export function verifyToken(key: Buffer, purpose: string, token: string): string | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const at = token.lastIndexOf('.');
  if (at <= 0) return null;
  const body = token.slice(0, at);
  const given = Buffer.from(token.slice(at + 1), 'base64url');
  const expected = signature(key, purpose, body);
  return given.length === expected.length && timingSafeEqual(given, expected) ? body : null;
}
