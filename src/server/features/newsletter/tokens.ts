/**
 * The newsletter's links: a confirmation link (double opt-in) that works for 7 days, and an
 * unsubscribe link that always works. Both name a subscription by its id and are signed with a key
 * derived from AUTH_SECRET (lib/signed-token.ts), so nothing is stored for them and the address
 * itself never travels in a link. Each token does one thing only (its purpose is signed too).
 */
import { signToken, verifyToken } from '../../lib/signed-token.ts';

export const CONFIRM_LINK_DAYS = 7;
const CONFIRM_LINK_MS = CONFIRM_LINK_DAYS * 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const NEWSLETTER_CONFIRM_PATH = '/newsletter/confirm';
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

const PURPOSE = 'ideahub-newsletter';

const signed = (key: Buffer, body: string) => signToken(key, PURPOSE, body);

function verified(key: Buffer, token: string): string[] | null {
  return verifyToken(key, PURPOSE, token)?.split('.') ?? null;
}

export function confirmToken(key: Buffer, id: string, issuedAt: Date): string {
  return signed(key, `c.${id}.${Math.floor(issuedAt.getTime() / 1000)}`);
}

export function unsubscribeToken(key: Buffer, id: string): string {
  return signed(key, `u.${id}`);
}

/** The subscription a confirmation link names, while it is valid (7 days); null otherwise. */
export function readConfirmToken(key: Buffer, token: string, now: Date): { id: string; issuedAt: Date } | null {
  const parts = verified(key, token);
  if (!parts || parts.length !== 3 || parts[0] !== 'c' || !UUID.test(parts[1]!) || !/^\d{1,12}$/.test(parts[2]!)) return null;
  const issuedAt = new Date(Number(parts[2]) * 1000);
  const age = now.getTime() - issuedAt.getTime();
  if (age < -60_000 || age > CONFIRM_LINK_MS) return null;
  return { id: parts[1]!, issuedAt };
}

/** The subscription an unsubscribe link names; null when it is not one of ours. */
export function readUnsubscribeToken(key: Buffer, token: string): { id: string } | null {
  const parts = verified(key, token);
  if (!parts || parts.length !== 2 || parts[0] !== 'u' || !UUID.test(parts[1]!)) return null;
  return { id: parts[1]! };
}

export function newsletterLink(publicUrl: string, path: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}`;
}
