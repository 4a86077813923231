import { describe, expect, it } from 'vitest';
import { afterSignInIn, itemReturnPath } from './after-sign-in.ts';
import { returnPathIn, signInPath } from './return-path.ts';

describe('what a person pressed before signing in (issue 27 point 5)', () => {
  it("travels in the item's address, with the section where it was pressed", () => {
    expect(itemReturnPath('abc', 'like')).toBe('/ideas/abc?then=like');
    expect(itemReturnPath('abc', 'discuss')).toBe('/ideas/abc?then=discuss#discussion');
    expect(itemReturnPath('abc', 'unlock', 'discussion')).toBe('/ideas/abc?then=unlock#discussion');
    expect(itemReturnPath('abc', 'contact')).toBe('/ideas/abc?then=contact#creator');
  });

  it('survives the trip through /auth as a safe return address', () => {
    const back = itemReturnPath('abc', 'discuss');
    expect(returnPathIn(new URL(signInPath(back), 'http://x.invalid').searchParams)).toBe(back);
  });

  it('reads only the actions it knows', () => {
    expect(afterSignInIn(new URLSearchParams('then=save'))).toBe('save');
    expect(afterSignInIn(new URLSearchParams('then=delete'))).toBeNull();
    expect(afterSignInIn(new URLSearchParams('then=toString'))).toBeNull();
    expect(afterSignInIn(new URLSearchParams(''))).toBeNull();
  });
});
