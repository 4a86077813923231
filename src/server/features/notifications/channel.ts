/**
 * The PostgreSQL channel of notification notices (sent by notify.ts on commit, listened to by
 * every instance in live.ts). Payload: { "u": recipient id, "n": their unread count now }.
 */
export const NOTIFICATIONS_CHANNEL = 'ideahub_notifications';

export interface UnreadNotice {
  u: string;
  n: number;
}

export function parseUnreadNotice(payload: string): UnreadNotice | null {
  try {
    const notice = JSON.parse(payload) as Partial<UnreadNotice>;
    if (typeof notice.u === 'string' && typeof notice.n === 'number' && Number.isSafeInteger(notice.n) && notice.n >= 0) return notice as UnreadNotice;
  } catch {
    /* not ours */
  }
  return null;
}
