/**
 * Whether a new password is too easy to guess: zxcvbn-ts with its common dictionary (common and
 * breached passwords, keyboard patterns, dates, repeats, sequences), plus the person's own name and
 * address and the site's name as words an attacker would try first. Used for every password a
 * request sets (sign-up, reset, change); the admin's minimum length is checked before it.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * zxcvbn's score runs 0-4; below 3 means fewer than about 10^8 guesses (common passwords and
 * their variants such as 'password123' or 'Summer2024!'). Three or four unrelated words pass easily.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Only the first characters are weighed: the estimate's cost grows fast with length (a long run of
 * one digit took seconds), and a password whose first 64 characters are guessable is weak anyway.
 */
const WEIGHED_LENGTH = 64;

/** Words of this site that make a password easier to guess here. */
const SITE_WORDS = ['ideahub', 'idea', 'hub'];

let checker: Promise<ZxcvbnFactory> | null = null;

/** The checker, loaded on first use: its dictionaries are large and most requests set no password. */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    return new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs, maxLength: WEIGHED_LENGTH });
  })();
  checker.catch(() => {
    checker = null;
  });
  return checker;
}

/** The parts of a name and an email address that someone guessing this person's password would try. */
export function personalWords(input: { name?: string | null; email?: string | null }): string[] {
  const words = new Set<string>();
  for (const part of (input.name ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  const email = (input.email ?? '').toLowerCase().trim();
  if (email) {
    words.add(email);
    const local = email.split('@')[0] ?? '';
    words.add(local);
    for (const part of local.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  words.delete('');
  return [...words];
}

/** True when `password` is too easy to guess for someone who knows `words` (name, address). */
export async function isTooGuessable(password: string, words: string[] = []): Promise<boolean> {
  const zxcvbn = await loadChecker();
  return zxcvbn.check(password, [...SITE_WORDS, ...words]).score < MIN_PASSWORD_SCORE;
}
