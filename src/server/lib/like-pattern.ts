/** LIKE patterns from what a person typed: '%', '_' and '\' are letters, not wildcards. */

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** A search for '50%' or 'a_b' means exactly that text, anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
