import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeRedirectTarget, returnPathIn, safeReturnPath, sameSitePath, signInPath, withReturnPath } from './return-path.ts';

const SITE = ['http://localhost:3000', 'http://127.0.0.1:3000'];

describe('safeReturnPath', () => {
  it('keeps pages of this site, with their query and fragment', () => {
    expect(safeReturnPath('/ideas/42')).toBe('/ideas/42');
    expect(safeReturnPath('/?category=idea&q=solar')).toBe('/?category=idea&q=solar');
    expect(safeReturnPath('/ideas/42#discussion')).toBe('/ideas/42#discussion');
    expect(safeReturnPath('/create-idea')).toBe('/create-idea');
    expect(safeReturnPath('/ideas/../dashboard')).toBe('/dashboard');
  });

  it('refuses other websites and what a browser would read as one', () => {
    for (const bad of [
      'https://evil.example/ideas/1',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\tevil',
      '/ideas/1\n',
      'javascript:alert(1)',
      'ideas/1',
      '',
      ' /ideas/1',
      '/' + 'a'.repeat(1024),
    ]) {
      expect(safeReturnPath(bad), JSON.stringify(bad)).toBeNull();
    }
    for (const notString of [null, undefined, 42, ['/ideas/1'], { path: '/' }]) expect(safeReturnPath(notString)).toBeNull();
  });

  it('never returns to the sign-in pages (a loop) or the API', () => {
    for (const bad of ['/auth', '/auth?tab=signup', '/auth/verified', '/auth#x', '/api/auth/sign-out', '/api', '/api?x=1']) {
      expect(safeReturnPath(bad), bad).toBeNull();
    }
    expect(safeReturnPath('/authors')).toBe('/authors');
    expect(safeReturnPath('/apiary')).toBe('/apiary');
  });

  it('whatever it accepts is a path on this site (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const out = safeReturnPath(s);
        if (out === null) return;
        expect(out.startsWith('/')).toBe(true);
        expect(out.startsWith('//')).toBe(false);
        expect(new URL(out, 'https://ideahub.example').origin).toBe('https://ideahub.example');
        expect(safeReturnPath(out)).toBe(out);
      }),
    );
  });
});

describe('sameSitePath', () => {
  it('accepts the sign-in pages (callbacks land there) but not other hosts', () => {
    expect(sameSitePath('/auth/verified?next=%2Fideas%2F1')).toBe('/auth/verified?next=%2Fideas%2F1');
    expect(sameSitePath('//evil.example/auth')).toBeNull();
  });
});

describe('isSafeRedirectTarget', () => {
  it('takes site paths and the site’s own addresses', () => {
    expect(isSafeRedirectTarget('/dashboard', SITE)).toBe(true);
    expect(isSafeRedirectTarget('/auth/verified', SITE)).toBe(true);
    expect(isSafeRedirectTarget('http://localhost:3000/ideas/1', SITE)).toBe(true);
    expect(isSafeRedirectTarget('http://127.0.0.1:3000/ideas/1', SITE)).toBe(true);
  });

  it('refuses other websites, look-alikes and odd schemes', () => {
    for (const bad of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'http://localhost:3001/x', 'http://localhost:3000.evil.example/', 'javascript:alert(1)', '', 42]) {
      expect(isSafeRedirectTarget(bad, SITE), String(bad)).toBe(false);
    }
  });

  it('checks the return address carried inside it', () => {
    expect(isSafeRedirectTarget('/auth/verified?next=%2Fideas%2F1', SITE)).toBe(true);
    expect(isSafeRedirectTarget('/dashboard?next=/ideas/1', SITE)).toBe(true);
    expect(isSafeRedirectTarget('/auth/verified?next=https%3A%2F%2Fevil.example', SITE)).toBe(false);
    expect(isSafeRedirectTarget('/auth/verified?next=%2F%2Fevil.example', SITE)).toBe(false);
    expect(isSafeRedirectTarget('/auth/verified?next=%2Fauth', SITE)).toBe(false);
    expect(isSafeRedirectTarget('/auth/verified?next=%2Fa&next=%2Fb', SITE)).toBe(false);
    expect(isSafeRedirectTarget('http://localhost:3000/auth/verified?next=%2F%5Cevil.example', SITE)).toBe(false);
  });
});

describe('building sign-in addresses', () => {
  it('adds the return address, except the default one', () => {
    expect(signInPath('/ideas/1')).toBe('/auth?next=%2Fideas%2F1');
    expect(signInPath('/ideas/1?x=1#discussion', 'signup')).toBe('/auth?tab=signup&next=%2Fideas%2F1%3Fx%3D1%23discussion');
    expect(signInPath('/dashboard')).toBe('/auth');
    expect(signInPath('https://evil.example')).toBe('/auth');
    expect(signInPath(null)).toBe('/auth');
    expect(withReturnPath('/auth/verified', '/ideas/1')).toBe('/auth/verified?next=%2Fideas%2F1');
  });

  it('reads back what it wrote', () => {
    const url = new URL(signInPath('/ideas/1?x=1#d'), 'http://localhost');
    expect(returnPathIn(url.searchParams)).toBe('/ideas/1?x=1#d');
    expect(returnPathIn('?next=%2F%2Fevil.example')).toBeNull();
    expect(returnPathIn('')).toBeNull();
  });
});
