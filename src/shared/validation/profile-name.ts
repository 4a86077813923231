/**
 * Profile full-name cleaning and validation (SPEC §5 'Profile save'). Uses the
 * same cleaner as the idea author name, so a name accepted here is accepted
 * there too.
 */
import { PROFILE_NAME_MIN_LENGTH } from '../constants';
import { cleanPersonName, codePointLength, isLettersAndSpaces } from './text-cleaning';

export const PROFILE_NAME_MESSAGES = {
  lettersOnly: 'Full name must contain only letters and spaces.',
  tooShort: 'Full name must be at least 2 characters long.',
} as const;

export type ProfileNameMessage = (typeof PROFILE_NAME_MESSAGES)[keyof typeof PROFILE_NAME_MESSAGES];

export interface ProfileNameResult {
  valid: boolean;
  /** The cleaned name; '' when the input was not a string. */
  cleaned: string;
  errors: ProfileNameMessage[];
  /** errors joined with a single space, as the profile page shows them (§5). */
  message: string;
}

/** Emoji and '...'-runs removed, whitespace collapsed and trimmed, each word capitalised. */
export function cleanProfileName(name: string): string {
  return cleanPersonName(name);
}

/**
 * Validates a raw full name. Never throws. null/undefined count as an empty
 * name (too short); any other non-string (number, object) is also not made of
 * letters, so it gets both messages.
 */
export function validateProfileName(raw: unknown): ProfileNameResult {
  const isText = typeof raw === 'string';
  const cleaned = isText ? cleanPersonName(raw) : '';
  const errors: ProfileNameMessage[] = [];
  const notLetters = isText ? !isLettersAndSpaces(cleaned) : raw !== undefined && raw !== null;
  if (notLetters) errors.push(PROFILE_NAME_MESSAGES.lettersOnly);
  if (codePointLength(cleaned) < PROFILE_NAME_MIN_LENGTH) errors.push(PROFILE_NAME_MESSAGES.tooShort);
  return { valid: errors.length === 0, cleaned, errors, message: errors.join(' ') };
}
