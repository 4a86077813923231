/**
 * The details page's head (SPEC §2 Idea details): title '{title} | Idea Details', and a meta
 * description of the title plus the first 150 characters of the description. The server writes
 * these for link previews (with what a visitor may see: at most the first 100 characters, §4
 * Premium); the page sets the same from what its viewer received.
 */
import { META_DESCRIPTION_LENGTH } from '../constants.ts';

export function ideaPageTitle(title: string): string {
  return `${title} | Idea Details`;
}

/** Title plus the first 150 characters (code points) of `description`, whitespace collapsed. */
export function ideaMetaDescription(title: string, description: string): string {
  const firstChars = [...description].slice(0, META_DESCRIPTION_LENGTH).join('');
  return `${title} ${firstChars}`.replace(/\s+/g, ' ').trim();
}
