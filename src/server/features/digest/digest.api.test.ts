/**
 * The weekly digest (issue 28 point 2) on a real database: who gets one (the day they chose, only
 * with something new from whom they follow, once a week), what it shows (followed makers' and
 * topics' new items, then the week's top items, each with cover, title, price and link; the access
 * rule on descriptions), its one-click unsubscribe, the sign-up box, and that two instances over
 * one database send each digest once (the job on pg-boss, and two runs at the same moment).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser, uniqueEmail } from '../../../../tests/support/auth.ts';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { createIdea, createUser } from '../../../../tests/support/factories.ts';
import { useInstances } from '../../../../tests/support/instances.ts';
import { type TestServer, useTestServer } from '../../../../tests/support/test-server.ts';
import { createLogger } from '../../logger.ts';
import { runWeeklyDigest } from './service.ts';

const PUBLIC_URL = 'https://ideahub.example';
const HIDDEN = 'Only readers entitled to the whole item see this sentence.';
const LONG_DESCRIPTION = `${'A greenhouse kit with drip irrigation for small farms and schools. '.repeat(2)}${HIDDEN}`;
const DAY_MS = 24 * 3600_000;

interface OutboxRow {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
  kind: string;
}

async function mailsTo(t: Pick<TestServer, 'db'>, userId: string): Promise<OutboxRow[]> {
  const res = (await t.db.execute(sql`select to_address, subject, text_body, html_body, headers, kind from mail_outbox where user_id = ${userId} and subject like 'Your week on IdeaHub%' order by id`)) as unknown as { rows: OutboxRow[] };
  return res.rows;
}

async function createTopic(t: Pick<TestServer, 'db'>, name: string): Promise<string> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  const res = (await t.db.execute(sql`insert into topics (name, slug) values (${`${name} ${slug}`}, ${slug}) returning id`)) as unknown as { rows: { id: string }[] };
  return res.rows[0]!.id;
}

const tag = (t: Pick<TestServer, 'db'>, ideaId: string, topicId: string) =>
  t.db.execute(sql`insert into idea_topics (idea_id, topic_id, position) values (${ideaId}::uuid, ${topicId}::uuid, 0)`);

/** A signed-in person whose requests come from the site's own origin. */
async function person(t: TestServer, name: string, role?: 'admin') {
  const p = await signedInUser(t, { name, role });
  p.headers.origin = new URL(t.server.config.PUBLIC_URL).origin;
  return p;
}

const json = (p: SignedInUser, method: string, body: unknown) => ({ method, headers: { ...p.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.each(databaseKinds())('weekly digest on %s', (kind) => {
  const t = useTestServer(kind, { env: { PUBLIC_URL, WRITE_LIMITS: 'off' } });
  const deps = () => ({ db: t.db, publicUrl: PUBLIC_URL, unsubscribeKey: t.server.accounts.derivedKey('unsubscribe'), logger: createLogger('silent') });

  it('is off by default, and a person turns it on and picks its day', async () => {
    const ada = await person(t, 'Ada Digest');
    expect(await (await t.fetch('/api/notifications/digest', { headers: ada.headers })).json()).toEqual({ enabled: false, day: 1 });
    expect(await (await t.fetch('/api/notifications/digest', json(ada, 'PUT', { enabled: true, day: 4 }))).json()).toEqual({ enabled: true, day: 4 });
    expect(await (await t.fetch('/api/notifications/digest', json(ada, 'PUT', { day: 6 }))).json()).toEqual({ enabled: true, day: 6 });
    expect((await t.fetch('/api/notifications/digest', json(ada, 'PUT', { day: 7 }))).status).toBe(400);
    // The other notification choices are untouched.
    const prefs = (await (await t.fetch('/api/notifications/preferences', { headers: ada.headers })).json()) as { like: { email: boolean } };
    expect(prefs.like.email).toBe(false);
  });

  it('a new sign-up who leaves the box ticked gets it; one who unticks it does not', async () => {
    const origin = new URL(t.server.config.PUBLIC_URL).origin;
    const signUp = async (weeklyDigest: boolean) => {
      const email = uniqueEmail();
      const res = await t.fetch('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'New Person', email, password: 'a-long-enough-password-2026', weeklyDigest }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const row = (await t.db.execute(sql`select np.digest_enabled as enabled from users u left join notification_preferences np on np.user_id = u.id where u.email = ${email}`)) as unknown as {
        rows: { enabled: boolean | null }[];
      };
      return row.rows[0]?.enabled ?? false;
    };
    expect(await signUp(true)).toBe(true);
    expect(await signUp(false)).toBe(false);
  });

  it('mails the week’s new items of followed makers and topics, then the top items, with the access rule, once; nothing to someone with nothing new', async () => {
    const at = new Date(Date.now() + 60_000);
    const day = at.getUTCDay();
    const [maker, stranger] = [await createUser(t.db, { name: 'Mara Maker' }), await createUser(t.db, { name: 'Sol Stranger' })];
    const topic = await createTopic(t, 'Greenhouses');
    const [reader, admin, quiet, optedOut] = [await person(t, 'Rita Reader'), await person(t, 'Ade Admin', 'admin'), await person(t, 'Quinn Quiet'), await person(t, 'Otto Out')];
    const hourAgo = new Date(at.getTime() - 3600_000);
    const fromMaker = await createIdea(t.db, { userId: maker.id, title: 'Greenhouse kit for schools', description: LONG_DESCRIPTION, price: 45000, currency: 'NGN', createdAt: hourAgo, imageUrl: '/storage/idea-images/kit.webp' });
    const inTopic = await createIdea(t.db, { userId: stranger.id, title: 'Shade nets by the metre', price: 12, currency: 'USD', createdAt: new Date(at.getTime() - 2 * DAY_MS) });
    await tag(t, inTopic.id, topic);
    const old = await createIdea(t.db, { userId: maker.id, title: 'Last month’s seed trays', createdAt: new Date(at.getTime() - 8 * DAY_MS) });
    const top = await createIdea(t.db, { userId: stranger.id, title: 'The week’s most liked cart', price: 0, createdAt: new Date(at.getTime() - 3 * DAY_MS) });
    await t.db.execute(sql`update idea_ranks set like_count = 100000 where idea_id = ${top.id}::uuid`);
    const quietMaker = await createUser(t.db, { name: 'Silent Maker' });

    for (const p of [reader, admin]) {
      expect((await t.fetch(`/api/makers/${maker.id}/follow`, { method: 'PUT', headers: p.headers })).status).toBe(200);
      expect((await t.fetch(`/api/topics/${topic}/follow`, { method: 'PUT', headers: p.headers })).status).toBe(200);
      await t.fetch('/api/notifications/digest', json(p, 'PUT', { enabled: true, day }));
    }
    await t.fetch(`/api/makers/${quietMaker.id}/follow`, { method: 'PUT', headers: quiet.headers });
    await t.fetch('/api/notifications/digest', json(quiet, 'PUT', { enabled: true, day }));
    await t.fetch(`/api/makers/${maker.id}/follow`, { method: 'PUT', headers: optedOut.headers });
    await t.fetch('/api/notifications/digest', json(optedOut, 'PUT', { enabled: false, day }));

    // Not their day: nothing.
    await runWeeklyDigest(deps(), new Date(at.getTime() - DAY_MS));
    expect(await mailsTo(t, reader.id)).toEqual([]);

    await runWeeklyDigest(deps(), at);
    const [mail, ...more] = await mailsTo(t, reader.id);
    expect(more).toEqual([]);
    expect(mail!.kind).toBe('notification');
    expect(mail!.to_address).toBe(reader.email);
    expect(mail!.subject).toBe('Your week on IdeaHub: 2 new items from who you follow');
    const text = mail!.text_body;
    // Followed first (newest first), then the week's top items; nothing older than a week.
    const order = ['Greenhouse kit for schools', 'Shade nets by the metre', "The week's top items:", 'The week’s most liked cart'].map((s) => text.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).not.toContain(old.title);
    // Cover, title, price, link.
    expect(text).toContain('Greenhouse kit for schools (₦45,000) by Mara Maker');
    expect(text).toContain(`${PUBLIC_URL}/ideas/${fromMaker.id}`);
    expect(text).toContain(`Cover: ${PUBLIC_URL}/storage/idea-images/kit.webp`);
    expect(text).toContain('Shade nets by the metre ($12)');
    expect(text).toContain('The week’s most liked cart (Free)');
    expect(mail!.html_body).toContain(`<img src="${PUBLIC_URL}/storage/idea-images/kit.webp"`);
    expect(mail!.html_body).toContain(`href="${PUBLIC_URL}/ideas/${inTopic.id}"`);
    // The access rule: a reader who may not read the item in full gets its first 100 characters only.
    expect(text).toContain(`${[...LONG_DESCRIPTION].slice(0, 100).join('')}…`);
    expect(text).not.toContain(HIDDEN);
    expect(mail!.html_body).not.toContain(HIDDEN);
    const [adminMail] = await mailsTo(t, admin.id);
    expect(adminMail!.text_body).toContain(HIDDEN);
    // Nothing new from whom they follow: no mail. Turned off: no mail.
    expect(await mailsTo(t, quiet.id)).toEqual([]);
    expect(await mailsTo(t, optedOut.id)).toEqual([]);

    // Once a week: running again that day, or the next days, adds nothing.
    await runWeeklyDigest(deps(), at);
    await runWeeklyDigest(deps(), new Date(at.getTime() + 3600_000));
    expect(await mailsTo(t, reader.id)).toHaveLength(1);

    // One-click unsubscribe, like every notification mail.
    const link = /^<(https:\/\/ideahub\.example\/unsubscribe\?token=[^>]+)>$/.exec(mail!.headers['List-Unsubscribe'] ?? '')?.[1];
    expect(link, JSON.stringify(mail!.headers)).toBeDefined();
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(link!);
    const state = await t.fetch(`/api/unsubscribe?token=${encodeURIComponent(new URL(link!).searchParams.get('token')!)}`);
    expect(await state.json()).toEqual({ kind: 'digest', email: true });
    const off = await t.fetch(`${new URL(link!).pathname}${new URL(link!).search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ kind: 'digest', email: false });
    expect(await (await t.fetch('/api/notifications/digest', { headers: reader.headers })).json()).toEqual({ enabled: false, day });
    // A week later: the admin gets the next one (new items again), the unsubscribed reader does not.
    await createIdea(t.db, { userId: maker.id, title: 'Next week’s kit', createdAt: new Date(at.getTime() + 6 * DAY_MS) });
    await runWeeklyDigest(deps(), new Date(at.getTime() + 7 * DAY_MS));
    expect(await mailsTo(t, reader.id)).toHaveLength(1);
    const adminMails = await mailsTo(t, admin.id);
    expect(adminMails).toHaveLength(2);
    expect(adminMails[1]!.subject).toBe('Your week on IdeaHub: 1 new item from who you follow');
  });
});

describe.each(databaseKinds())('weekly digest on two instances over one %s database', (kind) => {
  // PGlite is one process: the same instance stands for both (tests/support/instances.ts).
  const instances = useInstances(kind, { DIGEST_SCHEDULE: 'on', WRITE_LIMITS: 'off' }, { digest: { pollingIntervalSeconds: 0.5 } });
  let people: string[] = [];

  beforeAll(async () => {
    const { a } = instances;
    const maker = await createUser(a.db, { name: 'Busy Maker' });
    await createIdea(a.db, { userId: maker.id, title: 'Fresh this week', createdAt: new Date(Date.now() - 3600_000) });
    people = [];
    for (let i = 0; i < 6; i++) {
      const p = await createUser(a.db, { name: `Follower ${i}` });
      await a.db.execute(sql`insert into maker_follows (follower_id, maker_id) values (${p.id}, ${maker.id})`);
      people.push(p.id);
    }
  });

  const enable = async (ids: string[]) => {
    for (const id of ids) {
      await instances.a.db.execute(sql`
        insert into notification_preferences (user_id, digest_enabled, digest_day) values (${id}, true, ${new Date().getUTCDay()})
        on conflict (user_id) do update set digest_enabled = true, digest_day = excluded.digest_day`);
    }
  };

  it('two runs at the same moment write each digest once', async () => {
    await enable(people.slice(0, 3));
    const { a, b } = instances;
    const runs = await Promise.all([a.running.digest!.runOnce(), b.running.digest!.runOnce(), a.running.digest!.runOnce()]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(3);
    for (const id of people.slice(0, 3)) expect(await mailsTo(a, id)).toHaveLength(1);
  });

  it('the queue takes one job per hour whichever instance sends it, and its worker writes the digests once', async () => {
    await enable(people.slice(3));
    const { a, b } = instances;
    const ids = await Promise.all([a.running.digest!.enqueue(), b.running.digest!.enqueue()]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    await expect.poll(async () => (await Promise.all(people.slice(3).map((id) => mailsTo(a, id)))).map((m) => m.length), { timeout: 20_000, interval: 200 }).toEqual([1, 1, 1]);
    // The earlier ones are not written again.
    for (const id of people.slice(0, 3)) expect(await mailsTo(a, id)).toHaveLength(1);
  });
});
