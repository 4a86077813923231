import { describe, expect, it } from 'vitest';
import { DISCUSSION_MESSAGE_MAX_LENGTH } from '../constants.ts';
import { checkMessageContent, deletedMessageId, MESSAGE_EMPTY, MESSAGE_TOO_LONG, messageLength } from './discussion-message.ts';

describe('messageLength', () => {
  it('counts characters as a person does (code points), not UTF-16 units', () => {
    expect(messageLength('hello')).toBe(5);
    expect(messageLength('👍🏽 ok')).toBe(5);
    expect(messageLength('')).toBe(0);
  });
});

describe('checkMessageContent', () => {
  it('trims and keeps the trimmed text', () => {
    expect(checkMessageContent('  Great idea!  \n')).toEqual({ ok: true, content: 'Great idea!' });
  });

  it('refuses an empty or blank message with the spec text', () => {
    expect(checkMessageContent('')).toEqual({ ok: false, message: MESSAGE_EMPTY });
    expect(checkMessageContent(' \n\t ')).toEqual({ ok: false, message: 'Message cannot be empty.' });
  });

  it('allows exactly the maximum in code points and refuses one more', () => {
    const emoji = '😀'.repeat(DISCUSSION_MESSAGE_MAX_LENGTH);
    expect(checkMessageContent(emoji)).toEqual({ ok: true, content: emoji });
    expect(checkMessageContent(`${emoji}a`)).toEqual({ ok: false, message: MESSAGE_TOO_LONG });
    expect(MESSAGE_TOO_LONG).toBe(`Message must be at most ${DISCUSSION_MESSAGE_MAX_LENGTH} characters.`);
  });
});

describe('deletedMessageId (a live message-deleted event)', () => {
  it('reads the whole-number id of { id }', () => {
    expect(deletedMessageId({ id: 42 })).toBe(42);
    expect(deletedMessageId({ id: 0 })).toBe(0);
  });

  it('gives null for anything else, so a malformed event removes nothing', () => {
    for (const data of [null, 42, 'x', {}, { id: '42' }, { id: 1.5 }, { id: Number.NaN }, { id: 2 ** 60 }, []]) {
      expect(deletedMessageId(data)).toBeNull();
    }
  });
});
