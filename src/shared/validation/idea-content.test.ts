import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ALLOWED_PUNCTUATION,
  IDEA_CONTENT_MESSAGES as M,
  cleanAuthorName,
  cleanText,
  fieldForIdeaMessage,
  roundDecimal,
  validateIdeaContent,
} from './idea-content';
import type { IdeaContentInput } from './idea-content';

const VALID = {
  title: 'Solar powered fridge',
  description: 'A fridge that runs on sunlight for rural markets.',
} as const;

function check(partial: IdeaContentInput) {
  return validateIdeaContent({ ...VALID, ...partial });
}
const errorsFor = (partial: IdeaContentInput) => check(partial).errors;

describe('cleanText', () => {
  it.each([
    ['hELLO wORLD', 'Hello world'],
    ['  padded title  ', 'Padded title'],
    ['Wow... great idea!!!', 'Wow great idea'],
    ['Wait.. what', 'Wait.. what'],
    ['Really?!? yes', 'Really yes'],
    ['🚀 Rocket 🚀 launch 👍🏽', 'Rocket  launch'],
    ['😀🎉', ''],
    ['...', ''],
  ])('%j -> %j', (input, expected) => {
    expect(cleanText(input)).toBe(expected);
  });
});

describe('cleanAuthorName', () => {
  it.each([
    ['jOHN   doE', 'John Doe'],
    ['  ada \n lovelace ', 'Ada Lovelace'],
    ['José 😀 garcía', 'José García'],
    ['Mary...Jane', 'Maryjane'],
    ['😀', ''],
  ])('%j -> %j', (input, expected) => {
    expect(cleanAuthorName(input)).toBe(expected);
  });
});

describe('validateIdeaContent: a valid item', () => {
  it('passes and returns the cleaned item with defaults', () => {
    expect(validateIdeaContent({ ...VALID })).toEqual({
      valid: true,
      cleaned: {
        title: 'Solar powered fridge',
        description: 'A fridge that runs on sunlight for rural markets.',
        price: 0,
        currency: 'NGN',
        rating: null,
        authorName: undefined,
      },
      errors: [],
    });
  });

  it('returns cleaned values for every field', () => {
    const result = validateIdeaContent({
      title: '  sOLAR fridge!!! 😀',
      description: 'runs on SUNLIGHT... for rural markets',
      price: '1500.555',
      currency: 'USD',
      rating: '4.45',
      authorName: 'ada   LOVELACE',
    });
    expect(result).toEqual({
      valid: true,
      cleaned: {
        title: 'Solar fridge',
        description: 'Runs on sunlight for rural markets',
        price: 1500.56,
        currency: 'USD',
        rating: 4.5,
        authorName: 'Ada Lovelace',
      },
      errors: [],
    });
  });
});

describe('title', () => {
  it.each([undefined, null, '', '   ', '😀🎉', '... !!! ???', 123, {}, [], true])(
    'is required when %j',
    (title) => {
      expect(errorsFor({ title })).toEqual([M.titleRequired]);
    },
  );

  it('accepts exactly 5 characters', () => {
    expect(errorsFor({ title: 'Go up' })).toEqual([]);
  });

  it('rejects 4 characters (and a 4-character Latin title cannot hold two words either)', () => {
    expect(errorsFor({ title: 'Go u' })).toEqual([M.titleTooShort, M.titleNotMeaningful]);
  });

  it('reports only the length for 4 characters of an unspaced script', () => {
    expect(errorsFor({ title: '新しい家' })).toEqual([M.titleTooShort]);
  });

  it('measures length after cleaning', () => {
    expect(errorsFor({ title: '  Go 😀😀😀 ' })).toEqual([M.titleTooShort, M.titleNotMeaningful]);
  });

  it('counts code points, so astral letters count once', () => {
    expect(check({ title: '𝒜𝒜 𝒞' }).errors).toContain(M.titleTooShort);
  });

  it('allows a character 5 times in a row', () => {
    expect(errorsFor({ title: `Gre${'a'.repeat(5)}t idea` })).toEqual([]);
  });

  it('rejects a character 6 times in a row', () => {
    expect(errorsFor({ title: `Gre${'a'.repeat(6)}t idea` })).toEqual([M.titleInvalid]);
  });

  it('compares repeats case-insensitively', () => {
    expect(errorsFor({ title: 'AAaaaA team' })).toEqual([M.titleInvalid]);
  });

  it('rejects six repeated non-letters too', () => {
    expect(errorsFor({ title: 'Big ------ sale' })).toEqual([M.titleInvalid]);
  });

  it("rejects one repeated character: 'aaaaa' is invalid and not meaningful", () => {
    expect(errorsFor({ title: 'aaaaa' })).toEqual([M.titleInvalid, M.titleNotMeaningful]);
    expect(check({ title: 'aaaaa' }).cleaned.title).toBe('Aaaaa');
  });

  it('treats one character repeated across spaces as one repeated character', () => {
    expect(errorsFor({ title: 'aa aa aa' })).toEqual([M.titleInvalid, M.titleNotMeaningful]);
  });

  it.each([...'<>{}|^~`\\'])('rejects the invalid character %j', (char) => {
    expect(errorsFor({ title: `Good ${char} idea` })).toEqual([M.titleInvalid]);
  });

  it.each(['\u0000', '\u0007', '\u001B', '\u007F', '\u200B', '\uFEFF', '\uD800', '★', '→', '¬'])(
    'rejects the control/format/symbol character %j',
    (char) => {
      expect(errorsFor({ title: `Good${char} idea` })).toEqual([M.titleInvalid]);
    },
  );

  it.each([...ALLOWED_PUNCTUATION])('accepts the allowed punctuation %j', (char) => {
    expect(errorsFor({ title: `Good ${char} idea` })).toEqual([]);
  });

  it('accepts digits and tabs/newlines', () => {
    expect(errorsFor({ title: 'Top 10\tideas\nfor 2025' })).toEqual([]);
  });

  it('needs at least two words longer than one character', () => {
    expect(errorsFor({ title: 'Hello' })).toEqual([M.titleNotMeaningful]);
    expect(errorsFor({ title: 'I am x' })).toEqual([M.titleNotMeaningful]);
    expect(errorsFor({ title: 'Hello -- !!' })).toEqual([M.titleNotMeaningful]);
    expect(errorsFor({ title: 'I am ok' })).toEqual([]);
  });

  it('needs at least one letter', () => {
    expect(errorsFor({ title: '12345 67890' })).toEqual([M.titleNotMeaningful]);
  });

  it.each([
    'Ọjà tuntun fún gbogbo',
    'O\u0323ja\u0300 tuntun fu\u0301n gbogbo',
    'Новая идея для всех',
    'فكرة جديدة رائعة',
    'नया विचार सबके लिए',
    'می\u200Cخواهم یک ایده',
    '新しいアイデアです',
    'ความคิดใหม่',
    '새로운 아이디어',
  ])('accepts the non-Latin title %j', (title) => {
    expect(errorsFor({ title })).toEqual([]);
  });
});

describe('description', () => {
  it.each([undefined, null, '', '😀', '!!!', 42])('is required when %j', (description) => {
    expect(errorsFor({ description })).toEqual([M.descriptionRequired]);
  });

  it('accepts exactly 15 characters', () => {
    expect('Fresh idea here'.length).toBe(15);
    expect(errorsFor({ description: 'Fresh idea here' })).toEqual([]);
  });

  it('rejects 14 characters', () => {
    expect(errorsFor({ description: 'Fresh idea her' })).toEqual([M.descriptionTooShort]);
  });

  it('allows 5 repeats and rejects 6', () => {
    expect(errorsFor({ description: `This is s${'o'.repeat(5)} good` })).toEqual([]);
    expect(errorsFor({ description: `This is s${'o'.repeat(6)} good` })).toEqual([M.descriptionInvalid]);
  });

  it("rejects 'zzzzzzzzzzzzzzz' as invalid and not meaningful", () => {
    expect(errorsFor({ description: 'zzzzzzzzzzzzzzz' })).toEqual([
      M.descriptionInvalid,
      M.descriptionNotMeaningful,
    ]);
  });

  it('can report length, invalid and meaningless together, once each', () => {
    expect(errorsFor({ description: 'bbbbbbb' })).toEqual([
      M.descriptionTooShort,
      M.descriptionInvalid,
      M.descriptionNotMeaningful,
    ]);
  });

  it('rejects markup and null bytes', () => {
    expect(errorsFor({ description: '<script>alert(1)</script> hello' })).toEqual([M.descriptionInvalid]);
    expect(errorsFor({ description: 'Hello there\u0000 friend' })).toEqual([M.descriptionInvalid]);
  });

  it('keeps line breaks and lower-cases everything after the first letter', () => {
    const result = check({ description: 'first LINE here\nSecond line here' });
    expect(result.errors).toEqual([]);
    expect(result.cleaned.description).toBe('First line here\nsecond line here');
  });

  it('accepts a non-Latin description', () => {
    expect(errorsFor({ description: 'Ọjà tuntun fún gbogbo ènìyàn' })).toEqual([]);
    expect(errorsFor({ description: 'Новая идея для всех жителей' })).toEqual([]);
  });
});

describe('price', () => {
  it.each([
    [undefined, 0],
    [null, 0],
    ['', 0],
    ['   ', 0],
    ['0', 0],
    [0, 0],
    [-0, 0],
    ['-0', 0],
    ['12.5', 12.5],
    [' 42 ', 42],
    [12.345, 12.35],
    [1.005, 1.01],
    ['0.004', 0],
    ['.5', 0.5],
    ['1e3', 1000],
    [1e12, 1e12],
  ])('accepts %j as %j', (price, expected) => {
    const result = check({ price });
    expect(result.errors).toEqual([]);
    expect(Object.is(result.cleaned.price, expected)).toBe(true);
  });

  it.each([-0.01, '-0.01', -1, 'abc', '12abc', '0x10', '1,000', 'Infinity', NaN, Infinity, -Infinity, 1e12 + 1, '1e13', '1e400', true, {}, []])(
    'rejects %j',
    (price) => {
      const result = check({ price });
      expect(result.errors).toEqual([M.priceInvalid]);
      expect(result.cleaned.price).toBe(0);
    },
  );
});

describe('currency', () => {
  it.each([
    [undefined, 'NGN'],
    [null, 'NGN'],
    ['', 'NGN'],
    ['NGN', 'NGN'],
    ['USD', 'USD'],
    ['EUR', 'EUR'],
  ])('accepts %j as %j', (currency, expected) => {
    const result = check({ currency });
    expect(result.errors).toEqual([]);
    expect(result.cleaned.currency).toBe(expected);
  });

  it.each(['usd', 'Eur', ' USD', 'GBP', 'NAIRA', 1, {}])('rejects %j (exact upper-case codes only)', (currency) => {
    expect(errorsFor({ currency })).toEqual([M.currencyInvalid]);
  });
});

describe('rating', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    [0, 0],
    [5, 5],
    ['4.5', 4.5],
    [4.44, 4.4],
    [4.45, 4.5],
    [4.96, 5],
    ['0.0', 0],
  ])('accepts %j as %j', (rating, expected) => {
    const result = check({ rating });
    expect(result.errors).toEqual([]);
    expect(result.cleaned.rating).toBe(expected);
  });

  it.each([5.01, -0.1, '5.0001', '-0.01', 'five', NaN, Infinity, false, [4]])('rejects %j', (rating) => {
    const result = check({ rating });
    expect(result.errors).toEqual([M.ratingInvalid]);
    expect(result.cleaned.rating).toBeNull();
  });
});

describe('author name', () => {
  it('is optional', () => {
    expect(check({ authorName: undefined }).cleaned.authorName).toBeUndefined();
    expect(check({ authorName: null }).errors).toEqual([]);
  });

  it.each([
    ['jOHN   doE', 'John Doe'],
    ['Ọlá Adé', 'Ọlá Adé'],
    ['Новый Автор', 'Новый Автор'],
    ['😀😀', ''],
    ['   ', ''],
    ['Mary...Jane', 'Maryjane'],
  ])('accepts %j as %j', (authorName, expected) => {
    const result = check({ authorName });
    expect(result.errors).toEqual([]);
    expect(result.cleaned.authorName).toBe(expected);
  });

  it.each(["john o'neil", 'John-Paul', 'John 3', 'J. Doe', 'Ann.. Lee', 123, {}])(
    'rejects %j (apostrophes, hyphens, digits and dots are not letters)',
    (authorName) => {
      expect(errorsFor({ authorName })).toEqual([M.authorNameInvalid]);
    },
  );
});

describe('error order and shape', () => {
  it('lists errors in the order of the spec', () => {
    const result = validateIdeaContent({
      title: 'aaaa',
      description: 'bbbbbbb',
      price: -1,
      currency: 'usd',
      rating: 9,
      authorName: 'R2D2',
    });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      M.titleTooShort,
      M.titleInvalid,
      M.titleNotMeaningful,
      M.descriptionTooShort,
      M.descriptionInvalid,
      M.descriptionNotMeaningful,
      M.priceInvalid,
      M.currencyInvalid,
      M.ratingInvalid,
      M.authorNameInvalid,
    ]);
  });

  it('uses the spec messages verbatim', () => {
    expect(Object.values(M)).toEqual([
      'Title is required.',
      'Title must be at least 5 characters long.',
      'Title contains invalid characters or excessive repetition.',
      'Title must contain meaningful words.',
      'Description is required.',
      'Description must be at least 15 characters long.',
      'Description contains invalid characters or excessive repetition.',
      'Description must contain meaningful words.',
      'Price must be a valid number greater than or equal to 0.',
      'Currency must be one of NGN, USD, or EUR.',
      'Rating must be a number between 0.0 and 5.0.',
      'Author name must contain only letters and spaces.',
    ]);
  });

  it.each([null, undefined, 'a string', 42, [], [1, 2]])('treats the non-object input %j as an empty form', (input) => {
    const result = validateIdeaContent(input as IdeaContentInput);
    expect(result.errors).toEqual([M.titleRequired, M.descriptionRequired]);
  });
});

describe('fieldForIdeaMessage', () => {
  it('maps every message to its field', () => {
    expect(fieldForIdeaMessage(M.titleRequired)).toBe('title');
    expect(fieldForIdeaMessage(M.titleTooShort)).toBe('title');
    expect(fieldForIdeaMessage(M.titleInvalid)).toBe('title');
    expect(fieldForIdeaMessage(M.titleNotMeaningful)).toBe('title');
    expect(fieldForIdeaMessage(M.descriptionRequired)).toBe('description');
    expect(fieldForIdeaMessage(M.descriptionTooShort)).toBe('description');
    expect(fieldForIdeaMessage(M.descriptionInvalid)).toBe('description');
    expect(fieldForIdeaMessage(M.descriptionNotMeaningful)).toBe('description');
    expect(fieldForIdeaMessage(M.priceInvalid)).toBe('price');
    expect(fieldForIdeaMessage(M.currencyInvalid)).toBe('currency');
    expect(fieldForIdeaMessage(M.ratingInvalid)).toBe('rating');
    expect(fieldForIdeaMessage(M.authorNameInvalid)).toBe('authorName');
  });

  it("routes anything mentioning 'Author name' to the author name", () => {
    expect(fieldForIdeaMessage('Author name title is odd')).toBe('authorName');
  });

  it('returns null for an unknown message', () => {
    expect(fieldForIdeaMessage('Something else went wrong.')).toBeNull();
  });
});

describe('roundDecimal', () => {
  it.each([
    [1.005, 2, 1.01],
    [1.004, 2, 1],
    [2.675, 2, 2.68],
    [4.45, 1, 4.5],
    [4.44, 1, 4.4],
    [0.000001, 2, 0],
    [1e-7, 2, 0],
    [123456789.125, 2, 123456789.13],
    [-1.005, 2, -1.01],
    [7, 2, 7],
  ])('roundDecimal(%j, %j) = %j', (value, digits, expected) => {
    expect(roundDecimal(value, digits)).toBe(expected);
  });
});

describe('hostile input sizes', () => {
  // Guards against quadratic regex backtracking on request bodies (ReDoS).
  const n = 200_000;
  it.each([
    ['a long inner whitespace run', `a${' '.repeat(n)}b`],
    ['a long joiner run', `a${'\u200D'.repeat(n)}b😀`],
    ['a long punctuation pattern', `${'..a'.repeat(n / 3)}`],
    ['a long digit string', `${'1'.repeat(n)}x`],
    ['a long emoji run', '👨‍👩‍👧'.repeat(n / 8)],
  ])('handles %s in linear time', (_label, text) => {
    const started = performance.now();
    validateIdeaContent({ title: text, description: text, price: text, rating: text, authorName: text });
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe('validateIdeaContent properties', () => {
  const messages = new Set<string>(Object.values(M));

  function wellFormed(result: ReturnType<typeof validateIdeaContent>): boolean {
    return (
      result.valid === (result.errors.length === 0) &&
      result.errors.every((e) => messages.has(e)) &&
      new Set(result.errors).size === result.errors.length &&
      typeof result.cleaned.title === 'string' &&
      typeof result.cleaned.description === 'string' &&
      Number.isFinite(result.cleaned.price)
    );
  }

  it('never throws for arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => wellFormed(validateIdeaContent(value as IdeaContentInput))),
      { numRuns: 500 },
    );
  });

  it('never throws for arbitrary values in every field', () => {
    const field = fc.oneof(fc.anything(), fc.string({ unit: 'binary' }), fc.double(), fc.constant(undefined));
    fc.assert(
      fc.property(
        fc.record(
          { title: field, description: field, price: field, currency: field, rating: field, authorName: field },
          { requiredKeys: [] },
        ),
        (input) => wellFormed(validateIdeaContent(input)),
      ),
      { numRuns: 500 },
    );
  });

  it('never throws for arbitrary top-level values', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => wellFormed(validateIdeaContent(value as IdeaContentInput))),
      { numRuns: 300 },
    );
  });

  it('is stable: validating the cleaned item gives the same cleaned item and text errors', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 40 });
    const numeric = fc.oneof(fc.double({ min: -1, max: 1e13, noNaN: true }), fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(
        fc.record({ title: text, description: text, price: numeric, rating: numeric, authorName: text }),
        (input) => {
          const first = validateIdeaContent(input);
          const second = validateIdeaContent(first.cleaned);
          const textErrors = (r: typeof first) =>
            r.errors.filter((e) => e.startsWith('Title') || e.startsWith('Description') || e.startsWith('Author'));
          expect(second.cleaned).toEqual(first.cleaned);
          expect(textErrors(second)).toEqual(textErrors(first));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('cleaned text never contains emoji', () => {
    const emoji = fc.constantFrom('😀', '👍🏽', '👨‍👩‍👧', '🇳🇬', '1️⃣', '❤️', '🏳️‍🌈');
    const words = fc.constantFrom('great', 'idea', 'Ọjà', 'идея', ' ', '.', '!', '?');
    const mixed = fc.array(fc.oneof(emoji, words), { maxLength: 20 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(mixed, mixed, mixed, (title, description, authorName) => {
        const { cleaned } = validateIdeaContent({ title, description, authorName });
        const all = `${cleaned.title}${cleaned.description}${cleaned.authorName ?? ''}`;
        // eslint-disable-next-line no-misleading-character-class -- each remnant code point is listed on purpose
        return !/[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\uFE0F\u200D\u20E3]/u.test(all);
      }),
      { numRuns: 1000 },
    );
  });
});
