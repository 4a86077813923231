import { describe, expect, it } from 'vitest';
import { isForeignRequest } from './origin-guard.ts';

const allowed = new Set(['https://ideahub.example']);
const req = (method: string, origin?: string, secFetchSite?: string) => ({ method, origin, secFetchSite });

describe('isForeignRequest', () => {
  it('lets reads through from anywhere', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS', 'get']) expect(isForeignRequest(req(m, 'https://evil.example', 'cross-site'), allowed)).toBe(false);
  });

  it('accepts writes from the site itself and from clients that send no Origin', () => {
    expect(isForeignRequest(req('POST', 'https://ideahub.example'), allowed)).toBe(false);
    expect(isForeignRequest(req('PATCH'), allowed)).toBe(false);
    expect(isForeignRequest(req('DELETE', undefined, 'same-origin'), allowed)).toBe(false);
  });

  it('refuses writes from another origin, a null origin, or marked cross-site', () => {
    expect(isForeignRequest(req('POST', 'https://evil.example'), allowed)).toBe(true);
    expect(isForeignRequest(req('POST', 'http://ideahub.example'), allowed)).toBe(true);
    expect(isForeignRequest(req('POST', 'https://ideahub.example:8443'), allowed)).toBe(true);
    expect(isForeignRequest(req('PUT', 'null'), allowed)).toBe(true);
    expect(isForeignRequest(req('POST', 'not a url'), allowed)).toBe(true);
    expect(isForeignRequest(req('POST', undefined, 'cross-site'), allowed)).toBe(true);
  });
});
