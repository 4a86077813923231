/**
 * Reports and the moderators' queue over HTTP on a real database (issue 14 points 14 and 15):
 * who may report what, the one-open-report rule, the note rule, write limits; the queue for
 * moderators and admins only, grouped by target with counts, reasons and reporters by name (no
 * email address anywhere); Dismiss and Remove, each audited once; reports never outlive their
 * target or their reporter.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACCESS_DENIED } from '../../../shared/schemas/admin.ts';
import { type AdminReportsPage, adminReportsPageSchema, REPORT_TEXTS, reportDecidedSchema, reportSchema } from '../../../shared/schemas/reports.ts';
import { auditLog, ideas, ideaDiscussionMessages, reports } from '../../db/schema.ts';
import { rulesOf } from '../../lib/write-limits.ts';
import { type SignedInUser, signedInUser, siteHeaders } from '../../../../tests/support/auth.ts';
import { startOfFreshWindow } from '../../../../tests/support/clock.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { personWithItems, postOk } from '../discussion/testing/people.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };

function call(t: TestServer, who: SignedInUser | null, method: string, path: string, body?: unknown) {
  return t.fetch(path, { method, headers: who ? who.headers : siteHeaders(t), body: body === undefined ? undefined : JSON.stringify(body) });
}

const report = (t: TestServer, who: SignedInUser | null, body: unknown) => call(t, who, 'POST', '/api/reports', body);

async function expectError(res: Response, status: number, code: string, message?: string | RegExp): Promise<ErrorBody> {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorBody;
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  if (typeof message === 'string') expect(body.error.message).toBe(message);
  else if (message) expect(body.error.message).toMatch(message);
  return body;
}

/** Every page of the queue, `limit` at a time. */
async function wholeQueue(t: TestServer, who: SignedInUser, limit = 100): Promise<AdminReportsPage['items']> {
  const all: AdminReportsPage['items'] = [];
  let cursor: string | null = null;
  do {
    const res = await call(t, who, 'GET', `/api/admin/reports?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    const page = adminReportsPageSchema.parse(await res.json());
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

describe('report limits', () => {
  it('count toward the per-person write limits: 10 a minute and 50 a day by default', () => {
    expect(rulesOf('reports')).toEqual([
      { max: 10, seconds: 60 },
      { max: 50, seconds: 86_400 },
    ]);
  });
});

describe.each(databaseKinds())('reports on %s', (kind) => {
  // Refused attempts count toward the limits too (by design); these tests send many on purpose.
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'reports:off' } });
  const openReportsOf = (targetId: string) => t.db.select().from(reports).where(eq(reports.targetId, targetId));
  const auditOf = (targetId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

  /** An item of someone else's, and a message in its discussion by its owner. */
  async function itemWithMessage(title = `Reported item ${randomUUID().slice(0, 8)}`) {
    const owner = await personWithItems(t, 0, { name: 'Olu Owner' });
    const idea = await createIdea(t.db, { userId: owner.id, title });
    const message = await postOk(t, idea.id, owner.headers, 'Buy followers cheap at my site');
    return { owner, idea, message };
  }

  it('a signed-in person reports an item: 201, stored open, the note cleaned', async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id });
    const person = await signedInUser(t, { name: 'Rita Reporter' });
    const res = await report(t, person, { targetType: 'idea', targetId: idea.id, reason: 'misleading', note: '  The price \u0007is fake  ' });
    expect(res.status).toBe(201);
    const body = reportSchema.parse(await res.json());
    expect(body).toMatchObject({ targetType: 'idea', targetId: idea.id, reason: 'misleading', note: 'The price is fake' });
    const rows = await openReportsOf(idea.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: person.id, status: 'open', ideaId: idea.id, messageId: null, reason: 'misleading', note: 'The price is fake' });
    // A blank note is no note.
    const other = await signedInUser(t);
    const blank = await report(t, other, { targetType: 'idea', targetId: idea.id, reason: 'spam', note: '   ' });
    expect(blank.status).toBe(201);
    expect(reportSchema.parse(await blank.json()).note).toBeNull();
  });

  it('refuses a second open report of the same target by the same person (409), even two at once; others may report it too', async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id });
    const person = await signedInUser(t);
    const twice = await Promise.all([0, 1].map(() => report(t, person, { targetType: 'idea', targetId: idea.id, reason: 'spam' })));
    expect(twice.map((r) => r.status).sort()).toEqual([201, 409]);
    await expectError(twice.find((r) => r.status === 409)!, 409, 'conflict', REPORT_TEXTS.alreadyReported);
    await expectError(await report(t, person, { targetType: 'idea', targetId: idea.id, reason: 'offensive' }), 409, 'conflict', REPORT_TEXTS.alreadyReported);
    const someoneElse = await signedInUser(t);
    expect((await report(t, someoneElse, { targetType: 'idea', targetId: idea.id, reason: 'spam' })).status).toBe(201);
    expect(await openReportsOf(idea.id)).toHaveLength(2);
  });

  it('refuses reporting one’s own item or message (403), and visitors (401) whatever they send', async () => {
    const { owner, idea, message } = await itemWithMessage();
    await expectError(await report(t, owner, { targetType: 'idea', targetId: idea.id, reason: 'spam' }), 403, 'forbidden', REPORT_TEXTS.ownItem);
    await expectError(await report(t, owner, { targetType: 'message', targetId: String(message.id), reason: 'spam' }), 403, 'forbidden', REPORT_TEXTS.ownMessage);
    await expectError(await report(t, null, { targetType: 'idea', targetId: idea.id, reason: 'spam' }), 401, 'unauthorized');
    await expectError(await report(t, null, { nonsense: true }), 401, 'unauthorized');
    expect(await openReportsOf(idea.id)).toHaveLength(0);
  });

  it('refuses what is not a report: 400 for shape, 422 for the note rule, 404 for unknown targets, 400 for a NUL; nothing stored', async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id });
    const person = await signedInUser(t);
    const ok = { targetType: 'idea', targetId: idea.id, reason: 'spam' };
    let body = await expectError(await report(t, person, { ...ok, reason: 'boring' }), 400, 'bad_request', REPORT_TEXTS.reasonRequired);
    expect(body.error.fields?.reason).toEqual([REPORT_TEXTS.reasonRequired]);
    await expectError(await report(t, person, { ...ok, targetType: 'user' }), 400, 'bad_request');
    await expectError(await report(t, person, { ...ok, targetId: 42 }), 400, 'bad_request');
    await expectError(await report(t, person, { ...ok, note: 'x'.repeat(5000) }), 400, 'bad_request');
    const badJson = await t.fetch('/api/reports', { method: 'POST', headers: person.headers, body: '{"targetType":' });
    expect(badJson.status).toBe(400);

    body = await expectError(await report(t, person, { ...ok, reason: 'other' }), 422, 'validation_failed', REPORT_TEXTS.noteRequired);
    expect(body.error.fields).toEqual({ note: [REPORT_TEXTS.noteRequired] });
    await expectError(await report(t, person, { ...ok, reason: 'other', note: ' \n ' }), 422, 'validation_failed', REPORT_TEXTS.noteRequired);
    await expectError(await report(t, person, { ...ok, note: 'é'.repeat(501) }), 422, 'validation_failed', REPORT_TEXTS.noteTooLong);

    await expectError(await report(t, person, { ...ok, targetId: 'not-a-uuid' }), 404, 'not_found');
    await expectError(await report(t, person, { ...ok, targetId: randomUUID() }), 404, 'not_found');
    await expectError(await report(t, person, { ...ok, targetType: 'message', targetId: 'abc' }), 404, 'not_found', REPORT_TEXTS.messageNotFound);
    await expectError(await report(t, person, { ...ok, targetType: 'message', targetId: '99999999999' }), 404, 'not_found');
    await expectError(await report(t, person, { ...ok, targetType: 'message', targetId: '9'.repeat(40) }), 404, 'not_found');

    const nul = await t.fetch('/api/reports', { method: 'POST', headers: person.headers, body: JSON.stringify({ ...ok, reason: 'other', note: 'bad\u0000note' }) });
    await expectError(nul, 400, 'bad_request');
    expect(await openReportsOf(idea.id)).toHaveLength(0);
  });

  it('a message can be reported by someone who may read its discussion, and by nobody else (404)', async () => {
    const { idea, message } = await itemWithMessage();
    const premium = await personWithItems(t, 21, { name: 'Pat Premium' });
    const notPremium = await personWithItems(t, 0);
    await expectError(await report(t, notPremium, { targetType: 'message', targetId: String(message.id), reason: 'spam' }), 404, 'not_found');
    const res = await report(t, premium, { targetType: 'message', targetId: String(message.id), reason: 'spam' });
    expect(res.status).toBe(201);
    const rows = await openReportsOf(String(message.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ targetType: 'message', ideaId: idea.id, messageId: message.id, reporterId: premium.id });
  });

  it('the queue is for moderators and admins: visitors 401, users 403', async () => {
    const user = await signedInUser(t);
    await expectError(await call(t, null, 'GET', '/api/admin/reports'), 401, 'unauthorized');
    await expectError(await call(t, user, 'GET', '/api/admin/reports'), 403, 'forbidden', ADMIN_ACCESS_DENIED);
    for (const decision of ['dismiss', 'remove']) {
      await expectError(await call(t, user, 'POST', `/api/admin/reports/idea/${randomUUID()}/${decision}`), 403, 'forbidden');
      await expectError(await call(t, null, 'POST', `/api/admin/reports/idea/${randomUUID()}/${decision}`), 401, 'unauthorized');
    }
    for (const role of ['moderator', 'admin'] as const) {
      const staff = await signedInUser(t, { role });
      expect((await call(t, staff, 'GET', '/api/admin/reports')).status).toBe(200);
    }
  });

  it('groups open reports by target, with count, reasons and reporters by name, newest first and keyset paged; no email addresses', async () => {
    const { owner, idea, message } = await itemWithMessage();
    const reporters = [await personWithItems(t, 21, { name: 'Ada Reporter' }), await personWithItems(t, 21, { name: 'Bayo Reporter' }), await personWithItems(t, 21, { name: 'Chi Reporter' })];
    expect((await report(t, reporters[0]!, { targetType: 'idea', targetId: idea.id, reason: 'spam' })).status).toBe(201);
    expect((await report(t, reporters[1]!, { targetType: 'idea', targetId: idea.id, reason: 'spam' })).status).toBe(201);
    expect((await report(t, reporters[2]!, { targetType: 'idea', targetId: idea.id, reason: 'other', note: 'Copied from my shop' })).status).toBe(201);
    expect((await report(t, reporters[0]!, { targetType: 'message', targetId: String(message.id), reason: 'offensive' })).status).toBe(201);

    for (const role of ['moderator', 'admin'] as const) {
      const staff = await signedInUser(t, { role });
      const res = await call(t, staff, 'GET', '/api/admin/reports?limit=100');
      const text = await res.text();
      // Names only: neither the reporters' nor the authors' addresses, for moderators or admins.
      for (const email of [owner.email, ...reporters.map((r) => r.email)]) expect(text).not.toContain(email);
      const queue = adminReportsPageSchema.parse(JSON.parse(text)).items;
      const forItem = queue.find((g) => g.targetType === 'idea' && g.targetId === idea.id);
      const forMessage = queue.find((g) => g.targetType === 'message' && g.targetId === String(message.id));
      expect(forItem).toMatchObject({
        item: { id: idea.id, title: idea.title },
        message: null,
        author: { id: owner.id, name: 'Olu Owner' },
        count: 3,
        reasons: [
          { reason: 'spam', count: 2 },
          { reason: 'other', count: 1 },
        ],
      });
      expect(forItem!.reporters.map((r) => r.name)).toEqual(['Chi Reporter', 'Bayo Reporter', 'Ada Reporter']);
      expect(forItem!.reporters[0]).toMatchObject({ id: reporters[2]!.id, reason: 'other', note: 'Copied from my shop' });
      expect(forMessage).toMatchObject({
        item: { id: idea.id, title: idea.title },
        message: { id: message.id, content: 'Buy followers cheap at my site' },
        author: { id: owner.id, name: 'Olu Owner' },
        count: 1,
        reasons: [{ reason: 'offensive', count: 1 }],
      });
      // Newest first: the message's report came last.
      expect(queue.findIndex((g) => g === forMessage)).toBeLessThan(queue.findIndex((g) => g === forItem));
      const times = queue.map((g) => g.latestAt);
      expect(times).toEqual([...times].sort().reverse());
      // Paging one target at a time gives the same list, each target once.
      expect(await wholeQueue(t, staff, 1)).toEqual(await wholeQueue(t, staff));
    }
    const moderator = await signedInUser(t, { role: 'moderator' });
    await expectError(await call(t, moderator, 'GET', '/api/admin/reports?cursor=nonsense'), 400, 'bad_request');
    await expectError(await call(t, moderator, 'GET', '/api/admin/reports?limit=0'), 400, 'bad_request');
  });

  it('Dismiss decides every open report of the target: it leaves the queue, the item stays, one audit entry; the person may report it again later', async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id, title: `Dismissed item ${randomUUID().slice(0, 8)}` });
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    expect((await report(t, a, { targetType: 'idea', targetId: idea.id, reason: 'spam' })).status).toBe(201);
    expect((await report(t, b, { targetType: 'idea', targetId: idea.id, reason: 'misleading' })).status).toBe(201);
    const moderator = await signedInUser(t, { role: 'moderator', name: 'Musa Moderator' });

    const res = await call(t, moderator, 'POST', `/api/admin/reports/idea/${idea.id}/dismiss`);
    expect(res.status).toBe(200);
    expect(reportDecidedSchema.parse(await res.json())).toEqual({ targetType: 'idea', targetId: idea.id, decision: 'dismiss', reports: 2 });
    expect((await wholeQueue(t, moderator)).some((g) => g.targetId === idea.id)).toBe(false);
    expect((await openReportsOf(idea.id)).every((r) => r.status === 'dismissed' && r.decidedAt !== null)).toBe(true);
    expect((await call(t, a, 'GET', `/api/ideas/${idea.id}`)).status).toBe(200);

    const entries = await auditOf(idea.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: moderator.id,
      actorName: 'Musa Moderator',
      action: 'report.dismiss',
      targetType: 'idea',
      targetTitle: idea.title,
      details: { reports: 2, reasons: { spam: 1, misleading: 1 } },
    });
    // Decided: nothing open is left to decide.
    await expectError(await call(t, moderator, 'POST', `/api/admin/reports/idea/${idea.id}/dismiss`), 404, 'not_found', REPORT_TEXTS.noOpenReports);
    await expectError(await call(t, moderator, 'POST', `/api/admin/reports/idea/${idea.id}/remove`), 404, 'not_found', REPORT_TEXTS.noOpenReports);
    expect(await auditOf(idea.id)).toHaveLength(1);
    // The one-open rule is about open reports: after the decision, a new report is welcome.
    expect((await report(t, a, { targetType: 'idea', targetId: idea.id, reason: 'spam' })).status).toBe(201);
  });

  it('Remove deletes the reported item for everyone (404 after), its reports with it, with one audit entry', async () => {
    const owner = await createUser(t.db);
    const idea = await createIdea(t.db, { userId: owner.id, title: `Removed item ${randomUUID().slice(0, 8)}` });
    const person = await signedInUser(t);
    expect((await report(t, person, { targetType: 'idea', targetId: idea.id, reason: 'offensive' })).status).toBe(201);
    const admin = await signedInUser(t, { role: 'admin', name: 'Amara Admin' });

    const res = await call(t, admin, 'POST', `/api/admin/reports/idea/${idea.id}/remove`);
    expect(res.status).toBe(200);
    expect(reportDecidedSchema.parse(await res.json())).toEqual({ targetType: 'idea', targetId: idea.id, decision: 'remove', reports: 1 });
    await expectError(await call(t, person, 'GET', `/api/ideas/${idea.id}`), 404, 'not_found');
    await expectError(await call(t, null, 'GET', `/api/ideas/${idea.id}`), 404, 'not_found');
    expect(await openReportsOf(idea.id)).toHaveLength(0);
    expect((await wholeQueue(t, admin)).some((g) => g.item.id === idea.id)).toBe(false);
    const entries = await auditOf(idea.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      action: 'report.remove',
      targetType: 'idea',
      targetTitle: idea.title,
      details: { category: 'idea', ownerId: owner.id, reports: 1, reasons: { offensive: 1 } },
    });
    // The audit page lists it with its title; its words find it.
    const page = await call(t, admin, 'GET', `/api/admin/audit?q=${encodeURIComponent('Reported content removed')}&limit=100`);
    expect(((await page.json()) as { items: { target: { id: string } }[] }).items.some((e) => e.target.id === idea.id)).toBe(true);
    await expectError(await call(t, admin, 'POST', `/api/admin/reports/idea/${idea.id}/remove`), 404, 'not_found');
  });

  it('Remove deletes a reported message the way message removal does: the item’s count follows; audited with the item’s title', async () => {
    const { idea, message } = await itemWithMessage();
    const premium = await personWithItems(t, 21);
    expect((await report(t, premium, { targetType: 'message', targetId: String(message.id), reason: 'spam' })).status).toBe(201);
    const [before] = await t.db.select({ n: ideas.messageCount }).from(ideas).where(eq(ideas.id, idea.id));
    expect(before?.n).toBe(1);
    const moderator = await signedInUser(t, { role: 'moderator' });
    const res = await call(t, moderator, 'POST', `/api/admin/reports/message/${message.id}/remove`);
    expect(res.status).toBe(200);
    expect(await t.db.select().from(ideaDiscussionMessages).where(eq(ideaDiscussionMessages.id, message.id))).toHaveLength(0);
    const [after] = await t.db.select({ n: ideas.messageCount }).from(ideas).where(eq(ideas.id, idea.id));
    expect(after?.n).toBe(0);
    expect(await openReportsOf(String(message.id))).toHaveLength(0);
    expect((await call(t, premium, 'GET', `/api/ideas/${idea.id}`)).status).toBe(200);
    const entries = await auditOf(String(message.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'report.remove', targetType: 'message', targetTitle: idea.title, details: { ideaId: idea.id, reports: 1 } });
  });

  it('decisions on unknown or malformed targets are 404, an unknown target type 400; never a 500', async () => {
    const moderator = await signedInUser(t, { role: 'moderator' });
    for (const decision of ['dismiss', 'remove']) {
      for (const path of [`idea/${randomUUID()}`, 'idea/not-a-uuid', 'message/abc', 'message/123456789012', `message/${'9'.repeat(40)}`]) {
        await expectError(await call(t, moderator, 'POST', `/api/admin/reports/${path}/${decision}`), 404, 'not_found');
      }
      await expectError(await call(t, moderator, 'POST', `/api/admin/reports/user/${randomUUID()}/${decision}`), 400, 'bad_request');
    }
  });

  it('reports never dangle: they go with the item its owner deletes, and with the reporter’s account', async () => {
    const owner = await signedInUser(t);
    const idea = await createIdea(t.db, { userId: owner.id });
    const leaving = await signedInUser(t);
    const staying = await signedInUser(t);
    expect((await report(t, leaving, { targetType: 'idea', targetId: idea.id, reason: 'spam' })).status).toBe(201);
    expect((await report(t, staying, { targetType: 'idea', targetId: idea.id, reason: 'spam' })).status).toBe(201);
    expect((await t.fetch('/api/me', { method: 'DELETE', headers: leaving.headers, body: JSON.stringify({ confirm: 'DELETE' }) })).status).toBe(200);
    expect(await t.db.select().from(reports).where(eq(reports.reporterId, leaving.id))).toHaveLength(0);
    expect(await openReportsOf(idea.id)).toHaveLength(1);
    expect((await call(t, owner, 'DELETE', `/api/ideas/${idea.id}`)).status).toBe(204);
    expect(await openReportsOf(idea.id)).toHaveLength(0);
  });

  it('lists every new endpoint in the OpenAPI document', async () => {
    const doc = (await (await t.fetch('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/reports'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/api/admin/reports'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/admin/reports/{targetType}/{targetId}/dismiss'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/api/admin/reports/{targetType}/{targetId}/remove'] ?? {})).toContain('post');
  });

  it('keeps moderators’ and reporters’ rows apart per target: a report of the item and of its message are two targets', async () => {
    const { idea, message } = await itemWithMessage();
    const premium = await personWithItems(t, 21);
    expect((await report(t, premium, { targetType: 'idea', targetId: idea.id, reason: 'spam' })).status).toBe(201);
    expect((await report(t, premium, { targetType: 'message', targetId: String(message.id), reason: 'spam' })).status).toBe(201);
    const rows = await t.db.select().from(reports).where(and(eq(reports.reporterId, premium.id), eq(reports.ideaId, idea.id)));
    expect(rows.map((r) => r.targetType).sort()).toEqual(['idea', 'message']);
  });
});

describe.each(databaseKinds())('report limits on %s', (kind) => {
  // Three reports a minute here, so the test stays short.
  const t = useTestServer(kind, { env: { WRITE_LIMITS: 'reports:3/60' } });
  const openReportsOf = (targetId: string) => t.db.select().from(reports).where(eq(reports.targetId, targetId));

  it('counts reports toward the per-person limit: over it, 429 with Retry-After and the one error body, nothing stored', async () => {
    const person = await signedInUser(t);
    const owner = await createUser(t.db);
    const items = await Promise.all([0, 1, 2, 3].map(() => createIdea(t.db, { userId: owner.id })));
    // A minute window must not end mid-test: start at a minute's start (the app's clock moved there).
    startOfFreshWindow(60);
    for (const item of items.slice(0, 3)) expect((await report(t, person, { targetType: 'idea', targetId: item.id, reason: 'spam' })).status).toBe(201);
    const refused = await report(t, person, { targetType: 'idea', targetId: items[3]!.id, reason: 'spam' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await expectError(refused, 429, 'too_many_requests', /^You are sending reports too quickly\./);
    expect(await openReportsOf(items[3]!.id)).toHaveLength(0);
  });
});
