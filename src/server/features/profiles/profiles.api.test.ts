import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROFILE_TEXT_FIELDS, profileSchema } from '../../../shared/schemas/profile.ts';
import { users } from '../../db/schema.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { sessionUser, signedInUser, siteHeaders } from '../../../../tests/support/auth.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const SECRETS = {
  phone: '+234 803 000 1111',
  address: '12 Secret Close, Ikeja',
  bankName: 'Hidden Bank',
  bankAccountNumber: '0123456789',
  bankAccountName: 'Secret Holder',
  nextOfKinName: 'Private Kin',
  nextOfKinPhone: '+234 805 999 0000',
};

describe.each(databaseKinds())('profiles on %s', (kind) => {
  const t = useTestServer(kind);

  const patch = (headers: Record<string, string>, body: unknown) =>
    t.fetch('/api/profile', { method: 'PATCH', headers, body: JSON.stringify(body) });

  it('gives a new person a profile with the sign-up name and read-only email', async () => {
    const ada = await signedInUser(t, { name: 'Ada Obi' });
    const res = await t.fetch('/api/profile', { headers: ada.headers });
    expect(res.status).toBe(200);
    const profile = profileSchema.parse(await res.json());
    expect(profile).toMatchObject({ userId: ada.id, fullName: 'Ada Obi', email: ada.email, skills: null, phone: null });
  });

  it('saves every field of SPEC §3 for the owner, cleaned, and keeps them', async () => {
    const ada = await signedInUser(t, { name: 'Ada Obi' });
    const res = await patch(ada.headers, {
      fullName: '  ada   NGOZI obi 🚀... ',
      contactInfo: ' ada@contact.test ',
      bio: 'Builds solar pumps.',
      industry: 'Energy',
      educationStatus: 'Graduate',
      country: 'Nigeria',
      state: 'Lagos',
      lga: 'Ikeja',
      skills: ['solar', ' pumps ', ''],
      ...SECRETS,
      email: 'changed@example.test',
    });
    expect(res.status).toBe(200);
    const saved = profileSchema.parse(await res.json());
    expect(saved).toMatchObject({
      fullName: 'Ada Ngozi Obi',
      contactInfo: 'ada@contact.test',
      skills: ['solar', 'pumps'],
      email: ada.email,
      ...SECRETS,
    });
    const again = profileSchema.parse(await (await t.fetch('/api/profile', { headers: ada.headers })).json());
    expect(again).toEqual(saved);
    // The full name is the account's display name too (the dashboard greets with it).
    expect(await sessionUser(t, ada.cookie)).toMatchObject({ name: 'Ada Ngozi Obi' });
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, ada.id));
    expect(row?.email).toBe(ada.email);

    const cleared = profileSchema.parse(await (await patch(ada.headers, { skills: [], bio: '  ', phone: null })).json());
    expect(cleared).toMatchObject({ skills: null, bio: null, phone: null, fullName: 'Ada Ngozi Obi', bankName: SECRETS.bankName });
  });

  it('refuses a bad full name with the messages of SPEC §5 joined by a space', async () => {
    const ada = await signedInUser(t);
    const res = await patch(ada.headers, { fullName: '4' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    const message = 'Full name must contain only letters and spaces. Full name must be at least 2 characters long.';
    expect(body.error.message).toBe(message);
    expect(body.error.fields).toEqual({ fullName: [message] });
    expect(((await (await patch(ada.headers, { fullName: 'Bob99' })).json()) as ErrorBody).error.message).toBe(
      'Full name must contain only letters and spaces.',
    );
  });

  it('limits the length of every field on the server, with a clear message', async () => {
    const ada = await signedInUser(t);
    for (const [field, { max, label }] of Object.entries(PROFILE_TEXT_FIELDS)) {
      const res = await patch(ada.headers, { [field]: (field === 'fullName' ? 'A' : '9').repeat(max + 1) });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.fields?.[field], field).toEqual([`${label} must be at most ${max} characters.`]);
    }
    const many = await patch(ada.headers, { skills: Array.from({ length: 31 }, (_, i) => `skill${i}`) });
    expect(((await many.json()) as ErrorBody).error.message).toBe('Please list at most 30 skills.');
  });

  it('lets nobody else read or change a profile, staff included, and leaks nothing private', async () => {
    const owner = await signedInUser(t, { name: 'Owner Person' });
    await patch(owner.headers, SECRETS);
    const other = await signedInUser(t, { name: 'Other Person' });
    const moderator = await signedInUser(t, { role: 'moderator' });
    // No staff answer carries another person's banking, address or next of kin (docs/decisions/0027).
    const admin = await signedInUser(t, { role: 'admin' });

    for (const viewer of [other, moderator, admin]) {
      const res = await t.fetch(`/api/profiles/${owner.id}`, { headers: viewer.headers });
      expect(res.status).toBe(404);
      const text = await res.text();
      const missing = await t.fetch('/api/profiles/no-such-user', { headers: viewer.headers });
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe(text);
      for (const secret of [...Object.values(SECRETS), owner.email]) expect(text).not.toContain(secret);
    }

    // Their own profile endpoints only ever show their own data.
    const mine = await (await t.fetch('/api/profile', { headers: other.headers })).text();
    for (const secret of Object.values(SECRETS)) expect(mine).not.toContain(secret);
    const changed = await patch(other.headers, { bankName: 'Not Yours' });
    expect(changed.status).toBe(200);
    const ownerView = profileSchema.parse(await (await t.fetch('/api/profile', { headers: owner.headers })).json());
    expect(ownerView.bankName).toBe(SECRETS.bankName);
    // There is no route to change someone else's profile.
    expect((await t.fetch(`/api/profiles/${owner.id}`, { method: 'PATCH', headers: other.headers, body: '{}' })).status).toBe(404);

    // The owner reads it in full.
    const asOwner = profileSchema.parse(await (await t.fetch(`/api/profiles/${owner.id}`, { headers: owner.headers })).json());
    expect(asOwner).toMatchObject(SECRETS);
  });

  it('asks visitors to sign in', async () => {
    for (const res of [
      await t.fetch('/api/profile'),
      await t.fetch('/api/profile', { method: 'PATCH', headers: siteHeaders(t), body: JSON.stringify({ fullName: 'X' }) }),
      await t.fetch('/api/profiles/anyone'),
    ]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as ErrorBody).error).toEqual({ code: 'unauthorized', message: 'You need to sign in first.' });
    }
  });
});
