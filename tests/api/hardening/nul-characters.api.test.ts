/**
 * NUL characters (issue 14 point 4): PostgreSQL refuses U+0000 in text, so a NUL that reached a
 * query was a 500. Anywhere in an API request (path, query, JSON or form body, the session
 * cookie) it is a 400 with the one error body, and nothing is written; pages answer as usual.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ideaDiscussions, ideas, profiles, users } from '../../../src/server/db/schema.ts';
import { pngImage, share, sharer, shareBody } from '../../../src/server/features/ideas/api-test-helpers.ts';
import { siteHeaders, uniqueEmail } from '../../support/auth.ts';
import { databaseKinds } from '../../support/databases.ts';
import { useServerEntryBuild } from '../../support/web-build.ts';
import { type TestServer, useTestServer } from '../../support/test-server.ts';

const NUL_MESSAGE = 'The request contains a NUL character, which is not allowed.';
const webRoot = useServerEntryBuild();

async function expectNulRefused(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text}`).toBe(400);
  expect(JSON.parse(text), what).toEqual({ error: { code: 'bad_request', message: NUL_MESSAGE } });
}

async function rowCounts(t: TestServer) {
  const [[u], [i], [m]] = await Promise.all([
    t.db.select({ n: count() }).from(users),
    t.db.select({ n: count() }).from(ideas),
    t.db.select({ n: count() }).from(ideaDiscussions),
  ]);
  return { users: u!.n, ideas: i!.n, messages: m!.n };
}

describe.each(databaseKinds())('NUL characters on %s', (kind) => {
  const t = useTestServer(kind, { webRoot });

  it('in the path or the query of the API: 400 with the one error body', async () => {
    const owner = await sharer(t);
    const { idea } = await share(t, owner);
    for (const path of [
      '/api/ideas?q=%00',
      '/api/ideas?q=pump%00',
      '/api/ideas?category=%00',
      '/api/ideas?cursor=%00',
      '/api/ideas/%00',
      `/api/ideas/${idea.id}%00`,
      '/api/ideas/%00/messages',
      '/api/profiles/%00',
      '/api/nothing/%00',
      `/api/ideas?%00=1`,
    ]) {
      await expectNulRefused(await t.fetch(path), `visitor GET ${path}`);
      await expectNulRefused(await t.fetch(path, { headers: owner.headers }), `signed-in GET ${path}`);
    }
    await expectNulRefused(await t.fetch('/api/auth/get-session?x=%00'), 'GET /api/auth/get-session?x=%00');
    // Encoded twice it is plain text ('%00'), not a NUL: searched for like any other text.
    expect((await t.fetch('/api/ideas?q=%2500')).status).toBe(200);
  });

  it('in a JSON body of any write: 400, and nothing is written', async () => {
    const owner = await sharer(t, { name: 'Ngozi Eze' });
    const { idea } = await share(t, owner);
    const before = await rowCounts(t);
    const writes: [string, string, unknown][] = [
      ['PATCH', '/api/profile', { fullName: 'Ngozi\u0000 Eze' }],
      ['PATCH', '/api/profile', { bio: 'fine', skills: ['design', 'x\u0000'] }],
      ['POST', '/api/ideas', shareBody({ title: 'A pump\u0000' })],
      ['POST', '/api/ideas', shareBody({ description: '\u0000'.repeat(50) })],
      ['PATCH', `/api/ideas/${idea.id}`, { title: 'Renamed\u0000' }],
      ['POST', `/api/ideas/${idea.id}/messages`, { content: 'hello\u0000there' }],
      ['POST', `/api/ideas/${idea.id}/contact`, { message: '\u0000' }],
      ['PUT', `/api/ideas/${idea.id}/rating`, { rating: 4, note: '\u0000' }],
      // A NUL in a key is a NUL too.
      ['PATCH', '/api/profile', { 'bio\u0000': 'x' }],
    ];
    for (const [method, path, body] of writes) {
      await expectNulRefused(await t.fetch(path, { method, headers: owner.headers, body: JSON.stringify(body) }), `${method} ${path}`);
    }
    // A raw NUL byte inside the JSON text (not valid JSON anyway) is refused the same way.
    await expectNulRefused(
      await t.fetch('/api/profile', { method: 'PATCH', headers: owner.headers, body: '{"bio":"a\u0000b"}' }),
      'raw NUL in JSON',
    );
    // An escaped backslash before u0000 is text, not a NUL.
    const plain = await t.fetch('/api/profile', { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ bio: 'C:\\u0000' }) });
    expect(plain.status, await plain.text()).toBe(200);

    expect(await rowCounts(t)).toEqual(before);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, owner.id));
    expect(profile?.fullName).toBe('Ngozi Eze');
    expect(profile?.bio).toBe('C:\\u0000');
    const [kept] = await t.db.select({ title: ideas.title }).from(ideas).where(eq(ideas.id, idea.id));
    expect(kept?.title).toBe(idea.title);
  });

  it('in sign-up and sign-in (JSON and form bodies): 400, and no account is made', async () => {
    const before = await rowCounts(t);
    const email = uniqueEmail('nul');
    const headers = siteHeaders(t);
    const form = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
    const attempts: [string, Record<string, string>, string][] = [
      ['/api/auth/sign-up/email', headers, JSON.stringify({ name: 'Nul Person', email: email.replace('@', '\u0000@'), password: 'correct horse battery' })],
      ['/api/auth/sign-up/email', headers, JSON.stringify({ name: 'Nul\u0000Person', email, password: 'correct horse battery' })],
      ['/api/auth/sign-up/email', headers, JSON.stringify({ name: 'Nul Person', email, password: 'correct\u0000horse battery' })],
      ['/api/auth/sign-in/email', headers, JSON.stringify({ email: `${email}\u0000`, password: 'correct horse battery' })],
      ['/api/auth/sign-in/email', headers, JSON.stringify({ email, password: '\u0000' })],
      ['/api/auth/sign-in/email', form, `email=${encodeURIComponent(email)}%00&password=x`],
      ['/api/auth/request-password-reset', headers, JSON.stringify({ email: `\u0000${email}` })],
    ];
    for (const [path, h, body] of attempts) await expectNulRefused(await t.fetch(path, { method: 'POST', headers: h, body }), `POST ${path} ${body}`);
    expect(await rowCounts(t)).toEqual(before);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // The body read by the check still reaches better-auth whole, JSON and form alike.
    const signUp = await t.fetch('/api/auth/sign-up/email', { method: 'POST', headers, body: JSON.stringify({ name: 'Nul Person', email, password: 'correct horse battery' }) });
    expect(signUp.status, await signUp.text()).toBe(200);
    const signIn = await t.fetch('/api/auth/sign-in/email', { method: 'POST', headers: form, body: `email=${encodeURIComponent(email)}&password=wrong-password` });
    expect((await signIn.json()) as unknown).toMatchObject({ error: { code: 'invalid_email_or_password' } });
  });

  it('in the session cookie or a bearer token: 400, never a 500', async () => {
    for (const headers of <Record<string, string>[]>[
      { cookie: 'ideahub.session_token=abc%00def.sig' },
      { cookie: 'ideahub.session_token=%00' },
      { authorization: 'Bearer abc%00def' },
    ]) {
      for (const path of ['/api/profile', '/api/ideas', '/api/auth/get-session']) {
        await expectNulRefused(await t.fetch(path, { headers }), `${path} ${JSON.stringify(headers)}`);
      }
    }
  });

  it('in the upload form: its non-file fields are never a 500', async () => {
    const owner = await sharer(t);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'pump\u0000.png');
    form.append('caption', 'a\u0000b');
    form.append('x\u0000', 'y');
    const res = await t.fetch('/api/uploads/idea-images', { method: 'POST', headers: { origin: new URL(t.url).origin, cookie: owner.cookie }, body: form });
    expect(res.status, await res.clone().text()).toBeLessThan(500);
    expect([201, 400]).toContain(res.status);
  });

  it('in the address of a page: the page answers as usual', async () => {
    for (const [path, status] of [
      ['/ideas/%00', 404],
      ['/ideas/abc%00', 404],
      ['/idea/%00', 301],
      ['/?q=%00', 200],
      ['/?category=%00', 200],
      ['/?%00', 200],
      ['/profile?tab=%00', 200],
    ] as const) {
      const res = await t.fetch(path, { redirect: 'manual' });
      expect(res.status, path).toBe(status);
      if (status !== 301) expect(await res.text(), path).toContain('<div id="root"');
    }
    // Stored files answer JSON errors like the API.
    for (const path of ['/storage/idea-images/%00', '/storage/%00/x.png', '/storage/idea-images/x.png?v=%00']) {
      const res = await t.fetch(path);
      expect(res.status, path).toBeLessThan(500);
      expect(await res.json(), path).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });
});
