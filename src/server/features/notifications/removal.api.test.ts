/**
 * Removals tell the author (issue 17 point 1), with the moderator's optional reason: a message
 * removed in the discussion or through the Reports queue, an item removed from its page or the
 * admin's Content section. Who removed it is not said; removing one's own item tells nobody; a bad
 * reason is a 400 that removes nothing; the audit log keeps the reason.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../shared/schemas/notifications.ts';
import { type SignedInUser, signedInUser } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea } from '../../../../tests/support/factories.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { auditLog, ideaDiscussionMessages, ideas, reports } from '../../db/schema.ts';
import { giveItems, postOk } from '../discussion/testing/people.ts';

async function removalsOf(t: TestServer, who: SignedInUser) {
  const res = await t.fetch('/api/notifications', { headers: who.headers });
  return ((await res.json()) as NotificationList).items.filter((n) => n.kind === 'removal');
}

describe.each(databaseKinds())('removals tell the author on %s', (kind) => {
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'off' } });
  let author: SignedInUser;
  let moderator: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    [author, moderator, admin] = await Promise.all([
      signedInUser(t, { name: 'Ada Author' }),
      signedInUser(t, { name: 'Mo Moderator', role: 'moderator' }),
      signedInUser(t, { name: 'Ade Admin', role: 'admin' }),
    ]);
    await giveItems(t.db, author.id, 21);
  });

  const send = (who: SignedInUser, method: string, path: string, body?: unknown) =>
    t.fetch(path, { method, headers: who.headers, body: body === undefined ? undefined : JSON.stringify(body) });

  it('a message removed in the discussion: its author is told, with the reason', async () => {
    const idea = await createIdea(t.db, { userId: admin.id, title: 'A discussed item' });
    const message = await postOk(t, idea.id, author.headers, 'Buy cheap pumps at my site!!');
    const res = await send(moderator, 'DELETE', `/api/messages/${message.id}`, { reason: '  Advertising is not allowed here.  ' });
    expect(res.status).toBe(204);
    const [told] = await removalsOf(t, author);
    expect(told).toMatchObject({ actor: null, item: { id: idea.id, title: 'A discussed item' }, removed: { target: 'message', reason: 'Advertising is not allowed here.' }, link: `/ideas/${idea.id}` });
    expect(JSON.stringify(told)).not.toContain('Mo Moderator');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, String(message.id)));
    expect(entry?.details).toMatchObject({ reason: 'Advertising is not allowed here.' });
  });

  it('without a body (or a blank reason) the removal still works and says no reason was given', async () => {
    const idea = await createIdea(t.db, { userId: admin.id });
    const first = await postOk(t, idea.id, author.headers, 'First message.');
    const second = await postOk(t, idea.id, author.headers, 'Second message.');
    expect((await t.fetch(`/api/messages/${first.id}`, { method: 'DELETE', headers: { cookie: moderator.cookie, origin: new URL(t.url).origin } })).status).toBe(204);
    expect((await send(moderator, 'DELETE', `/api/messages/${second.id}`, { reason: '   ' })).status).toBe(204);
    const told = (await removalsOf(t, author)).slice(0, 2);
    expect(told.map((n) => n.removed)).toEqual([
      { target: 'message', reason: null },
      { target: 'message', reason: null },
    ]);
  });

  it('a bad reason is a 400 and removes nothing', async () => {
    const idea = await createIdea(t.db, { userId: author.id });
    const message = await postOk(t, idea.id, admin.headers, 'Stays.');
    for (const body of [{ reason: 'x'.repeat(501) }, { reason: 42 }]) {
      expect((await send(moderator, 'DELETE', `/api/messages/${message.id}`, body)).status).toBe(400);
      expect((await send(admin, 'DELETE', `/api/admin/content/${idea.id}`, body)).status).toBe(400);
    }
    expect(await t.db.select().from(ideaDiscussionMessages).where(eq(ideaDiscussionMessages.id, message.id))).toHaveLength(1);
    expect(await t.db.select().from(ideas).where(eq(ideas.id, idea.id))).toHaveLength(1);
  });

  it('an item removed from the admin Content section or its page: its owner is told, with the title', async () => {
    const one = await createIdea(t.db, { userId: author.id, title: 'A misleading offer' });
    const two = await createIdea(t.db, { userId: author.id, title: 'A duplicate offer' });
    expect((await send(admin, 'DELETE', `/api/admin/content/${one.id}`, { reason: 'The price was misleading.' })).status).toBe(204);
    expect((await send(moderator, 'DELETE', `/api/ideas/${two.id}`, { reason: 'Posted twice.' })).status).toBe(204);
    const told = (await removalsOf(t, author)).slice(0, 2);
    expect(told).toMatchObject([
      { item: { id: null, title: 'A duplicate offer' }, removed: { target: 'idea', reason: 'Posted twice.' }, link: null },
      { item: { id: null, title: 'A misleading offer' }, removed: { target: 'idea', reason: 'The price was misleading.' }, link: null },
    ]);
  });

  it('removing one’s own item tells nobody', async () => {
    const own = await createIdea(t.db, { userId: author.id, title: 'My own removal' });
    expect((await send(author, 'DELETE', `/api/ideas/${own.id}`, { reason: 'Changed my mind.' })).status).toBe(204);
    expect((await removalsOf(t, author)).some((n) => n.item?.title === 'My own removal')).toBe(false);
  });

  it('Remove in the Reports queue tells the author of the item or the message', async () => {
    const reporter = await signedInUser(t, { name: 'Rita Reporter' });
    const idea = await createIdea(t.db, { userId: author.id, title: 'A reported item' });
    await t.db.insert(reports).values({ reporterId: reporter.id, targetType: 'idea', targetId: idea.id, ideaId: idea.id, reason: 'spam' });
    const res = await send(moderator, 'POST', `/api/admin/reports/idea/${idea.id}/remove`, { reason: 'Reported as spam by several people.' });
    expect(res.status, await res.clone().text()).toBe(200);
    const host = await createIdea(t.db, { userId: admin.id, title: 'A host item' });
    const message = await postOk(t, host.id, author.headers, 'A reported message.');
    await t.db.insert(reports).values({ reporterId: reporter.id, targetType: 'message', targetId: String(message.id), ideaId: host.id, messageId: message.id, reason: 'offensive' });
    expect((await send(admin, 'POST', `/api/admin/reports/message/${message.id}/remove`)).status).toBe(200);
    const told = (await removalsOf(t, author)).slice(0, 2);
    expect(told).toMatchObject([
      { item: { id: host.id, title: 'A host item' }, removed: { target: 'message', reason: null } },
      { item: { id: null, title: 'A reported item' }, removed: { target: 'idea', reason: 'Reported as spam by several people.' } },
    ]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, idea.id));
    expect(entry).toMatchObject({ action: 'report.remove' });
    expect(entry?.details).toMatchObject({ reason: 'Reported as spam by several people.' });
  });
});
