/**
 * An item's 'Website' (issue 27): optional; when given, a public https address by the same rule as
 * pasted images (`./outside-address.ts`: no http:, no addresses into a reader's own network). The
 * create form, the edit dialog and the server all judge it here.
 */
import { publicHttpsUrl } from './outside-address.ts';

export const WEBSITE_MAX_LENGTH = 2048;
export const WEBSITE_MESSAGE = 'Website must be a public https:// address.';

export type WebsiteCheck = { ok: true; url: string | null } | { ok: false; message: string };

/** The address as it is saved (normalised), null for none, or why it cannot be. */
export function checkWebsite(raw: string | null | undefined): WebsiteCheck {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: true, url: null };
  const url = publicHttpsUrl(text);
  if (!url || url.href.length > WEBSITE_MAX_LENGTH) return { ok: false, message: WEBSITE_MESSAGE };
  return { ok: true, url: url.href };
}

/** Whether a stored address may still be shown (items keep what passed the rule when saved). */
export function shownWebsite(stored: string | null): string | null {
  if (!stored) return null;
  const check = checkWebsite(stored);
  return check.ok ? check.url : null;
}

/** The address as a reader sees it in a link's text: host and path, without the scheme. */
export function websiteLabel(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname === '/' ? '' : parsed.pathname;
  return `${parsed.host}${path}`.replace(/^www\./, '');
}
