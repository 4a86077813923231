import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  capitalizeFirst,
  capitalizeWords,
  cleanPersonName,
  cleanSentence,
  codePointLength,
  collapseWhitespace,
  isLettersAndSpaces,
  removeEmoji,
  removePunctuationRuns,
  stripNoise,
  trimWhitespace,
} from './text-cleaning';

/** Emoji as they occur in the wild: plain, skin tones, ZWJ families, flags, keycaps, tag flags. */
const EMOJI_SAMPLES = [
  '😀',
  '🎉',
  '👍🏽',
  '👩🏿‍💻',
  '👨‍👩‍👧‍👦',
  '🧑‍🤝‍🧑',
  '🏳️‍🌈',
  '🏳️‍⚧️',
  '🇳🇬',
  '🇺🇸',
  '1️⃣',
  '#️⃣',
  '*️⃣',
  '❤️',
  '❤',
  '☺︎',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  '🦰',
  '©️',
  '‼️',
  '⁉️',
  '🫶🏻',
  '\uFE0F',
  '\u{1F3FB}',
  '\u20E3',
  '\u{1F1E6}',
];

/** Characters that stress the cleaning order: punctuation, case edge cases, odd whitespace. */
const TRICKY_CHARS = [
  '.', '!', '?', '..', ' ', '  ', '\n', '\t', '\u0085', '\u00A0', '\u3000', '\uFEFF',
  'a', 'B', 'ß', 'ŉ', 'İ', 'ı', 'Σ', 'σ', 'ς', 'ǅ', 'ﬀ', 'é', 'e\u0301', 'Ọ', 'ж', '𐐨', '𝒜',
  '1', '#', '*', 'ⓜ', '\u200C', '\u200D', '\uD800', '\u0000',
];

const emojiArb = fc.constantFrom(...EMOJI_SAMPLES);
const trickyArb = fc
  .array(fc.oneof(emojiArb, fc.constantFrom(...TRICKY_CHARS), fc.string({ unit: 'grapheme-ascii', maxLength: 4 })), {
    maxLength: 30,
  })
  .map((parts) => parts.join(''));

/** Anything left behind by an emoji: pictographs, modifiers, flags, selectors, keycaps, tags, joiners. */
// eslint-disable-next-line no-misleading-character-class -- each remnant code point is listed on purpose
const EMOJI_REMNANT = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\uFE0E\uFE0F\u20E3\u200D\u{E0001}\u{E0020}-\u{E007F}]/u;

describe('removeEmoji', () => {
  it.each(EMOJI_SAMPLES)('removes %j completely', (emoji) => {
    expect(removeEmoji(`a${emoji}b`)).toBe('ab');
  });

  it('removes keycap sequences including their base digit, but keeps plain digits', () => {
    expect(removeEmoji('Top 1️⃣ pick 2')).toBe('Top  pick 2');
    expect(removeEmoji('#1 idea')).toBe('#1 idea');
  });

  it('removes joiners glued to an emoji', () => {
    expect(removeEmoji('a\u200D😀\u200D\u200Db')).toBe('ab');
  });

  it('keeps zero-width joiners that are not next to an emoji (Indic/Persian spelling)', () => {
    expect(removeEmoji('क्\u200Dष')).toBe('क्\u200Dष');
    expect(removeEmoji('می\u200Cخواهم')).toBe('می\u200Cخواهم');
  });

  it('leaves ordinary text of any script alone', () => {
    for (const text of ['Ọjà tuntun fún gbogbo', 'Новая идея для всех', '新しいアイデア', 'नया विचार', '£5 & €6']) {
      expect(removeEmoji(text)).toBe(text);
    }
  });
});

describe('removePunctuationRuns', () => {
  it.each([
    ['Wait...', 'Wait'],
    ['Wow!!!', 'Wow'],
    ['What???', 'What'],
    ['Really?!? yes', 'Really yes'],
    ['a.!?.!b', 'ab'],
    ['Long.......pause', 'Longpause'],
  ])('removes the run in %j', (input, expected) => {
    expect(removePunctuationRuns(input)).toBe(expected);
  });

  it('keeps runs of one or two', () => {
    expect(removePunctuationRuns('Wait.. what?! ok.')).toBe('Wait.. what?! ok.');
  });

  it('does not treat the ellipsis character as a run', () => {
    expect(removePunctuationRuns('Wait… what')).toBe('Wait… what');
  });
});

describe('stripNoise', () => {
  it('removes a run that only forms once an emoji between dots is gone', () => {
    expect(stripNoise('a.😀..b')).toBe('ab');
    expect(stripNoise('a!🎉!🎉!b')).toBe('ab');
  });
});

describe('whitespace helpers', () => {
  it('trims Unicode whitespace that String#trim misses', () => {
    expect(trimWhitespace('\u0085 hi \u00A0\u3000')).toBe('hi');
  });

  it('collapses every whitespace run to one space', () => {
    expect(collapseWhitespace('  ada \n\t lovelace\u00A0 ')).toBe('ada lovelace');
  });
});

describe('capitalisation', () => {
  it('gives a capital first letter and lower-cases the rest', () => {
    expect(capitalizeFirst('hELLO wORLD')).toBe('Hello world');
    expect(capitalizeFirst('ọjà TUNTUN')).toBe('Ọjà tuntun');
    expect(capitalizeFirst('')).toBe('');
  });

  it('treats a non-BMP first letter as one character', () => {
    expect(capitalizeFirst('𐐨𐐀')).toBe('𐐀𐐨');
  });

  it('keeps a first letter whose upper case would expand (ß -> SS)', () => {
    expect(capitalizeFirst('ßTRASSE')).toBe('ßtrasse');
  });

  it('keeps a first letter whose upper case is an emoji (ⓜ -> Ⓜ)', () => {
    expect(capitalizeFirst('ⓜAP')).toBe('ⓜap');
  });

  it('capitalises each word', () => {
    expect(capitalizeWords('jOHN mc dONALD')).toBe('John Mc Donald');
  });
});

describe('cleanSentence / cleanPersonName', () => {
  it('cleans a title', () => {
    expect(cleanSentence('  🚀 hELLO wORLD... ')).toBe('Hello world');
  });

  it('keeps internal line breaks of a description', () => {
    expect(cleanSentence('first line\nSECOND line')).toBe('First line\nsecond line');
  });

  it('cleans a person name', () => {
    expect(cleanPersonName('  jOHN 😀  \n doE!!! ')).toBe('John Doe');
  });

  it('is a fixpoint for every single code point, alone and in context', () => {
    // Exhaustive over the whole code space: catches case-mapping surprises that
    // random sampling would rarely hit.
    const failures: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const c = String.fromCodePoint(cp);
      const sample = `${c}Σ${c} ${c}`;
      const sentence = cleanSentence(sample);
      const name = cleanPersonName(sample);
      if (cleanSentence(sentence) !== sentence || cleanPersonName(name) !== name) {
        failures.push(cp.toString(16));
      }
    }
    expect(failures).toEqual([]);
  }, 60_000); // ~3 s locally; generous for slow CI
});

describe('cleaning properties', () => {
  const cleaners = { cleanSentence, cleanPersonName };

  for (const [name, clean] of Object.entries(cleaners)) {
    it(`${name} is idempotent on arbitrary code points`, () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => clean(clean(s)) === clean(s)),
        { numRuns: 1000 },
      );
    });

    it(`${name} is idempotent on arbitrary graphemes`, () => {
      fc.assert(
        fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => clean(clean(s)) === clean(s)),
        { numRuns: 1000 },
      );
    });

    it(`${name} is idempotent on emoji/punctuation/case-edge mixes`, () => {
      fc.assert(fc.property(trickyArb, (s) => clean(clean(s)) === clean(s)), { numRuns: 3000 });
    });

    it(`${name} leaves no emoji remnant when emoji are mixed into text`, () => {
      const textArb = fc.string({ unit: fc.constantFrom('a', 'Z', 'ж', 'ọ', ' ', '.', '!', '?', '1', '#', '*'), maxLength: 6 });
      const mixArb = fc.array(fc.oneof(textArb, emojiArb), { maxLength: 20 }).map((parts) => parts.join(''));
      fc.assert(fc.property(mixArb, (s) => !EMOJI_REMNANT.test(clean(s))), { numRuns: 3000 });
    });

    it(`${name} never leaves surrounding whitespace or '...'-runs`, () => {
      fc.assert(
        fc.property(trickyArb, (s) => {
          const out = clean(s);
          return out === trimWhitespace(out) && !/[.!?]{3}/.test(out);
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('cleanPersonName output has single spaces only', () => {
    fc.assert(
      fc.property(trickyArb, (s) => !/\s{2}|[^\S ]/u.test(cleanPersonName(s))),
      { numRuns: 2000 },
    );
  });
});

describe('small helpers', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(codePointLength('𝒜bc')).toBe(3);
    expect(codePointLength('')).toBe(0);
  });

  it('accepts letters of any script and spaces only', () => {
    expect(isLettersAndSpaces('Ọlá Adé')).toBe(true);
    expect(isLettersAndSpaces('Jose\u0301 Garci\u0301a')).toBe(true);
    expect(isLettersAndSpaces('')).toBe(true);
    expect(isLettersAndSpaces("O'neil")).toBe(false);
    expect(isLettersAndSpaces('Ann\tLee')).toBe(false);
  });
});
