import { describe, expect, it } from 'vitest';
import { isTooGuessable, personalWords } from './password-strength.ts';

describe('isTooGuessable', () => {
  it('refuses common passwords and their usual variants', async () => {
    for (const p of ['password123', 'Password123!', 'P@ssw0rd!', 'qwertyuiop', 'iloveyou2024', 'Summer2024!', 'aaaaaaaaaaaa', 'ideahub2026']) {
      expect(await isTooGuessable(p), p).toBe(true);
    }
  });

  it('accepts a few unrelated words, with no composition rules', async () => {
    for (const p of ['lantern orchard velvet', 'copper kettle at dawn', 'correct horse battery staple']) {
      expect(await isTooGuessable(p), p).toBe(false);
    }
  });

  it('counts the person’s own name and address as first guesses', async () => {
    const words = personalWords({ name: 'Zainab Okonkwo', email: 'zainab.okonkwo@example.test' });
    expect(await isTooGuessable('zainabokonkwo')).toBe(false);
    expect(await isTooGuessable('zainabokonkwo', words)).toBe(true);
  });

  it('weighs the first 64 characters, so a long run of one character is refused quickly', async () => {
    const started = performance.now();
    expect(await isTooGuessable('1'.repeat(256))).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('personalWords', () => {
  it('takes the parts of a name and of an address worth guessing', () => {
    expect(personalWords({ name: 'Ada Lovelace', email: 'Ada.Lovelace@Example.test' })).toEqual(['ada', 'lovelace', 'ada.lovelace@example.test', 'ada.lovelace']);
    expect(personalWords({})).toEqual([]);
  });
});
