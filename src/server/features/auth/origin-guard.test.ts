import { describe, expect, it } from 'vitest';
import { isForeignRequest, siteOrigins } from './origin-guard.ts';

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

describe('siteOrigins', () => {
  it('is PUBLIC_URL’s origin alone for a public address', () => {
    expect(siteOrigins('https://ideahub.example')).toEqual(['https://ideahub.example']);
    expect(siteOrigins('http://10.0.0.5:3000')).toEqual(['http://10.0.0.5:3000']);
    expect(siteOrigins('http://localhost.evil.example:3000')).toEqual(['http://localhost.evil.example:3000']);
  });

  it('adds the other loopback names, same scheme and port, when PUBLIC_URL is this machine', () => {
    expect(siteOrigins('http://localhost:3000')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(siteOrigins('http://127.0.0.1:4000/')).toEqual(['http://127.0.0.1:4000', 'http://localhost:4000', 'http://[::1]:4000']);
    expect(siteOrigins('https://localhost')).toEqual(['https://localhost', 'https://127.0.0.1', 'https://[::1]']);
  });

  it('lets a loopback alias write and still refuses other ports, schemes and hosts', () => {
    const site = new Set(siteOrigins('http://localhost:3000'));
    expect(isForeignRequest(req('POST', 'http://127.0.0.1:3000'), site)).toBe(false);
    expect(isForeignRequest(req('POST', 'http://[::1]:3000'), site)).toBe(false);
    expect(isForeignRequest(req('POST', 'http://127.0.0.1:3001'), site)).toBe(true);
    expect(isForeignRequest(req('POST', 'https://127.0.0.1:3000'), site)).toBe(true);
    expect(isForeignRequest(req('POST', 'http://127.0.0.2:3000'), site)).toBe(true);
    expect(isForeignRequest(req('POST', 'http://evil.example'), site)).toBe(true);
  });
});
