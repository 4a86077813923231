/**
 * Text-cleaning primitives shared by the idea-content and profile-name
 * validators (SPEC §5). One implementation, so every form and the server
 * clean text identically.
 *
 * Every cleaner here is a fixpoint: clean(clean(x)) === clean(x). That holds
 * because of the order of the steps:
 *   1. emoji removal takes out every emoji component in one pass, so nothing
 *      emoji-like is left for a second pass to find;
 *   2. punctuation-run removal runs after it, so a run that only appears once
 *      an emoji between dots is gone ('.😀..') is still caught, and removing a
 *      maximal run leaves non-punctuation on both sides (no new run forms);
 *   3. whitespace trimming/collapsing cannot create emoji or punctuation;
 *   4. case mapping comes last and is itself idempotent (see capitalizeFirst).
 * The property tests in text-cleaning.test.ts check this.
 */

/** A single code point that only ever occurs as (part of) an emoji. */
const EMOJI_CHAR = String.raw`[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\uFE0E\uFE0F\u20E3\u{E0001}\u{E0020}-\u{E007F}]`;
/** Keycap sequences ('1️⃣', '#️⃣'): the base digit/#/* is part of the emoji and goes too. */
const KEYCAP = String.raw`[0-9#*]\uFE0F?\u20E3`;
/** One emoji unit at a given position (sticky). Zero-width joiners are handled in removeEmoji. */
const EMOJI_UNIT_AT = new RegExp(`${KEYCAP}|${EMOJI_CHAR}`, 'uy');
const HAS_EMOJI_CHAR = new RegExp(EMOJI_CHAR, 'u');
const IS_EMOJI_CHAR = new RegExp(`^${EMOJI_CHAR}$`, 'u');
const ZWJ = '\u200D';

/** Runs of three or more characters drawn from '.', '!' and '?' (§5). */
const PUNCTUATION_RUN = /[.!?]{3,}/g;

/** JS `\s` (what String#trim uses) plus Unicode White_Space (adds U+0085). */
const WHITESPACE_RUN = /[\s\p{White_Space}]+/gu;
const LEADING_WHITESPACE = /^[\s\p{White_Space}]+/u;
const IS_WHITESPACE_UNIT = /^[\s\p{White_Space}]$/u;

/**
 * Removes emoji, including skin tones, flags, keycaps, tags and variation
 * selectors, plus any run of zero-width joiners touching an emoji. Joiners
 * elsewhere are kept: Persian and Indic spelling use them.
 *
 * A linear scan rather than one regex: a pattern like /\u200D*<emoji>/ would
 * rescan a long run of joiners from every position (quadratic time on a
 * hostile request body).
 */
export function removeEmoji(text: string): string {
  if (!HAS_EMOJI_CHAR.test(text)) return text;
  let out = '';
  let pendingJoiners = '';
  let afterEmoji = false;
  let i = 0;
  while (i < text.length) {
    EMOJI_UNIT_AT.lastIndex = i;
    const emoji = EMOJI_UNIT_AT.exec(text);
    if (emoji) {
      pendingJoiners = ''; // joiners right before an emoji go with it
      afterEmoji = true;
      i += emoji[0].length;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i) ?? 0);
    i += char.length;
    if (char === ZWJ) {
      if (!afterEmoji) pendingJoiners += char; // joiners right after an emoji go with it
      continue;
    }
    out += pendingJoiners + char;
    pendingJoiners = '';
    afterEmoji = false;
  }
  return out + pendingJoiners;
}

/** Removes runs of three or more of '.', '!', '?' ('...', '!!!', '?!?'); '..' stays. */
export function removePunctuationRuns(text: string): string {
  return text.replace(PUNCTUATION_RUN, '');
}

/** Emoji first, then punctuation runs (see the module comment for why). */
export function stripNoise(text: string): string {
  return removePunctuationRuns(removeEmoji(text));
}

/**
 * Trims every Unicode whitespace character, not only the ones String#trim
 * knows. The end is trimmed by a backwards scan: /\s+$/ is quadratic on a long
 * inner whitespace run.
 */
export function trimWhitespace(text: string): string {
  const start = text.replace(LEADING_WHITESPACE, '');
  let end = start.length;
  while (end > 0 && IS_WHITESPACE_UNIT.test(start.charAt(end - 1))) end--;
  return start.slice(0, end);
}

/** Collapses every whitespace run to one ASCII space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ').trim();
}

/**
 * First code point upper-cased, the rest lower-cased. Works on code points so a
 * non-BMP letter is never split. The first character is kept as is when
 * upper-casing would expand it ('ß' -> 'SS': a second pass would lower-case the
 * tail to 'Ss') or turn it into an emoji ('ⓜ' -> 'Ⓜ', which is one: a second
 * pass would remove it). Either way cleaning would stop being a fixpoint.
 * (Checked exhaustively: no other case mapping produces emoji, whitespace or
 * '.!?', so lower-casing the rest is safe.)
 */
export function capitalizeFirst(text: string): string {
  const firstCodePoint = text.codePointAt(0);
  if (firstCodePoint === undefined) return text;
  const first = String.fromCodePoint(firstCodePoint);
  const upper = first.toUpperCase();
  const head = codePointLength(upper) === 1 && !IS_EMOJI_CHAR.test(upper) ? upper : first;
  return head + text.slice(first.length).toLowerCase();
}

/** Capitalises each space-separated word (expects whitespace already collapsed). */
export function capitalizeWords(text: string): string {
  return text.split(' ').map(capitalizeFirst).join(' ');
}

/**
 * Title/description cleaning (§5): emoji and punctuation runs removed, trimmed,
 * capital first letter and the rest lower-cased. Internal whitespace is kept so
 * descriptions keep their line breaks.
 */
export function cleanSentence(text: string): string {
  return capitalizeFirst(trimWhitespace(stripNoise(text)));
}

/**
 * Person-name cleaning (§5 author name and profile save): emoji and punctuation
 * runs removed, whitespace collapsed to single spaces and trimmed, each word
 * capitalised.
 */
export function cleanPersonName(text: string): string {
  return capitalizeWords(collapseWhitespace(stripNoise(text)));
}

/** Length in code points, so 'é', 'ж' or '𝒜' each count as one character. */
export function codePointLength(text: string): number {
  return Array.from(text).length;
}

/** Only letters (any script, with combining marks) and ASCII spaces. */
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]*$/u;

export function isLettersAndSpaces(text: string): boolean {
  return LETTERS_AND_SPACES.test(text);
}
