/**
 * What a page from the server carries for the browser, in one JSON data block (a
 * `<script type="application/json">`: never run, so the CSP's ban on inline scripts holds): the
 * site's public address, the page's assets, whether #root holds the server's render, and the
 * query cache the server rendered from (TanStack Query's `dehydrate`). The browser hydrates the
 * same cache and renders the same document (app/document.tsx), so hydration meets exactly what the
 * server drew and nothing is asked twice.
 */
import { PAGE_STATE_ELEMENT_ID } from '@shared/constants';
import type { DehydratedState } from '@tanstack/react-query';

export interface PageAssets {
  /** Stylesheets, in order. */
  styles: string[];
  /** The app's entry module. */
  entry: string;
  /** Modules the entry and the page's own chunk import, fetched alongside the entry. */
  modules: string[];
}

export interface PageState {
  /** PUBLIC_URL: canonical and Open Graph addresses are absolute. */
  publicUrl: string;
  /** True when #root holds the server's render of the app (hydrated), false when the browser renders it. */
  rendered: boolean;
  assets: PageAssets;
  queries: DehydratedState;
}

/** The state as the text of its data block: JSON that cannot end the element or open a comment. */
export function pageStateText(state: PageState): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The page's state and its text as the server wrote it; null on a page without one (the dev server's index.html). */
export function readPageState(doc: Document): { state: PageState; text: string } | null {
  const text = doc.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return { state: JSON.parse(text) as PageState, text };
  } catch {
    return null;
  }
}
