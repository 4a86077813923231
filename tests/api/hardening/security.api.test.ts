/**
 * Security over HTTP, as a browser meets it (issue 7, hardening): the headers every kind of answer
 * carries, the flags of every cookie the server sets, the fixed CORS policy (no cross-origin reads,
 * no credentials for anyone), refusal of state-changing requests from other websites, and a new
 * session on every sign-in that sign-out ends for good.
 */
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ideas, sessions, users } from '../../../src/server/db/schema.ts';
import { pngImage, share, sharer, upload } from '../../../src/server/features/ideas/api-test-helpers.ts';
import { uploadedImageSchema } from '../../../src/shared/schemas/ideas.ts';
import {
  cookieFrom,
  outboxMailbox,
  randomClientIp,
  sessionUser,
  signedInUser,
  signIn,
  signUpAndConfirm,
  siteHeaders,
  uniqueEmail,
} from '../../support/auth.ts';
import { databaseKinds } from '../../support/databases.ts';
import { type TestServer, useTestServer } from '../../support/test-server.ts';
import { useServerEntryBuild } from '../../support/web-build.ts';

const EVIL = 'https://evil.example';
const SESSION_COOKIE = 'ideahub.session_token';

/** A built web app: the real server entry, and one hashed asset, as `npm run build` leaves them. */
const webRoot = useServerEntryBuild();
writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log("app");');

/** 'a b; c d e' → { a: ['b'], c: ['d', 'e'] } */
function parseCsp(header: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = values;
  }
  return out;
}

/** The headers of src/server/lib/security-headers.ts, checked on one answer. */
function expectSecurityHeaders(res: Response | { headers: Headers }, what: string, opts: { https?: boolean } = {}) {
  const h = res.headers;
  const csp = parseCsp(h.get('content-security-policy'));
  // Scripts: only the site's own files (or none at all); never inline, eval or other hosts.
  const scripts = csp['script-src'] ?? csp['default-src'];
  expect(scripts, `${what}: script-src`).toBeDefined();
  expect(scripts!.every((s) => s === "'self'" || s === "'none'"), `${what}: script-src ${scripts!.join(' ')}`).toBe(true);
  expect(csp['object-src'] ?? csp['default-src'], `${what}: object-src`).toEqual(["'none'"]);
  expect(csp['frame-ancestors'], `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(h.get('x-frame-options'), `${what}: X-Frame-Options`).toBe('DENY');
  expect(h.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
  expect(h.get('referrer-policy'), `${what}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  expect(h.get('cross-origin-opener-policy'), `${what}: COOP`).toBe('same-origin');
  if (opts.https) expect(h.get('strict-transport-security'), `${what}: HSTS`).toMatch(/^max-age=31536000; includeSubDomains$/);
  else expect(h.get('strict-transport-security'), `${what}: no HSTS over http`).toBeNull();
  // No cross-origin reads, ever.
  expect(h.get('access-control-allow-origin'), `${what}: CORS`).toBeNull();
  expect(h.get('access-control-allow-credentials'), `${what}: CORS credentials`).toBeNull();
}

interface ParsedCookie {
  name: string;
  value: string;
  attrs: Map<string, string>;
}

function parseSetCookie(header: string): ParsedCookie {
  const [pair, ...rest] = header.split(';');
  const eqAt = pair!.indexOf('=');
  const attrs = new Map<string, string>();
  for (const a of rest) {
    const [k, ...v] = a.trim().split('=');
    if (k) attrs.set(k.toLowerCase(), v.join('='));
  }
  return { name: pair!.slice(0, eqAt).trim(), value: pair!.slice(eqAt + 1).trim(), attrs };
}

/** Every cookie the server sets is HttpOnly, SameSite=Lax or Strict, Path=/ (and Secure over https). */
function expectSafeCookies(res: Response, what: string, opts: { https?: boolean } = {}): ParsedCookie[] {
  const cookies = res.headers.getSetCookie().map(parseSetCookie);
  for (const c of cookies) {
    expect(c.attrs.has('httponly'), `${what}: ${c.name} HttpOnly`).toBe(true);
    expect(['lax', 'strict'], `${what}: ${c.name} SameSite`).toContain(c.attrs.get('samesite')?.toLowerCase());
    expect(c.attrs.get('path'), `${what}: ${c.name} Path`).toBe('/');
    expect(c.attrs.has('domain'), `${what}: ${c.name} has no Domain (host-only)`).toBe(false);
    if (opts.https) {
      expect(c.attrs.has('secure'), `${what}: ${c.name} Secure`).toBe(true);
      expect(c.name, `${what}: ${c.name} prefix`).toMatch(/^__(Secure|Host)-/);
    } else {
      expect(c.name, `${what}: ${c.name}`).not.toMatch(/^__(Secure|Host)-/);
    }
  }
  return cookies;
}

/** A raw HTTP request (fetch cannot send a 20 KB header or malformed HTTP). */
function rawRequest(url: string, head: string): Promise<{ status: number; headers: Headers; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path: '/api/ideas', method: 'GET', headers: { 'x-big': head } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function sseHeaders(t: TestServer, ideaId: string, cookie: string): Promise<Response> {
  const controller = new AbortController();
  const res = await t.fetch(`/api/ideas/${ideaId}/messages/stream`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  controller.abort();
  await res.body?.cancel().catch(() => {});
  return res;
}

describe.each(databaseKinds())('security over HTTP on %s', (kind) => {
  const t = useTestServer(kind, { webRoot });

  it('every kind of answer carries the security headers: pages, assets, API, errors, images, streams, health', async () => {
    const ada = await sharer(t);
    // '<' and '>' are refused in descriptions; quotes and '&' are not, so they try to leave the attribute.
    const { idea } = await share(t, ada, { description: 'A pump" onload="window.__xss=1" data-x=" runs on sunlight &#60;script&#62; so farmers water crops.' });
    const image = uploadedImageSchema.parse(await (await upload(t, ada, await pngImage(60, 40), 'a.png', 'image/png')).json());
    const origin = new URL(t.url).origin;

    const answers: [string, Promise<Response>, number][] = [
      ['HTML page /', t.fetch('/'), 200],
      ['HTML page /dashboard', t.fetch('/dashboard', { headers: { cookie: ada.cookie } }), 200],
      ['HTML item page with link preview', t.fetch(`/ideas/${idea.id}`), 200],
      ['HTML 404 page', t.fetch('/no-such-page'), 404],
      ['web asset', t.fetch('/assets/app-abc123.js'), 200],
      ['API JSON', t.fetch('/api/ideas'), 200],
      ['API JSON, signed in', t.fetch('/api/profile', { headers: { cookie: ada.cookie } }), 200],
      ['OpenAPI document', t.fetch('/api/openapi.json'), 200],
      ['better-auth JSON', t.fetch('/api/auth/get-session', { headers: { cookie: ada.cookie } }), 200],
      ['error 401', t.fetch('/api/profile'), 401],
      ['error 404 API', t.fetch('/api/nothing-here'), 404],
      ['error 404 stored file', t.fetch('/storage/idea-images/nothing.png'), 404],
      ['error 403 foreign origin', t.fetch('/api/ideas', { method: 'POST', headers: siteHeaders(t, ada.cookie, { origin: EVIL }), body: '{}' }), 403],
      ['error 400 malformed JSON', t.fetch('/api/profile', { method: 'PATCH', headers: siteHeaders(t, ada.cookie), body: '{"bio":' }), 400],
      ['error 413 body too large', t.fetch('/api/profile', { method: 'PATCH', headers: siteHeaders(t, ada.cookie), body: JSON.stringify({ bio: 'x'.repeat(1_100_000) }) }), 413],
      ['error 401 wrong password', t.fetch('/api/auth/sign-in/email', { method: 'POST', headers: siteHeaders(t, undefined, { 'x-forwarded-for': randomClientIp() }), body: JSON.stringify({ email: ada.email, password: 'not the password at all' }) }), 401],
      ['stored image', t.fetch(image.url), 200],
      ['stored thumbnail', t.fetch(image.thumbnailUrl), 200],
      ['SSE stream', sseHeaders(t, idea.id, ada.cookie), 200],
      ['/healthz', t.fetch('/healthz'), 200],
      ['/readyz', t.fetch('/readyz'), 200],
      ['HEAD /', t.fetch('/', { method: 'HEAD' }), 200],
      ['OPTIONS preflight', t.fetch('/api/ideas', { method: 'OPTIONS', headers: { origin } }), 404],
    ];
    for (const [what, pending, status] of answers) {
      const res = await pending;
      expect(res.status, what).toBe(status);
      expectSecurityHeaders(res, what);
    }
    const stream = await sseHeaders(t, idea.id, ada.cookie);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);

    // The answer Node's HTTP parser gives before the app runs (headers over 16 KB).
    const tooBig = await rawRequest(t.url, 'x'.repeat(20_000));
    expect(tooBig.status).toBe(431);
    expect(JSON.parse(tooBig.body)).toEqual({ error: { code: 'headers_too_large', message: 'The request address or headers are too large.' } });
    expectSecurityHeaders(tooBig, 'error 431 from the HTTP parser');

    // The HTML pages load scripts from files only: no inline script in what the server writes.
    const page = await (await t.fetch(`/ideas/${idea.id}`)).text();
    expect(idea.description).toContain('" onload="window.__xss=1"');
    expect(page).not.toContain('onload="window');
    expect(page).toContain('&quot; onload=&quot;window.__xss=1&quot;');
    expect(page).toContain('&amp;#60;script&amp;#62;');
    for (const tag of page.match(/<script\b[^>]*>/gi) ?? []) {
      // Data (the page's state, structured data) is never run; every script is a file of the site's own.
      if (!/type="application\/(ld\+)?json"/.test(tag)) expect(tag, 'every script tag has a src').toMatch(/\ssrc="\/(assets\/|theme-init\.js"|load-app\.js")/);
    }
  });

  it('serves stored files so they can never run in the site’s origin', async () => {
    const ada = await sharer(t);
    const image = uploadedImageSchema.parse(await (await upload(t, ada, await pngImage(60, 40), '<img onerror=x>.html', 'text/html')).json());
    // The name is the server's: the person's id, a timestamp, a random part and the real type.
    expect(image.url).toMatch(new RegExp(`^/storage/idea-images/${ada.id}-\\d+-[a-z0-9]+\\.png$`));
    for (const url of [image.url, image.thumbnailUrl]) {
      const res = await t.fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/(png|webp)$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe('inline');
      const csp = parseCsp(res.headers.get('content-security-policy'));
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp).toHaveProperty('sandbox');
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
    }
    // A name that is not one of ours, or that tries to climb out of the bucket, finds nothing.
    for (const url of ['/storage/idea-images/..%2F..%2Fpackage.json', '/storage/idea-images/%2e%2e%2f%2e%2e%2fpackage.json', '/storage/other-bucket/x.png']) {
      const res = await t.fetch(url);
      expect(res.status, url).toBe(404);
      expect(await res.json(), url).toEqual({ error: { code: 'not_found', message: 'No such file.' } });
    }
  });

  it('lets no browser or proxy keep personal answers: the API answers Cache-Control: no-store', async () => {
    const ada = await sharer(t);
    const admin = await signedInUser(t, { role: 'admin' });
    for (const [path, cookie] of [
      ['/api/profile', ada.cookie],
      ['/api/me/ideas', ada.cookie],
      ['/api/me/coupons', ada.cookie],
      ['/api/me/saved', ada.cookie],
      ['/api/auth/get-session', ada.cookie],
      ['/api/admin/users', admin.cookie],
      ['/api/admin/payments', admin.cookie],
      ['/api/admin/coupons', admin.cookie],
      ['/api/profile', ''],
      ['/api/nothing-here', ''],
    ] as const) {
      const res = await t.fetch(path, { headers: cookie ? { cookie } : {} });
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const signIn = await t.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: siteHeaders(t, undefined, { 'x-forwarded-for': randomClientIp() }),
      body: JSON.stringify({ email: ada.email, password: ada.password }),
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    // Stored images stay cacheable: their names never change meaning.
    const image = uploadedImageSchema.parse(await (await upload(t, ada, await pngImage(20, 20), 'a.png', 'image/png')).json());
    expect((await t.fetch(image.url)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('has a fixed CORS policy: no other website may read answers or send credentials', async () => {
    const ada = await sharer(t);
    for (const [what, res] of [
      ['GET public list', await t.fetch('/api/ideas', { headers: { origin: EVIL } })],
      ['GET with cookie', await t.fetch('/api/profile', { headers: { origin: EVIL, cookie: ada.cookie } })],
      ['GET session', await t.fetch('/api/auth/get-session', { headers: { origin: EVIL, cookie: ada.cookie } })],
      ['GET config', await t.fetch('/api/config', { headers: { origin: 'null' } })],
    ] as const) {
      expect(res.headers.get('access-control-allow-origin'), what).toBeNull();
      expect(res.headers.get('access-control-allow-credentials'), what).toBeNull();
    }
    // Preflights are not answered with any permission, so a browser sends nothing further.
    for (const url of ['/api/ideas', '/api/profile', '/api/auth/sign-in/email', '/api/uploads/idea-images']) {
      const res = await t.fetch(url, {
        method: 'OPTIONS',
        headers: { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(res.status, url).toBeLessThan(500);
      expect(res.headers.get('access-control-allow-origin'), url).toBeNull();
      expect(res.headers.get('access-control-allow-credentials'), url).toBeNull();
      expect(res.headers.get('access-control-allow-methods'), url).toBeNull();
      expect(res.headers.get('access-control-allow-headers'), url).toBeNull();
    }
  });

  it('refuses every state-changing request from another website, whatever its form, and changes nothing', async () => {
    const ada = await sharer(t);
    const { idea } = await share(t, ada);
    const body = JSON.stringify({ title: 'Changed by another website', description: 'Another website tried to rewrite this description of the pump.' });
    const attempts: [string, RequestInit][] = [
      ['Origin: evil, JSON', { headers: siteHeaders(t, ada.cookie, { origin: EVIL }) }],
      ['Origin: evil, text/plain (a "simple" request)', { headers: { origin: EVIL, cookie: ada.cookie, 'content-type': 'text/plain' } }],
      ['Origin: null (sandboxed frame)', { headers: siteHeaders(t, ada.cookie, { origin: 'null' }) }],
      ['Origin: the site over another port', { headers: siteHeaders(t, ada.cookie, { origin: `${new URL(t.url).protocol}//${new URL(t.url).hostname}:1` }) }],
      ['Origin: a look-alike host', { headers: siteHeaders(t, ada.cookie, { origin: `${new URL(t.url).origin}.evil.example` }) }],
      ['no Origin, Sec-Fetch-Site: cross-site', { headers: { cookie: ada.cookie, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' } }],
    ];
    for (const [what, init] of attempts) {
      for (const [method, url] of [
        ['PATCH', `/api/ideas/${idea.id}`],
        ['DELETE', `/api/ideas/${idea.id}`],
        ['POST', '/api/ideas'],
        ['PATCH', '/api/profile'],
        ['POST', '/api/auth/sign-out'],
        ['POST', '/api/auth/sign-in/email'],
      ] as const) {
        const res = await t.fetch(url, { ...init, method, body: method === 'DELETE' ? undefined : body });
        expect(res.status, `${what}: ${method} ${url}`).toBe(403);
        expect(await res.json(), `${what}: ${method} ${url}`).toEqual({
          error: { code: 'forbidden_origin', message: 'This request came from another website and was refused.' },
        });
      }
    }
    const [row] = await t.db.select({ title: ideas.title }).from(ideas).where(eq(ideas.id, idea.id));
    expect(row?.title).toBe(idea.title);
    expect(await sessionUser(t, ada.cookie)).toMatchObject({ id: ada.id });
    // The same request from the site itself goes through.
    const ok = await t.fetch(`/api/ideas/${idea.id}`, { method: 'PATCH', headers: siteHeaders(t, ada.cookie), body });
    expect(ok.status).toBe(200);
  });

  it('sends nobody to another website: foreign callback and redirect addresses are refused', async () => {
    const ip = randomClientIp();
    const email = uniqueEmail('redirect');
    const signUpRes = await t.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers: siteHeaders(t, undefined, { 'x-forwarded-for': ip }),
      body: JSON.stringify({ name: 'Rita Redirect', email, password: 'a long enough passphrase', callbackURL: `${EVIL}/after-confirm` }),
    });
    expect(signUpRes.status).toBe(403);
    expect(((await signUpRes.json()) as { error: { code: string } }).error.code).toMatch(/^invalid_callback/);
    const [made] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(made).toBeUndefined();

    const ada = await signedInUser(t);
    for (const redirectTo of [`${EVIL}/reset`, '//evil.example/reset', 'javascript:alert(1)']) {
      const res = await t.fetch('/api/auth/request-password-reset', {
        method: 'POST',
        headers: siteHeaders(t, undefined, { 'x-forwarded-for': ip }),
        body: JSON.stringify({ email: ada.email, redirectTo }),
      });
      expect(res.status, redirectTo).toBe(403);
    }
    // The old item address redirects within the site only, whatever it carries.
    for (const id of ['%2F%2Fevil.example', '%2F%5Cevil.example', 'https:%2F%2Fevil.example']) {
      const res = await t.fetch(`/idea/${id}`, { redirect: 'manual' });
      expect(res.status, id).toBe(301);
      expect(res.headers.get('location'), id).toMatch(/^\/ideas\/[^/\\]/);
    }
  });

  it('sets only safe cookies: HttpOnly, SameSite=Lax, Path=/, not Secure-prefixed over http', async () => {
    const mailbox = outboxMailbox(t);
    const ip = randomClientIp();
    const person = await signUpAndConfirm(t, mailbox, { email: uniqueEmail('cookies') }, { ip });
    const { res } = await signIn(t, person, { ip });
    expect(res.status).toBe(200);
    const cookies = expectSafeCookies(res, 'sign-in');
    expect(cookies.map((c) => c.name)).toContain(SESSION_COOKIE);
    const session = cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(Number(session.attrs.get('max-age'))).toBe(30 * 24 * 60 * 60);
    const out = await t.fetch('/api/auth/sign-out', { method: 'POST', headers: siteHeaders(t, cookieFrom(res)), body: '{}' });
    expect(out.status).toBe(200);
    expectSafeCookies(out, 'sign-out');
  });

  it('makes a new session on every sign-in, ignores a planted session cookie, and sign-out ends that session for good', async () => {
    const ada = await signedInUser(t);
    const ip = randomClientIp();
    const first = await signIn(t, ada, { ip });
    const second = await signIn(t, ada, { ip });
    expect(first.res.status).toBe(200);
    expect(second.res.status).toBe(200);
    const tokens = new Set([ada.cookie, first.cookie, second.cookie]);
    expect(tokens.size, 'three sign-ins, three different session tokens').toBe(3);
    // Each sign-in is another device: earlier sessions stay valid until signed out or reset.
    for (const cookie of tokens) expect(await sessionUser(t, cookie)).toMatchObject({ id: ada.id });

    // Session fixation: signing in while the browser carries a cookie someone planted (a real
    // session of another person, or a made-up value) gives a fresh token; the planted one is not adopted.
    const mallory = await signedInUser(t, { name: 'Mallory Eve' });
    for (const planted of [mallory.cookie, `${SESSION_COOKIE}=attacker-chosen-value.c2lnbmF0dXJl`]) {
      const res = await t.fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: siteHeaders(t, planted, { 'x-forwarded-for': ip }),
        body: JSON.stringify({ email: ada.email, password: ada.password }),
      });
      expect(res.status).toBe(200);
      const fresh = cookieFrom(res);
      expect(fresh).toMatch(new RegExp(`^${SESSION_COOKIE.replace('.', '\\.')}=`));
      expect(fresh).not.toBe(planted);
      expect(await sessionUser(t, fresh)).toMatchObject({ id: ada.id });
    }
    expect(await sessionUser(t, mallory.cookie)).toMatchObject({ id: mallory.id });
    expect(await sessionUser(t, `${SESSION_COOKIE}=attacker-chosen-value.c2lnbmF0dXJl`)).toBeNull();

    // Sign-out deletes that session row: the old cookie (and its bearer token) never work again.
    const before = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, ada.id));
    const bearer = ((await first.res.clone().json().catch(() => ({}))) as { token?: string }).token;
    const out = await t.fetch('/api/auth/sign-out', { method: 'POST', headers: siteHeaders(t, first.cookie), body: '{}' });
    expect(out.status).toBe(200);
    const after = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, ada.id));
    expect(after.length).toBe(before.length - 1);
    expect(await sessionUser(t, first.cookie)).toBeNull();
    expect((await t.fetch('/api/profile', { headers: { cookie: first.cookie } })).status).toBe(401);
    if (bearer) expect((await t.fetch('/api/profile', { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(401);
    // Signing out again with the dead cookie changes nothing and signs nobody in.
    const again = await t.fetch('/api/auth/sign-out', { method: 'POST', headers: siteHeaders(t, first.cookie), body: '{}' });
    expect(again.status).toBeLessThan(500);
    expect(await sessionUser(t, first.cookie)).toBeNull();
    // The next sign-in is a new session again, never the signed-out one.
    const next = await signIn(t, ada, { ip });
    expect(next.cookie).not.toBe(first.cookie);
    expect(await sessionUser(t, second.cookie)).toMatchObject({ id: ada.id });
  });
});

describe('security over HTTP with an https PUBLIC_URL', () => {
  const PUBLIC_URL = 'https://ideahub.example.test';
  const t = useTestServer('pglite', { env: { PUBLIC_URL }, webRoot });
  const site = (cookie?: string) => ({ origin: PUBLIC_URL, 'content-type': 'application/json', 'x-forwarded-for': randomClientIp(), ...(cookie ? { cookie } : {}) });

  it('adds HSTS to every answer and marks every cookie Secure with the __Secure- prefix', async () => {
    for (const [what, path, status] of [
      ['HTML page', '/', 200],
      ['API JSON', '/api/ideas', 200],
      ['error', '/api/profile', 401],
      ['/healthz', '/healthz', 200],
    ] as const) {
      const res = await t.fetch(path);
      expect(res.status, what).toBe(status);
      expectSecurityHeaders(res, what, { https: true });
    }
    const ada = await signedInUser(t);
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, ada.id));
    const res = await t.fetch('/api/auth/sign-in/email', { method: 'POST', headers: site(), body: JSON.stringify({ email: ada.email, password: ada.password }) });
    expect(res.status).toBe(200);
    expectSecurityHeaders(res, 'sign-in', { https: true });
    const cookies = expectSafeCookies(res, 'sign-in', { https: true });
    expect(cookies.map((c) => c.name)).toContain(`__Secure-${SESSION_COOKIE}`);
    const cookie = cookieFrom(res);
    expect(await t.fetch('/api/profile', { headers: { cookie } }).then((r) => r.status)).toBe(200);
    // The site's own https origin may write; the http form of the same host may not.
    expect((await t.fetch('/api/profile', { method: 'PATCH', headers: site(cookie), body: JSON.stringify({ bio: 'Hello' }) })).status).toBe(200);
    const downgrade = await t.fetch('/api/profile', { method: 'PATCH', headers: { ...site(cookie), origin: 'http://ideahub.example.test' }, body: '{}' });
    expect(downgrade.status).toBe(403);
    const out = await t.fetch('/api/auth/sign-out', { method: 'POST', headers: site(cookie), body: '{}' });
    expect(out.status).toBe(200);
    expectSafeCookies(out, 'sign-out', { https: true });
    expect((await t.fetch('/api/profile', { headers: { cookie } })).status).toBe(401);
  });
});
