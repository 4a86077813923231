/**
 * Issue 27 point 5: the sign-in and sign-up forms work as plain form posts (no JavaScript). A
 * post signs in or up through the same API, sets the session cookie and goes on to the return
 * address; a refusal comes back to /auth with the reason the page shows; another website's post
 * is refused like any write to the API.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationPreferences, users } from '../../db/schema.ts';
import { AUTH_FORM_PATHS } from '../../../shared/rules/auth-form.ts';
import { cookieFrom, mergeCookies, randomClientIp, sessionUser, signedInUser, TEST_PASSWORD, uniqueEmail } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { changeSettings } from '../../../../tests/support/settings.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { totpCode, turnOnTwoFactor } from '../../../../tests/support/two-factor.ts';

describe.each(databaseKinds())('sign-in and sign-up as form posts on %s', (kind) => {
  const t = useTestServer(kind);

  /** A browser's form post from the site (or from `origin`), not followed; `cookie` as the browser holds it. */
  const post = (path: string, fields: Record<string, string>, origin = new URL(t.url).origin, cookie?: string) =>
    t.fetch(path, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': randomClientIp(), ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });

  it('signs in, sets the session cookie and goes back to the page that asked', async () => {
    const person = await signedInUser(t, { name: 'Fatima Form' });
    const res = await post(`${AUTH_FORM_PATHS.signIn}?next=${encodeURIComponent('/ideas/abc?x=1#discussion')}`, { email: person.email, password: TEST_PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/ideas/abc?x=1#discussion');
    expect((await sessionUser(t, cookieFrom(res)))?.email).toBe(person.email);
  });

  it('goes to the dashboard without a return address, and never to another website', async () => {
    const person = await signedInUser(t);
    const res = await post(`${AUTH_FORM_PATHS.signIn}?next=${encodeURIComponent('//evil.example/x')}`, { email: person.email, password: TEST_PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard');
  });

  it('comes back to /auth with the reason when the password is wrong or a field is missing', async () => {
    const person = await signedInUser(t);
    const wrong = await post(`${AUTH_FORM_PATHS.signIn}?next=%2Fabout`, { email: person.email, password: 'not the password' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/auth?next=%2Fabout&failed=invalid_email_or_password');
    expect(wrong.headers.getSetCookie().some((c) => c.includes('session_token=') && !/max-age=0/i.test(c))).toBe(false);

    const empty = await post(AUTH_FORM_PATHS.signIn, { email: '', password: '' });
    expect(empty.headers.get('location')).toBe('/auth?failed=email_required');
  });

  it('refuses a post from another website', async () => {
    const person = await signedInUser(t);
    const res = await post(AUTH_FORM_PATHS.signIn, { email: person.email, password: TEST_PASSWORD }, 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('signs up and says the confirmation mail is on its way; a mismatch comes back on the Sign Up tab', async () => {
    const email = uniqueEmail('formpost');
    const fields = { fullName: 'Femi Form', email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
    const res = await post(`${AUTH_FORM_PATHS.signUp}?next=%2Fabout`, fields);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth?tab=signup&next=%2Fabout&sent=1');
    const again = await post(AUTH_FORM_PATHS.signUp, { ...fields, email: uniqueEmail('formpost'), confirmPassword: 'something else' });
    expect(again.headers.get('location')).toBe('/auth?tab=signup&failed=passwords_do_not_match');
  });

  it('keeps the weekly digest as the sign-up box says: ticked turns it on, unticked (not sent) leaves it off', async () => {
    const digestOf = async (email: string) => {
      const [row] = await t.db
        .select({ on: notificationPreferences.digestEnabled })
        .from(users)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
        .where(eq(users.email, email));
      return row?.on ?? false;
    };
    const ticked = uniqueEmail('digest-on');
    const fields = { fullName: 'Dayo Digest', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
    expect((await post(AUTH_FORM_PATHS.signUp, { ...fields, email: ticked, weeklyDigest: 'on' })).status).toBe(303);
    expect(await digestOf(ticked)).toBe(true);
    const unticked = uniqueEmail('digest-off');
    expect((await post(AUTH_FORM_PATHS.signUp, { ...fields, email: unticked })).status).toBe(303);
    expect(await digestOf(unticked)).toBe(false);
  });

  it('takes the two-factor code as a form post too: a wrong code comes back to the code step, the right one signs in', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    await changeSettings(t, admin, { enableTwoFactor: true });
    const person = await signedInUser(t, { name: 'Tobi Twofactor' });
    const { totpURI } = await turnOnTwoFactor(t, person);

    const step = await post(`${AUTH_FORM_PATHS.signIn}?next=%2Fabout`, { email: person.email, password: TEST_PASSWORD });
    expect(step.headers.get('location')).toBe('/auth?next=%2Fabout&step=two-factor');
    const challenge = cookieFrom(step);
    expect(await sessionUser(t, challenge)).toBeNull();

    const malformed = await post(`${AUTH_FORM_PATHS.twoFactor}?next=%2Fabout`, { code: '12345' }, undefined, challenge);
    expect(malformed.headers.get('location')).toBe('/auth?next=%2Fabout&step=two-factor&failed=code_format');
    const current = totpCode(totpURI, 1);
    const wrong = await post(`${AUTH_FORM_PATHS.twoFactor}?next=%2Fabout`, { code: current === '000000' ? '111111' : '000000' }, undefined, challenge);
    expect(wrong.headers.get('location')).toBe('/auth?next=%2Fabout&step=two-factor&failed=invalid_code');
    expect(await sessionUser(t, mergeCookies(challenge, cookieFrom(wrong)))).toBeNull();

    const right = await post(`${AUTH_FORM_PATHS.twoFactor}?next=%2Fabout`, { code: current }, undefined, challenge);
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/about');
    expect((await sessionUser(t, mergeCookies(challenge, cookieFrom(right))))?.email).toBe(person.email);
    await changeSettings(t, admin, { enableTwoFactor: false });
  });
});
