/**
 * A new item tells its maker's followers (issue 28): '{name} shared {title}' in the app, and by
 * email for those who chose it, through the notifications and the mail outbox in the sharing
 * transaction. The email quotes the description past its first 100 characters only to a reader
 * the access rule entitles (content-access): never to someone who may not read more.
 */
import { describe, expect, it } from 'vitest';
import { notificationListSchema } from '../../../shared/schemas/notifications.ts';
import { type SignedInUser, signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { useMailCatcher } from '../../../../tests/support/mail-catcher.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { shareBody, sharer } from '../ideas/api-test-helpers.ts';
import { ideaCreatedSchema } from '../../../shared/schemas/ideas.ts';

const PUBLIC_URL = 'https://ideahub.example';
const OPEN_PART = 'A pump that runs on sunlight so farmers can water crops without buying any fuel, sold with warranty.';
const HIDDEN_PART = ' Only entitled readers see this: the supplier list and the margin per unit.';

async function person(t: TestServer, name: string, role?: 'admin') {
  const p = await signedInUser(t, { name, role });
  p.headers.origin = PUBLIC_URL;
  return p;
}

describe.each(databaseKinds())('new items tell followers on %s', (kind) => {
  const mail = useMailCatcher();
  Object.assign(mail.env, { PUBLIC_URL, WRITE_LIMITS: 'off' });
  const t = useTestServer(kind, { env: mail.env, mailOutbox: { pollMs: 3_600_000 } });

  const follow = (makerId: string, p: SignedInUser) => t.fetch(`/api/makers/${makerId}/follow`, { method: 'PUT', headers: p.headers });
  const notificationsOf = async (p: SignedInUser) => notificationListSchema.parse(await (await t.fetch('/api/notifications', { headers: p.headers })).json()).items;
  const mailsTo = (p: SignedInUser) => mail.mails.filter((m) => m.to.includes(p.email));

  it('notifies followers in the app and, where chosen, by email; the description past 100 characters only to entitled readers', async () => {
    const maker = await sharer(t, { name: 'Mara Maker' });
    maker.headers.origin = PUBLIC_URL;
    const [kofi, admin, ama, quiet] = [await person(t, 'Kofi Mensah'), await person(t, 'Ade Admin', 'admin'), await person(t, 'Ama Owusu'), await person(t, 'Quiet Reader')];
    for (const p of [kofi, admin, quiet]) expect((await follow(maker.id, p)).status).toBe(200);
    for (const p of [kofi, admin]) {
      const res = await t.fetch('/api/notifications/preferences', { method: 'PUT', headers: p.headers, body: JSON.stringify({ new_item: { email: true } }) });
      expect(res.status).toBe(200);
    }
    expect(OPEN_PART.length).toBe(100);
    const res = await t.fetch('/api/ideas', { method: 'POST', headers: maker.headers, body: JSON.stringify(shareBody({ title: 'A solar pump for farms', description: OPEN_PART + HIDDEN_PART })) });
    expect(res.status).toBe(201);
    const created = ideaCreatedSchema.parse(await res.json());
    await t.server.mailOutbox.runOnce();

    for (const p of [kofi, admin, quiet]) {
      const [first] = await notificationsOf(p);
      expect(first).toMatchObject({ kind: 'new_item', actor: { id: maker.id, name: 'Mara Maker' }, item: { id: created.idea.id, title: 'A solar pump for farms' }, link: `/ideas/${created.idea.id}` });
    }
    // Not a follower, and not the maker: nothing.
    expect((await notificationsOf(ama)).some((n) => n.kind === 'new_item')).toBe(false);
    expect((await notificationsOf(maker)).some((n) => n.kind === 'new_item')).toBe(false);

    // Email: only to those who chose it (it is off by default); Kofi is not premium, the admin is entitled.
    expect(mailsTo(quiet)).toEqual([]);
    expect(mailsTo(ama)).toEqual([]);
    const [toKofi] = mailsTo(kofi);
    expect(toKofi?.subject).toBe('Mara Maker shared “A solar pump for farms”');
    expect(toKofi!.text).toContain(`> ${OPEN_PART}…`);
    expect(toKofi!.text).not.toContain('supplier list');
    expect(toKofi!.html).not.toContain('supplier list');
    expect(toKofi!.text).toContain(`${PUBLIC_URL}/ideas/${created.idea.id}`);
    expect(toKofi!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const [toAdmin] = mailsTo(admin);
    expect(toAdmin!.text).toContain('the supplier list and the margin per unit.');
  });
});
