import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { PROFILE_NAME_MESSAGES as P, cleanProfileName, validateProfileName } from './profile-name';
import { cleanAuthorName, validateIdeaContent } from './idea-content';

const BOTH = `${P.lettersOnly} ${P.tooShort}`;

describe('cleanProfileName', () => {
  it.each([
    ['jOHN   doE', 'John Doe'],
    ['  ada \n\t lovelace  ', 'Ada Lovelace'],
    ['!!!Ann!!!', 'Ann'],
    ['Chi?!?oma', 'Chioma'],
    ['Wait.. Lee', 'Wait.. Lee'],
    ['😀 ngozi 👍🏽 okafor 🇳🇬', 'Ngozi Okafor'],
    ['ọlá adé', 'Ọlá Adé'],
    ['😀😀', ''],
  ])('%j -> %j', (input, expected) => {
    expect(cleanProfileName(input)).toBe(expected);
  });
});

describe('validateProfileName', () => {
  it('accepts a cleaned name', () => {
    expect(validateProfileName('  jOHN   doE 😀 ')).toEqual({
      valid: true,
      cleaned: 'John Doe',
      errors: [],
      message: '',
    });
  });

  it.each(['Ng', 'Ọlá Adé', 'Новый Автор', 'José García', 'Jose\u0301'])('accepts %j', (name) => {
    expect(validateProfileName(name).valid).toBe(true);
  });

  it.each(['A', '', '   ', '😀', '...'])('rejects %j as too short', (name) => {
    const result = validateProfileName(name);
    expect(result.errors).toEqual([P.tooShort]);
    expect(result.message).toBe('Full name must be at least 2 characters long.');
  });

  it.each(["o'neil", 'John-Paul', 'J0hn', 'Ann.. Lee', 'Dr. Who', 'a<b>'])('rejects %j as not letters', (name) => {
    const result = validateProfileName(name);
    expect(result.errors).toEqual([P.lettersOnly]);
    expect(result.message).toBe('Full name must contain only letters and spaces.');
  });

  it('joins both messages with a single space', () => {
    const result = validateProfileName('1');
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([P.lettersOnly, P.tooShort]);
    expect(result.message).toBe(BOTH);
  });

  it('treats null/undefined as an empty name and other non-strings as not letters', () => {
    expect(validateProfileName(undefined).errors).toEqual([P.tooShort]);
    expect(validateProfileName(null).errors).toEqual([P.tooShort]);
    expect(validateProfileName(42).message).toBe(BOTH);
    expect(validateProfileName({ name: 'Ann' }).cleaned).toBe('');
  });
});

describe('profile-name properties', () => {
  it('cleaning is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => cleanProfileName(cleanProfileName(s)) === cleanProfileName(s)),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => cleanProfileName(cleanProfileName(s)) === cleanProfileName(s)),
      { numRuns: 1000 },
    );
  });

  it('never throws for arbitrary JSON or other values, and the result is consistent', () => {
    const messages = new Set<string>(Object.values(P));
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.anything(), fc.string({ unit: 'binary' })), (value) => {
        const r = validateProfileName(value);
        return (
          r.valid === (r.errors.length === 0) &&
          r.errors.every((e) => messages.has(e)) &&
          r.message === r.errors.join(' ') &&
          validateProfileName(r.cleaned).cleaned === r.cleaned
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees with the idea author-name rule (one shared cleaner)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (name) => {
        const profile = validateProfileName(name);
        const idea = validateIdeaContent({ authorName: name });
        const authorOk = !idea.errors.includes('Author name must contain only letters and spaces.');
        return (
          cleanAuthorName(name) === profile.cleaned &&
          authorOk === !profile.errors.includes(P.lettersOnly)
        );
      }),
      { numRuns: 1000 },
    );
  });
});
