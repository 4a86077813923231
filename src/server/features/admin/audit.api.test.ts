/**
 * The audit log over HTTP on a real database (issue 14 point 16): each recorded action writes
 * exactly one entry with its actor, action, target and details; only admins read the log; the
 * search covers actor, action and target title; entries outlive the items they name.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACCESS_DENIED, adminAuditPageSchema, type AdminAuditPage } from '../../../shared/schemas/admin.ts';
import { PLATFORM_SETTINGS_DEFAULTS, settingsResponseSchema } from '../../../shared/schemas/settings.ts';
import { auditLog, ideaDiscussionMessages, ideaDiscussions, ideas, users } from '../../db/schema.ts';
import { setClockForTests } from '../../lib/clock.ts';
import { type SignedInUser, signedInUser, siteHeaders } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { changeSettings } from '../../../../tests/support/settings.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { deleteAccount } from '../leaving/delete.ts';

function call(t: TestServer, who: SignedInUser | null, method: string, path: string, body?: unknown) {
  return t.fetch(path, { method, headers: who ? who.headers : siteHeaders(t), body: body === undefined ? undefined : JSON.stringify(body) });
}

async function auditPage(t: TestServer, who: SignedInUser, query: string): Promise<AdminAuditPage> {
  const res = await call(t, who, 'GET', `/api/admin/audit${query}`);
  expect(res.status).toBe(200);
  return adminAuditPageSchema.parse(await res.json());
}

/** A word no other row contains, for names and titles the search must find. */
const token = () => `zq${randomUUID().slice(0, 8)}`;

describe.each(databaseKinds())('audit log on %s', (kind) => {
  const t = useTestServer(kind);
  const entriesFor = (targetId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

  it('records a role change once, with actor, target name and old → new; a change to the same role records nothing', async () => {
    const admin = await signedInUser(t, { role: 'admin', name: 'Amara Admin' });
    const person = await createUser(t.db, { name: 'Bola Person' });
    expect((await call(t, admin, 'PATCH', `/api/admin/users/${person.id}/role`, { role: 'moderator' })).status).toBe(200);
    expect((await call(t, admin, 'PATCH', `/api/admin/users/${person.id}/role`, { role: 'moderator' })).status).toBe(200);
    const rows = await entriesFor(person.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      actorName: 'Amara Admin',
      action: 'role.change',
      targetType: 'user',
      targetTitle: 'Bola Person',
      details: { from: 'user', to: 'moderator' },
    });
    // A refused change (the last-admin rule and others roll back) leaves no entry either.
    expect((await call(t, admin, 'PATCH', `/api/admin/users/${randomUUID()}/role`, { role: 'user' })).status).toBe(404);
  });

  it('records staff removing items (admin section and the item route) once each, title kept after deletion; an owner deleting their own item records nothing', async () => {
    const admin = await signedInUser(t, { role: 'admin', name: 'Amara Admin' });
    const moderator = await signedInUser(t, { role: 'moderator', name: 'Musa Moderator' });
    const owner = await signedInUser(t, { name: 'Olu Owner' });
    const title = `Cassava drying racks ${token()}`;
    const viaAdmin = await createIdea(t.db, { userId: owner.id, title });
    const viaItem = await createIdea(t.db, { userId: owner.id, title: `Solar kiosks ${token()}`, category: 'product' });
    const own = await createIdea(t.db, { userId: owner.id });

    expect((await call(t, admin, 'DELETE', `/api/admin/content/${viaAdmin.id}`)).status).toBe(204);
    expect((await call(t, moderator, 'DELETE', `/api/ideas/${viaItem.id}`)).status).toBe(204);
    expect((await call(t, owner, 'DELETE', `/api/ideas/${own.id}`)).status).toBe(204);

    const [a] = await entriesFor(viaAdmin.id);
    expect(await entriesFor(viaAdmin.id)).toHaveLength(1);
    expect(a).toMatchObject({
      actorId: admin.id,
      actorName: 'Amara Admin',
      action: 'content.remove',
      targetType: 'idea',
      targetTitle: title,
      details: { category: 'idea', ownerId: owner.id, via: 'admin' },
    });
    const m = await entriesFor(viaItem.id);
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ actorId: moderator.id, actorName: 'Musa Moderator', action: 'content.remove', details: { category: 'product', via: 'item' } });
    expect(await entriesFor(own.id)).toHaveLength(0);

    // The item is gone; its entry, with the title as it was, is still listed and found by title.
    expect(await t.db.select().from(ideas).where(eq(ideas.id, viaAdmin.id))).toHaveLength(0);
    const found = await auditPage(t, admin, `?q=${encodeURIComponent(title.slice(-10))}`);
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({
      action: 'content.remove',
      actor: { id: admin.id, name: 'Amara Admin' },
      target: { type: 'idea', id: viaAdmin.id, title },
    });
  });

  it('records a moderator removing a discussion message once, with the item’s title', async () => {
    const moderator = await signedInUser(t, { role: 'moderator', name: 'Musa Moderator' });
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id, title: `Borehole maps ${token()}` });
    const [d] = await t.db.insert(ideaDiscussions).values({ ideaId: idea.id }).returning({ id: ideaDiscussions.id });
    const [message] = await t.db
      .insert(ideaDiscussionMessages)
      .values({ discussionId: d!.id, userId: owner.id, content: 'Buy my stuff' })
      .returning({ id: ideaDiscussionMessages.id });
    expect((await call(t, moderator, 'DELETE', `/api/messages/${message!.id}`)).status).toBe(204);
    expect((await call(t, moderator, 'DELETE', `/api/messages/${message!.id}`)).status).toBe(404);
    const rows = await entriesFor(String(message!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: moderator.id,
      actorName: 'Musa Moderator',
      action: 'message.remove',
      targetType: 'message',
      targetTitle: idea.title,
      details: { ideaId: idea.id },
    });
  });

  it('records which settings changed, old → new, once per save; an unchanged save records nothing; a reset records what it undid', async () => {
    const admin = await signedInUser(t, { role: 'admin', name: 'Amara Admin' });
    const mine = () => t.db.select().from(auditLog).where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'settings.change')));
    const res = await call(t, admin, 'GET', '/api/admin/settings');
    const current = settingsResponseSchema.parse(await res.json()).settings;
    const changed = { ...current, platformName: 'IdeaHub Audit', ideaSubmissionLimit: current.ideaSubmissionLimit + 5 };
    expect((await call(t, admin, 'PUT', '/api/admin/settings', changed)).status).toBe(200);
    expect((await call(t, admin, 'PUT', '/api/admin/settings', changed)).status).toBe(200);
    let rows = await mine();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorName: 'Amara Admin', targetType: 'settings', targetId: 'platform', targetTitle: 'Platform settings' });
    expect(rows[0]!.details).toEqual({
      changes: {
        platformName: { from: current.platformName, to: 'IdeaHub Audit' },
        ideaSubmissionLimit: { from: current.ideaSubmissionLimit, to: current.ideaSubmissionLimit + 5 },
      },
    });
    // A refused save writes nothing.
    expect((await call(t, admin, 'PUT', '/api/admin/settings', { ...changed, ideaSubmissionLimit: -1 })).status).toBe(400);
    expect(await mine()).toHaveLength(1);

    expect((await call(t, admin, 'POST', '/api/admin/settings/reset')).status).toBe(200);
    rows = await mine();
    expect(rows).toHaveLength(2);
    const reset = rows.find((r) => r.id !== rows[0]!.id && (r.details as { changes: Record<string, unknown> }).changes.platformName);
    expect((reset ?? rows[1]!).details).toMatchObject({ changes: { platformName: { from: 'IdeaHub Audit', to: PLATFORM_SETTINGS_DEFAULTS.platformName } } });
  });

  it('records generating coupons once, with the admin and how many (never the codes); a refused request records nothing', async () => {
    const admin = await signedInUser(t, { role: 'admin', name: `Kemi ${token()}` });
    const mine = () => t.db.select().from(auditLog).where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'coupon.generate')));
    const res = await call(t, admin, 'POST', '/api/admin/coupons/generate', { count: 3 });
    expect(res.status).toBe(201);
    const { codes } = (await res.json()) as { codes: string[] };
    const rows = await mine();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorName: admin.name, targetType: 'coupon', targetId: null, targetTitle: '3 new coupons', details: { count: 3 } });
    for (const code of codes) expect(JSON.stringify(rows[0])).not.toContain(code);
    expect((await call(t, admin, 'POST', '/api/admin/coupons/generate', { count: 0 })).status).toBe(400);
    expect(await mine()).toHaveLength(1);
    // Shown in the Audit Log, found by the action's words.
    const page = await auditPage(t, admin, `?q=${encodeURIComponent('Coupons generated')}&limit=100`);
    expect(page.items.find((e) => e.actor.id === admin.id)).toMatchObject({
      action: 'coupon.generate',
      target: { type: 'coupon', id: null, title: '3 new coupons' },
      details: { count: 3 },
    });
  });

  it('records deleting an account once: by its owner (the name kept, no address) or by an admin', async () => {
    const admin = await signedInUser(t, { role: 'admin', name: 'Amara Admin' });
    const name = `Dayo ${token()}`;
    const leaving = await signedInUser(t, { name });
    const res = await call(t, leaving, 'DELETE', '/api/me', { confirm: 'DELETE' });
    expect(res.status).toBe(200);
    const rows = await entriesFor(leaving.id);
    expect(rows).toHaveLength(1);
    // The account is gone, so the actor's id is too; the names stay, the address never was there.
    expect(rows[0]).toMatchObject({ actorId: null, actorName: name, action: 'user.delete', targetType: 'user', targetTitle: name, details: { by: 'self' } });
    expect(JSON.stringify(rows[0]).toLowerCase()).not.toContain(leaving.email.toLowerCase());
    const page = await auditPage(t, admin, `?q=${encodeURIComponent(name)}`);
    expect(page.items).toEqual([expect.objectContaining({ action: 'user.delete', actor: { id: null, name }, target: { type: 'user', id: leaving.id, title: name } })]);
    // A wrong confirmation deletes nothing and records nothing.
    const staying = await signedInUser(t);
    expect((await call(t, staying, 'DELETE', '/api/me', { confirm: 'delete' })).status).toBe(400);
    expect(await entriesFor(staying.id)).toEqual([]);

    // An admin deleting someone's account is the actor.
    const removed = await createUser(t.db, { name: `Removed ${token()}` });
    await deleteAccount(t.db, removed.id, { by: admin.id });
    expect(await entriesFor(removed.id)).toEqual([
      expect.objectContaining({ actorId: admin.id, actorName: 'Amara Admin', action: 'user.delete', details: { by: 'admin' } }),
    ]);
  });

  it('keeps entries for the admin’s auditRetentionDays (default 365, checked on the server); the outbox’s sweep prunes older ones', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const DAY = 24 * 3600_000;
    const aged = async (days: number) => {
      const title = `Aged ${days} ${token()}`;
      await t.db.insert(auditLog).values({
        createdAt: new Date(Date.now() - days * DAY),
        actorName: 'Archive',
        action: 'role.change',
        targetType: 'user',
        targetId: randomUUID(),
        targetTitle: title,
        details: { from: 'user', to: 'moderator' },
      });
      return title;
    };
    const listed = async (title: string) => (await auditPage(t, admin, `?q=${encodeURIComponent(title)}`)).items.length;
    const yearAndADay = await aged(366);
    const almostAYear = await aged(364);
    const aMonthAndADay = await aged(31);
    const almostAMonth = await aged(29);

    // The sweep runs every ten minutes of the outbox's clock: move it on, then run a round.
    let offset = 0;
    const restoreClock = setClockForTests(() => Date.now() + offset);
    const sweep = async () => {
      offset += 11 * 60_000;
      await t.server.mailOutbox.runOnce();
    };
    try {
      await sweep();
      expect([await listed(yearAndADay), await listed(almostAYear), await listed(aMonthAndADay), await listed(almostAMonth)]).toEqual([0, 1, 1, 1]);

      const current = settingsResponseSchema.parse(await (await call(t, admin, 'GET', '/api/admin/settings')).json()).settings;
      expect(current.auditRetentionDays).toBe(365);
      for (const days of [29, 3651, 90.5, '90']) {
        const bad = await call(t, admin, 'PUT', '/api/admin/settings', { ...current, auditRetentionDays: days });
        expect(bad.status, String(days)).toBe(400);
        const body = (await bad.json()) as { error: { code: string; fields?: Record<string, string[]> } };
        expect(body.error.code).toBe('bad_request');
        expect(body.error.fields?.auditRetentionDays?.[0], String(days)).toMatch(/^Audit log retention must be/);
      }
      await changeSettings(t, admin, { auditRetentionDays: 30 });
      await sweep();
      expect([await listed(almostAYear), await listed(aMonthAndADay), await listed(almostAMonth)]).toEqual([0, 0, 1]);
    } finally {
      restoreClock();
      await changeSettings(t, admin, { auditRetentionDays: PLATFORM_SETTINGS_DEFAULTS.auditRetentionDays });
    }
  });

  it('is for admins only: visitors 401, users and moderators 403 with the one error body', async () => {
    const user = await signedInUser(t);
    const moderator = await signedInUser(t, { role: 'moderator' });
    const visitor = await call(t, null, 'GET', '/api/admin/audit');
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    for (const who of [user, moderator]) {
      const res = await call(t, who, 'GET', '/api/admin/audit?q=role');
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: 'forbidden', message: ADMIN_ACCESS_DENIED } });
    }
    // Nothing changes an entry: the log has no write route.
    const admin = await signedInUser(t, { role: 'admin' });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await call(t, admin, method, '/api/admin/audit', {})).status, method).toBe(404);
    }
  });

  it('searches by actor name, action (code or words) and target title, wildcards taken literally, and pages newest first', async () => {
    const name = `Ngozi ${token()}`;
    const admin = await signedInUser(t, { role: 'admin', name });
    const people = [];
    for (let i = 0; i < 3; i++) people.push(await createUser(t.db, { name: `Target ${i} ${token()}` }));
    for (const p of people) expect((await call(t, admin, 'PATCH', `/api/admin/users/${p.id}/role`, { role: 'moderator' })).status).toBe(200);
    const idea = await createIdea(t.db, { userId: people[0]!.id, title: `Fish 100%_ smoked ${token()}` });
    expect((await call(t, admin, 'DELETE', `/api/admin/content/${idea.id}`)).status).toBe(204);

    // Entries made in the same millisecond tie on time; the id breaks the tie, so order by both.
    const newestFirst = (a: { at: string; id: string }, b: { at: string; id: string }) => b.at.localeCompare(a.at) || (b.id > a.id ? 1 : -1);
    const q = encodeURIComponent(name.split(' ')[1]!);
    const byActor = await auditPage(t, admin, `?q=${q}`);
    expect(byActor.items.map((e) => e.target.id).sort()).toEqual([idea.id, ...people.map((p) => p.id)].sort());
    expect(byActor.items).toEqual([...byActor.items].sort(newestFirst));
    expect(byActor.items.every((e) => e.actor.name === name)).toBe(true);

    const first = await auditPage(t, admin, `?q=${q}&limit=3`);
    const second = await auditPage(t, admin, `?q=${q}&limit=3&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items]).toEqual(byActor.items);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();

    const byTitle = await auditPage(t, admin, `?q=${encodeURIComponent('100%_')}`);
    expect(byTitle.items.map((e) => e.target.id)).toEqual([idea.id]);
    expect((await auditPage(t, admin, `?q=${encodeURIComponent('10_%')}`)).items.filter((e) => e.target.id === idea.id)).toEqual([]);

    for (const q of ['role.change', 'Role changed']) {
      const byAction = await auditPage(t, admin, `?q=${encodeURIComponent(q)}&limit=100`);
      expect(byAction.items.length).toBeGreaterThanOrEqual(3);
      expect(byAction.items.every((e) => e.action === 'role.change')).toBe(true);
    }
    expect((await call(t, admin, 'GET', '/api/admin/audit?cursor=nonsense')).status).toBe(400);
  });

  it('keeps entries, with the actor’s name, when the actor’s account is deleted', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const leaving = await signedInUser(t, { role: 'admin', name: 'Leaving Admin' });
    const person = await createUser(t.db);
    expect((await call(t, leaving, 'PATCH', `/api/admin/users/${person.id}/role`, { role: 'moderator' })).status).toBe(200);
    await t.db.delete(users).where(eq(users.id, leaving.id));
    const page = await auditPage(t, admin, `?q=Leaving%20Admin`);
    const entry = page.items.find((e) => e.target.id === person.id);
    expect(entry).toMatchObject({ actor: { id: null, name: 'Leaving Admin' }, action: 'role.change' });
  });
});
