/**
 * Unsubscribe links (issue 17 point 2, RFC 8058): every notification email names, in its
 * List-Unsubscribe header and its text, `PUBLIC_URL/unsubscribe?token=…`, where the token says whose
 * emails of which kind, signed with a key derived from AUTH_SECRET (lib/signed-token.ts). One
 * POST to that address, without signing in, turns that kind of email off for that person; a GET
 * is the page that offers it. A token does not expire (a link in an old email keeps working) and
 * can do one thing only: turn one kind of email off. A changed AUTH_SECRET voids every link.
 *
 * RFC 8058 one-click needs an https link. With an http PUBLIC_URL (a machine of one's own, the
 * development outbox) the List-Unsubscribe header still names the http link, for clients that open
 * it, and List-Unsubscribe-Post is left out; the link in the text works the same.
 */
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '../../../shared/rules/notifications.ts';
import { signToken, verifyToken } from '../../lib/signed-token.ts';

export const UNSUBSCRIBE_PATH = '/unsubscribe';

const PURPOSE = 'ideahub-unsubscribe';

export function unsubscribeToken(key: Buffer, userId: string, kind: UnsubscribeKind): string {
  return signToken(key, PURPOSE, `${Buffer.from(userId, 'utf8').toString('base64url')}.${kind}`);
}

/** Whose emails of which kind a token names; null when it is not one of ours. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: string; kind: UnsubscribeKind } | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]+$/.test(parts[2]!)) return null;
  const [user, kind] = verifyToken(key, PURPOSE, token)?.split('.') ?? [];
  if (!user || !kind || !(UNSUBSCRIBE_KINDS as readonly string[]).includes(kind) || !/^[A-Za-z0-9_-]+$/.test(user)) return null;
  const userId = Buffer.from(user, 'base64url').toString('utf8');
  return userId ? { userId, kind: kind as UnsubscribeKind } : null;
}

export function unsubscribeUrl(publicUrl: string, key: Buffer, userId: string, kind: UnsubscribeKind): string {
  return `${publicUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(key, userId, kind)}`;
}

/** The List-Unsubscribe headers of a notification email (see the module comment for http). */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return url.startsWith('https://')
    ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : { 'List-Unsubscribe': `<${url}>` };
}
