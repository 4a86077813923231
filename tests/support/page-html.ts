/** Reading a page from the server as a browser would with scripts off (jsdom), for the page tests. */
import { JSDOM } from 'jsdom';
import { PAGE_STATE_ELEMENT_ID } from '../../src/shared/constants.ts';

export const parsePage = (html: string): Document => new JSDOM(html).window.document;

interface DehydratedQuery {
  queryKey: unknown[];
  state: { status: string; data?: unknown; error?: unknown };
}

export interface PageStateSeen {
  publicUrl: string;
  rendered: boolean;
  assets: { styles: string[]; entry: string; modules: string[]; image: string | null };
  queries: { queries: DehydratedQuery[] };
}

/** The page's state (app/page-state.ts), as the browser reads it. */
export function pageState(doc: Document): PageStateSeen {
  const text = doc.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (!text) throw new Error('the page has no state');
  return JSON.parse(text) as PageStateSeen;
}

/** The cached answer under the query key that starts with `prefix`, or undefined. */
export function cached(doc: Document, ...prefix: unknown[]): DehydratedQuery['state'] | undefined {
  const match = pageState(doc).queries.queries.find((q) => prefix.every((part, i) => JSON.stringify(q.queryKey[i]) === JSON.stringify(part)));
  return match?.state;
}

/** The content of every head meta with that name or property, in order. */
export const metas = (doc: Document, key: string): string[] =>
  [...doc.head.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`)].map((m) => m.getAttribute('content') ?? '');

/**
 * What a signed-in person's header shows of them (issue 15 point 9): the account menu's button,
 * named by its text ('Account menu') and showing their initials, beside 'Share' (/create-idea).
 * Their initials, or null when the header has no account menu (a visitor's: Sign In and Join).
 */
export function accountMenuInitials(root: ParentNode): string | null {
  const header = root.querySelector('header');
  if (!header?.querySelector('a[href="/create-idea"]')) return null;
  const button = [...header.querySelectorAll('button')].find((b) => b.querySelector('.sr-only')?.textContent === 'Account menu');
  return button?.querySelector('[aria-hidden="true"]')?.textContent ?? null;
}
