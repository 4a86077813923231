/**
 * A notification leads to one message (`#message-42`, issue 27 point 5). The message arrives after
 * the page (the list loads on its own), so the list brings it into view once it is there, marked.
 */
const MESSAGE_HASH = /^#message-\d+$/;

/** The message the address names, once it is in the page; null when none is named or it is not loaded. */
export function messageNamedByAddress(): HTMLElement | null {
  if (typeof window === 'undefined' || !MESSAGE_HASH.test(window.location.hash)) return null;
  return document.getElementById(window.location.hash.slice(1));
}

/** Scrolls the named message into the middle of its list (and the list into the page) and marks it. */
export function showNamedMessage(target: HTMLElement): void {
  target.scrollIntoView({ block: 'center' });
  target.setAttribute('data-named', 'true');
}
