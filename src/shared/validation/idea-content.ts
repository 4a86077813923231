/**
 * The shared idea-content validator (SPEC §5 'Idea content'). Runs unchanged
 * in the browser (live form validation) and on the server (authoritative
 * check), so it is pure and never throws, whatever the input.
 */
import {
  DEFAULT_CURRENCY,
  DESCRIPTION_MIN_LENGTH,
  PRICE_MAX,
  PRICE_MIN,
  RATING_MAX,
  RATING_MIN,
  TITLE_MIN_LENGTH,
  isCurrency,
} from '../constants';
import type { Currency } from '../constants';
import { cleanPersonName, cleanSentence, codePointLength, isLettersAndSpaces } from './text-cleaning';

/** The messages of §5, verbatim. Keys let the UI and tests refer to them without retyping. */
export const IDEA_CONTENT_MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooShort: 'Title must be at least 5 characters long.',
  titleInvalid: 'Title contains invalid characters or excessive repetition.',
  titleNotMeaningful: 'Title must contain meaningful words.',
  descriptionRequired: 'Description is required.',
  descriptionTooShort: 'Description must be at least 15 characters long.',
  descriptionInvalid: 'Description contains invalid characters or excessive repetition.',
  descriptionNotMeaningful: 'Description must contain meaningful words.',
  priceInvalid: 'Price must be a valid number greater than or equal to 0.',
  currencyInvalid: 'Currency must be one of NGN, USD, or EUR.',
  ratingInvalid: 'Rating must be a number between 0.0 and 5.0.',
  authorNameInvalid: 'Author name must contain only letters and spaces.',
} as const;

export type IdeaContentMessage = (typeof IDEA_CONTENT_MESSAGES)[keyof typeof IDEA_CONTENT_MESSAGES];
export type IdeaContentField = 'title' | 'description' | 'price' | 'currency' | 'rating' | 'authorName';

/** Raw values as they come from a form or a JSON body. */
export interface IdeaContentInput {
  title?: unknown;
  description?: unknown;
  price?: unknown;
  currency?: unknown;
  rating?: unknown;
  authorName?: unknown;
}

/**
 * The cleaned item. For a field that failed validation the value is a safe
 * default (price 0, currency NGN, rating null, author name undefined); only
 * persist `cleaned` when `valid` is true.
 */
export interface IdeaContentCleaned {
  title: string;
  description: string;
  price: number;
  currency: Currency;
  rating: number | null;
  /** undefined when no author name was given (shown as 'Anonymous' elsewhere). */
  authorName: string | undefined;
}

export interface IdeaContentResult {
  valid: boolean;
  cleaned: IdeaContentCleaned;
  errors: IdeaContentMessage[];
}

/**
 * Punctuation allowed in titles and descriptions besides letters (\p{L}),
 * combining marks (\p{M}), digits (\p{N}) and whitespace. Common sentence
 * punctuation, brackets, currency signs, and typographic quotes/dashes so text
 * pasted from a word processor passes. Deliberately absent: < > { } | ^ ~ `
 * and backslash (markup/code noise), control characters, and symbols in general.
 * ZWNJ/ZWJ (U+200C/U+200D) are allowed because Persian and Indic spelling use them.
 */
export const ALLOWED_PUNCTUATION =
  '.,!?;:\'"-–—‐‑‒()[]/&@#%+*=_$€₦£¥¢’‘“”‚„‛‟«»‹›′″…¿¡·•°\u200C\u200D';

const ALLOWED_PUNCTUATION_SET = new Set(ALLOWED_PUNCTUATION);
const LETTER_MARK_DIGIT_SPACE = /^[\p{L}\p{M}\p{N}\p{White_Space}]$/u;
const WHITESPACE = /^[\s\p{White_Space}]$/u;
const LETTER = /\p{L}/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const WORD_SEPARATOR = /[\s\p{White_Space}]+/u;
/** The same character 6 or more times in a row (5 is fine). */
const EXCESSIVE_REPEAT = /(.)\1{5,}/su;
/**
 * Scripts written without spaces between words. A run of them counts as one
 * word per two characters, so Chinese/Japanese/Thai text can satisfy the
 * 'two words' rule that assumes space-separated words.
 */
const UNSPACED_SCRIPT = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]$/u;

/** Title/description cleaning of §5 (emoji, '...'-runs, trim, sentence case). */
export function cleanText(text: string): string {
  return cleanSentence(text);
}

/** Author-name cleaning of §5 (emoji, '...'-runs, trim, collapse spaces, each word capitalised). */
export function cleanAuthorName(text: string): string {
  return cleanPersonName(text);
}

function hasInvalidCharacter(text: string): boolean {
  for (const char of text) {
    if (!LETTER_MARK_DIGIT_SPACE.test(char) && !ALLOWED_PUNCTUATION_SET.has(char)) return true;
  }
  return false;
}

/**
 * True when the non-whitespace characters are one character repeated (at least
 * twice), compared case-insensitively so the capitalised 'Aaaaa' still counts.
 */
function isOneRepeatedCharacter(lowered: string): boolean {
  let first: string | undefined;
  let count = 0;
  for (const char of lowered) {
    if (WHITESPACE.test(char)) continue;
    if (first === undefined) first = char;
    else if (char !== first) return false;
    count++;
  }
  return count >= 2;
}

/**
 * Words longer than one character: a whitespace-separated token with at least
 * two letters/digits counts once (punctuation like '--' or 'a.' does not make a
 * word); characters of unspaced scripts add one word per two characters.
 */
function countMeaningfulWords(text: string): number {
  let words = 0;
  for (const token of text.split(WORD_SEPARATOR)) {
    let spaced = 0;
    let unspaced = 0;
    for (const char of token) {
      if (UNSPACED_SCRIPT.test(char)) unspaced++;
      else if (LETTER_OR_DIGIT.test(char)) spaced++;
    }
    if (spaced >= 2) words++;
    words += Math.floor(unspaced / 2);
  }
  return words;
}

interface TextFieldMessages {
  required: IdeaContentMessage;
  tooShort: IdeaContentMessage;
  invalid: IdeaContentMessage;
  notMeaningful: IdeaContentMessage;
}

/**
 * Checks one cleaned text field. 'Required' short-circuits (the other messages
 * would only repeat it); otherwise the three remaining rules are independent and
 * each can add its message, so 'aaaaa' is both invalid and not meaningful.
 * Each message appears at most once.
 */
function checkTextField(
  cleaned: string,
  minLength: number,
  messages: TextFieldMessages,
): IdeaContentMessage[] {
  if (cleaned === '') return [messages.required];
  const errors: IdeaContentMessage[] = [];
  // Case-insensitive repetition checks: cleaning capitalised the first letter.
  const lowered = cleaned.toLowerCase();
  const oneRepeated = isOneRepeatedCharacter(lowered);
  if (codePointLength(cleaned) < minLength) errors.push(messages.tooShort);
  if (EXCESSIVE_REPEAT.test(lowered) || hasInvalidCharacter(cleaned) || oneRepeated) {
    errors.push(messages.invalid);
  }
  if (countMeaningfulWords(cleaned) < 2 || !LETTER.test(cleaned) || oneRepeated) {
    errors.push(messages.notMeaningful);
  }
  return errors;
}

/**
 * Decimal literal as typed in a number input: digits with an optional fraction
 * and exponent ('12', '12.5', '.5', '1e3', '-0'). Rejects '12abc', '0x10',
 * '1,000', 'Infinity', which Number() or parseFloat() would partly accept.
 */
// Written without ambiguous repetitions so a long digit string cannot backtrack quadratically.
const DECIMAL_LITERAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Missing (undefined/null/blank string) -> 'missing'; unparseable -> null. */
function parseNumeric(value: unknown): number | 'missing' | null {
  if (value === undefined || value === null) return 'missing';
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '') return 'missing';
  if (!DECIMAL_LITERAL.test(trimmed)) return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Rounds a non-negative number to `digits` decimals, half away from zero, on
 * its shortest decimal representation, so 1.005 -> 1.01 (binary arithmetic
 * would give 1.00 because 1.005 is stored as 1.00499...).
 */
export function roundDecimal(value: number, digits: number): number {
  if (value < 0) return -roundDecimal(-value, digits);
  const text = String(value);
  // Exponent form only occurs here for tiny values (< 1e-6) or huge ones (>= 1e21).
  if (text.includes('e')) return value < 1 ? 0 : value;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= digits) return value === 0 ? 0 : value; // also turns -0 into 0
  const scaled = Number(whole + fraction.slice(0, digits));
  const roundUp = (fraction.charCodeAt(digits) - 48) >= 5 ? 1 : 0;
  return (scaled + roundUp) / 10 ** digits;
}

function checkPrice(value: unknown): { price: number; ok: boolean } {
  const parsed = parseNumeric(value);
  // §5 form hints: a missing price is saved as 0.
  if (parsed === 'missing') return { price: 0, ok: true };
  if (parsed === null || parsed < PRICE_MIN || parsed > PRICE_MAX) return { price: 0, ok: false };
  return { price: roundDecimal(parsed, 2), ok: true };
}

function checkRating(value: unknown): { rating: number | null; ok: boolean } {
  const parsed = parseNumeric(value);
  // Rating is optional: missing means 'not rated'.
  if (parsed === 'missing') return { rating: null, ok: true };
  if (parsed === null || parsed < RATING_MIN || parsed > RATING_MAX) return { rating: null, ok: false };
  return { rating: roundDecimal(parsed, 1), ok: true };
}

function checkCurrency(value: unknown): { currency: Currency; ok: boolean } {
  if (value === undefined || value === null || value === '') return { currency: DEFAULT_CURRENCY, ok: true };
  // Exact, case-sensitive: the form's select only ever sends the codes themselves.
  if (isCurrency(value)) return { currency: value, ok: true };
  return { currency: DEFAULT_CURRENCY, ok: false };
}

function checkAuthorName(value: unknown): { authorName: string | undefined; ok: boolean } {
  if (value === undefined || value === null) return { authorName: undefined, ok: true };
  if (typeof value !== 'string') return { authorName: undefined, ok: false };
  const cleaned = cleanPersonName(value);
  // An empty name is allowed: it is displayed as 'Anonymous'.
  return { authorName: cleaned, ok: isLettersAndSpaces(cleaned) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Cleans and validates idea content (§5). Errors come in the order of the §5
 * message list. Non-string title/description count as empty. Never throws: a
 * non-object input is treated as an empty form.
 */
export function validateIdeaContent(input: IdeaContentInput): IdeaContentResult {
  const source: IdeaContentInput = isRecord(input) ? input : {};
  const title = typeof source.title === 'string' ? cleanSentence(source.title) : '';
  const description = typeof source.description === 'string' ? cleanSentence(source.description) : '';
  const price = checkPrice(source.price);
  const currency = checkCurrency(source.currency);
  const rating = checkRating(source.rating);
  const authorName = checkAuthorName(source.authorName);

  const M = IDEA_CONTENT_MESSAGES;
  const errors: IdeaContentMessage[] = [
    ...checkTextField(title, TITLE_MIN_LENGTH, {
      required: M.titleRequired,
      tooShort: M.titleTooShort,
      invalid: M.titleInvalid,
      notMeaningful: M.titleNotMeaningful,
    }),
    ...checkTextField(description, DESCRIPTION_MIN_LENGTH, {
      required: M.descriptionRequired,
      tooShort: M.descriptionTooShort,
      invalid: M.descriptionInvalid,
      notMeaningful: M.descriptionNotMeaningful,
    }),
  ];
  if (!price.ok) errors.push(M.priceInvalid);
  if (!currency.ok) errors.push(M.currencyInvalid);
  if (!rating.ok) errors.push(M.ratingInvalid);
  if (!authorName.ok) errors.push(M.authorNameInvalid);

  return {
    valid: errors.length === 0,
    cleaned: {
      title,
      description,
      price: price.price,
      currency: currency.currency,
      rating: rating.rating,
      authorName: authorName.authorName,
    },
    errors,
  };
}

/**
 * Maps a message to its form field by keyword, as the forms do (§5). 'Author
 * name' is checked first since the spec routes anything mentioning it to the
 * profile-name prompt. Returns null for a message of no known field.
 */
export function fieldForIdeaMessage(message: string): IdeaContentField | null {
  const text = message.toLowerCase();
  if (text.includes('author name')) return 'authorName';
  if (text.includes('title')) return 'title';
  if (text.includes('description')) return 'description';
  if (text.includes('price')) return 'price';
  if (text.includes('currency')) return 'currency';
  if (text.includes('rating')) return 'rating';
  return null;
}
