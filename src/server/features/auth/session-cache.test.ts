/** The session cache's rules: its lifetime, forgetting a person, lookups in flight, and no cache while deaf. */
import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

const session = (userId: string) => ({ userId, person: { name: userId }, expiresAt: Date.now() + 3_600_000 });

describe('SessionCache', () => {
  it('keeps a session for its lifetime, then forgets it', () => {
    const cache = new SessionCache<{ name: string }>(1000, () => true);
    cache.set('cookie-a', session('ada'), cache.ticket(), 10_000);
    expect(cache.get('cookie-a', 10_999)?.person).toEqual({ name: 'ada' });
    expect(cache.get('cookie-a', 11_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets every session of a person it hears about, and keeps the others', () => {
    const cache = new SessionCache<{ name: string }>(60_000, () => true);
    cache.set('phone', session('ada'), cache.ticket());
    cache.set('laptop', session('ada'), cache.ticket());
    cache.set('other', session('bo'), cache.ticket());
    cache.forgetUser('ada');
    expect([cache.get('phone'), cache.get('laptop')]).toEqual([undefined, undefined]);
    expect(cache.get('other')?.userId).toBe('bo');
  });

  it('does not keep what a lookup read before a notice about its person arrived', () => {
    const cache = new SessionCache<{ name: string }>(60_000, () => true);
    const before = cache.ticket();
    cache.forgetUser('ada');
    cache.set('cookie-a', session('ada'), before);
    expect(cache.get('cookie-a')).toBeUndefined();
    // A notice about someone else does not matter; one before the lookup began does not either.
    const ticket = cache.ticket();
    cache.forgetUser('bo');
    cache.set('cookie-a', session('ada'), ticket);
    expect(cache.get('cookie-a')?.userId).toBe('ada');
    // After everything was forgotten (the listening connection came back), nothing in flight is kept.
    const late = cache.ticket();
    cache.clear();
    cache.set('cookie-c', session('cy'), late);
    expect(cache.get('cookie-c')).toBeUndefined();
  });

  it('is neither read nor filled while notices cannot arrive', () => {
    let listening = true;
    const cache = new SessionCache<{ name: string }>(60_000, () => listening);
    cache.set('cookie-a', session('ada'), cache.ticket());
    listening = false;
    expect(cache.get('cookie-a')).toBeUndefined();
    cache.set('cookie-b', session('bo'), cache.ticket());
    listening = true;
    expect(cache.get('cookie-b')).toBeUndefined();
  });
});
