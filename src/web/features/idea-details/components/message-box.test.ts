import { describe, expect, it } from 'vitest';
import { mentionedIds, mentionQueryAt } from './message-box';

describe('mentions in the message box', () => {
  it('finds the letters after an @ that starts a word, right before the caret', () => {
    expect(mentionQueryAt('Hi @Chi', 7)).toEqual({ start: 3, query: 'Chi' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('Hi @Chi there', 7)).toEqual({ start: 3, query: 'Chi' });
    expect(mentionQueryAt('Hi @Chi there', 13)).toBeNull();
    expect(mentionQueryAt('mail me at a@b', 14)).toBeNull();
    expect(mentionQueryAt('Hi @Chioma Eze ', 15)).toBeNull();
    expect(mentionQueryAt('Olá @Zé', 7)).toEqual({ start: 4, query: 'Zé' });
  });

  it('sends the chosen people still named in the text, once each', () => {
    const chosen = [
      { id: 'a', name: 'Ama Owusu' },
      { id: 'k', name: 'Kofi Mensah' },
      { id: 'a', name: 'Ama Owusu' },
    ];
    expect(mentionedIds('Thanks @Ama Owusu and @Ama Owusu', chosen)).toEqual(['a']);
    expect(mentionedIds('Thanks Ama and @Kofi Mensah', chosen)).toEqual(['k']);
  });
});
