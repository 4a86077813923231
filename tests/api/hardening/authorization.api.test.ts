/**
 * Who may do what: one table, every API operation of the OpenAPI document (plus the routes
 * mounted outside it) against seven kinds of caller, with the expected status and what the
 * answer may contain. A new endpoint without a row fails the suite.
 *
 * Path parameters are filled with real ids of the right owner: for `user` the resource is the
 * caller's own; for every other caller it belongs to someone else (`owner`). Destructive rows
 * get a fresh resource for each caller, so no row depends on another's leftovers.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  conversationMembers,
  conversations,
  coupons,
  ideaDiscussionMessages,
  ideaDiscussions,
  ideas,
  privateMessages,
  profiles,
  reports,
  topics,
  users,
} from '../../../src/server/db/schema.ts';
import { PLATFORM_SETTINGS_DEFAULTS } from '../../../src/shared/schemas/settings.ts';
import { pngImage, send, shareBody, upload } from '../../../src/server/features/ideas/api-test-helpers.ts';
import { randomClientIp, type SignedInUser, signedInUser, signUp, TEST_PASSWORD, uniqueEmail } from '../../support/auth.ts';
import { databaseKinds } from '../../support/databases.ts';
import { createIdea, createUser } from '../../support/factories.ts';
import { useTestServer } from '../../support/test-server.ts';

const CALLERS = ['visitor', 'user', 'other', 'nonPremium', 'premium', 'moderator', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
/** Expected status per caller, in CALLERS order. */
type Statuses = readonly [number, number, number, number, number, number, number];

const LONG_DESCRIPTION = `A pump that runs on sunlight so farmers can water crops without buying fuel every week. ${'It keeps working through the dry season and needs no grid connection at all. '.repeat(4)}`.trim();
const PRIVATE_KEY = /^(email|phone|bank.*|nextOfKin.*|password|contactInfo)$/i;
/** Never in a staff answer about someone else, admins included (docs/decisions/0027): banking, next of kin, address. */
const STAFF_NEVER_KEY = /^(bank.*|nextOfKin.*|address)$/i;
const STAFF: readonly Caller[] = ['moderator', 'admin'];

interface Ctx {
  owner: SignedInUser;
  callers: Record<Exclude<Caller, 'visitor'>, SignedInUser>;
  storedFileUrl: string;
}

interface Row {
  /** 'METHOD /path/{template}' exactly as in the OpenAPI document (or the router, for extra rows). */
  op: string;
  expect: Statuses;
  /** Not in the OpenAPI document (better-auth, storage, health): must be listed here explicitly. */
  outsideOpenApi?: true;
  body?: unknown;
  /** Callers whose answer may carry personal fields (their own profile, admin views). */
  personalFor?: readonly Caller[];
  /** Answers with the caller's own data only: their banking, address and next of kin may be in it. */
  ownDataOnly?: true;
  /** Extra content rule on a success answer. */
  check?: (caller: Caller, json: unknown) => void;
  /** An HTML form's post (an empty form), its redirect not followed. */
  formPost?: true;
}

const ALL = (s: number): Statuses => [s, s, s, s, s, s, s];
// visitor, user(own), other, nonPremium, premium, moderator, admin
const SIGNED_IN = (s: number): Statuses => [401, s, s, s, s, s, s];
const STAFF_ADMIN_ONLY: Statuses = [401, 403, 403, 403, 403, 403, 200];
const STAFF_WITH_MODERATOR: Statuses = [401, 403, 403, 403, 403, 200, 200];

function mentionRule(_caller: Caller, json: unknown) {
  const { items } = json as { items: Record<string, unknown>[] };
  expect(items.length).toBeGreaterThan(0);
  for (const person of items) expect(Object.keys(person).sort()).toEqual(['id', 'name']);
}

function descriptionRule(caller: Caller, json: unknown) {
  const d = json as { description: string; descriptionTruncated: boolean; fullAccess: boolean };
  const entitled = caller === 'user' || caller === 'premium' || caller === 'admin';
  if (entitled) {
    expect(d.description).toBe(LONG_DESCRIPTION);
    expect(d.fullAccess).toBe(true);
  } else {
    expect(d.description.length).toBeLessThanOrEqual(100);
    expect(d.descriptionTruncated).toBe(true);
    expect(d.fullAccess).toBe(false);
  }
}

function discussionRule(caller: Caller, json: unknown) {
  const d = json as { locked: boolean; items: unknown[] };
  const entitled = caller === 'user' || caller === 'premium' || caller === 'admin';
  expect(d.locked).toBe(!entitled);
  if (entitled) expect(d.items.length).toBeGreaterThan(0);
  else expect(d.items).toEqual([]);
}

function excerptRule(_caller: Caller, json: unknown) {
  for (const item of (json as { items: { excerpt: string }[] }).items) expect(item.excerpt.length).toBeLessThanOrEqual(100);
}

function noContactForVisitor(caller: Caller, json: unknown) {
  if (caller !== 'visitor') return;
  const items = (json as { items?: { creator: { contactInfo: unknown } }[] }).items ?? [json as { creator: { contactInfo: unknown } }];
  for (const item of items) expect(item.creator.contactInfo).toBeNull();
}

function makerContactRule(caller: Caller, json: unknown) {
  const maker = json as { contactInfo: unknown; totals: { items: number } };
  if (caller === 'visitor') expect(maker.contactInfo).toBeNull();
  else expect(maker.contactInfo).toEqual(expect.any(String));
  expect(maker.totals.items).toBeGreaterThan(0);
}

/** The premium caller's 21 items are listed; callers who own only a few items never see more (nobody else's). */
function ownAnalyticsRule(caller: Caller, json: unknown) {
  const { items } = json as { items: { id: string }[] };
  if (caller === 'premium') expect(items.length).toBeGreaterThanOrEqual(21);
  else if (caller !== 'user') expect(items.length).toBeLessThan(21);
}

const ROWS: Row[] = [
  { op: 'GET /api/dev/outbox', expect: ALL(200), personalFor: CALLERS },
  { op: 'GET /api/profile', expect: SIGNED_IN(200), personalFor: CALLERS, ownDataOnly: true },
  { op: 'PATCH /api/profile', expect: SIGNED_IN(200), body: { bio: 'Builds pumps.' }, personalFor: CALLERS, ownDataOnly: true },
  // Its owner only: staff get the 404 of a missing profile (docs/decisions/0027).
  { op: 'GET /api/profiles/{userId}', expect: [401, 200, 404, 404, 404, 404, 404], personalFor: ['user'] },
  { op: 'GET /api/ideas', expect: ALL(200), check: (c, j) => (excerptRule(c, j), noContactForVisitor(c, j)) },
  {
    op: 'POST /api/ideas',
    expect: SIGNED_IN(201),
    body: { category: 'idea', title: 'A rain water collector for schools', description: 'Collects rain from school roofs for drinking and cleaning.', price: 100, currency: 'NGN' },
  },
  { op: 'GET /api/ideas/{id}', expect: ALL(200), check: (c, j) => (descriptionRule(c, j), noContactForVisitor(c, j)) },
  // Maker pages (issue 16): public, contact info for signed-in readers only, never private fields.
  { op: 'GET /api/makers/{userId}', expect: ALL(200), check: makerContactRule },
  { op: 'GET /api/makers/{userId}/ideas', expect: ALL(200), check: (c, j) => (excerptRule(c, j), noContactForVisitor(c, j)) },
  // 'user' is the maker themself: nobody follows themselves (400).
  { op: 'GET /api/makers/{userId}/follow', expect: ALL(200) },
  { op: 'PUT /api/makers/{userId}/follow', expect: [401, 400, 200, 200, 200, 200, 200] },
  { op: 'DELETE /api/makers/{userId}/follow', expect: [401, 400, 200, 200, 200, 200, 200] },
  { op: 'GET /api/me/following', expect: SIGNED_IN(200) },
  { op: 'GET /api/me/following/topics', expect: SIGNED_IN(200) },
  // Topic follows: anyone signed in, a real topic each time.
  { op: 'GET /api/topics/{id}/follow', expect: ALL(200) },
  { op: 'PUT /api/topics/{id}/follow', expect: SIGNED_IN(200) },
  { op: 'DELETE /api/topics/{id}/follow', expect: SIGNED_IN(200) },
  { op: 'PATCH /api/ideas/{id}', expect: [401, 200, 403, 403, 403, 403, 200], body: { price: 2500 } },
  // Delete: owner, admin or moderator (manage-service.ts); edit: owner or admin.
  { op: 'DELETE /api/ideas/{id}', expect: [401, 204, 403, 403, 403, 204, 204] },
  { op: 'POST /api/ideas/{id}/contact', expect: [401, 403, 204, 204, 204, 204, 204] },
  { op: 'GET /api/me/ideas', expect: SIGNED_IN(200) },
  { op: 'GET /api/me/stats', expect: SIGNED_IN(200) },
  // The Analytics tab (issue 28): the caller's own items only (analytics.api.test.ts proves whose).
  { op: 'GET /api/me/analytics', expect: SIGNED_IN(200), check: ownAnalyticsRule },
  { op: 'GET /api/me/analytics/csv', expect: SIGNED_IN(200) },
  { op: 'GET /api/me/eligibility', expect: SIGNED_IN(200) },
  // Only one's own data, of which the profile's private fields are a part.
  { op: 'GET /api/me/export', expect: SIGNED_IN(200), personalFor: CALLERS, ownDataOnly: true },
  // Unconfirmed, so the table's callers survive; real deletion: features/leaving/leaving.api.test.ts.
  { op: 'DELETE /api/me', expect: SIGNED_IN(400), body: { confirm: 'not yet' } },
  { op: 'POST /api/uploads/idea-images', expect: SIGNED_IN(201) },
  { op: 'PUT /api/ideas/{id}/save', expect: SIGNED_IN(204) },
  { op: 'DELETE /api/ideas/{id}/save', expect: SIGNED_IN(204) },
  { op: 'GET /api/me/saved', expect: SIGNED_IN(200) },
  { op: 'PUT /api/ideas/{id}/like', expect: SIGNED_IN(200) },
  { op: 'DELETE /api/ideas/{id}/like', expect: SIGNED_IN(200) },
  { op: 'PUT /api/ideas/{id}/rating', expect: [401, 403, 200, 200, 200, 200, 200], body: { value: 4 } },
  { op: 'DELETE /api/ideas/{id}/rating', expect: SIGNED_IN(200) },
  // Not entitled: 200 { locked: true, items: [] } (the screen shows the blurred discussion), never a message.
  { op: 'GET /api/ideas/{id}/messages', expect: ALL(200), check: discussionRule },
  { op: 'POST /api/ideas/{id}/messages', expect: [401, 201, 403, 403, 201, 403, 201], body: { content: 'Where can I see a prototype?' } },
  // Its author deletes their own message; moderators and admins remove anyone's.
  { op: 'DELETE /api/messages/{id}', expect: [401, 204, 403, 403, 403, 204, 204] },
  // Only its author edits a message, not even moderators and admins.
  { op: 'PATCH /api/messages/{id}', expect: [401, 200, 403, 403, 403, 403, 403], body: { content: 'Edited: where is the prototype?' } },
  // Only people who may read the discussion; names and ids, nothing else.
  { op: 'GET /api/ideas/{id}/mention-suggestions', expect: [401, 200, 403, 403, 200, 403, 200], check: mentionRule },
  { op: 'GET /api/ideas/{id}/messages/stream', expect: [401, 200, 403, 403, 200, 403, 200] },
  { op: 'GET /api/me/coupons', expect: SIGNED_IN(200) },
  { op: 'POST /api/me/coupons/{id}/redeem', expect: [401, 200, 404, 404, 404, 404, 404] },
  { op: 'GET /api/config', expect: ALL(200) },
  { op: 'GET /api/auth-config', expect: ALL(200) },
  { op: 'GET /api/maintenance', expect: ALL(200) },
  { op: 'GET /api/admin/me', expect: STAFF_WITH_MODERATOR, personalFor: ['moderator', 'admin'] },
  { op: 'GET /api/admin/overview', expect: STAFF_ADMIN_ONLY, personalFor: ['admin'] },
  { op: 'GET /api/admin/users/counts', expect: STAFF_ADMIN_ONLY },
  { op: 'GET /api/admin/users', expect: STAFF_ADMIN_ONLY, personalFor: ['admin'] },
  { op: 'PATCH /api/admin/users/{id}/role', expect: STAFF_ADMIN_ONLY, body: { role: 'moderator' }, personalFor: ['admin'] },
  // Admins only (moderators too are refused); the owner has no two-factor to turn off: 409, nothing changes.
  { op: 'POST /api/admin/users/{id}/two-factor/reset', expect: [401, 403, 403, 403, 403, 403, 409] },
  { op: 'GET /api/admin/content/counts', expect: STAFF_WITH_MODERATOR },
  { op: 'GET /api/admin/content', expect: STAFF_WITH_MODERATOR, personalFor: ['moderator', 'admin'] },
  { op: 'DELETE /api/admin/content/{id}', expect: [401, 403, 403, 403, 403, 204, 204] },
  { op: 'GET /api/admin/financial', expect: STAFF_ADMIN_ONLY },
  { op: 'GET /api/admin/payments', expect: STAFF_ADMIN_ONLY, personalFor: ['admin'] },
  { op: 'GET /api/admin/coupons', expect: STAFF_ADMIN_ONLY, personalFor: ['admin'] },
  { op: 'POST /api/admin/coupons/generate', expect: [401, 403, 403, 403, 403, 403, 201], body: { count: 2 } },
  { op: 'GET /api/admin/analytics', expect: STAFF_ADMIN_ONLY },
  { op: 'GET /api/admin/settings', expect: STAFF_ADMIN_ONLY },
  { op: 'PUT /api/admin/settings', expect: STAFF_ADMIN_ONLY, body: PLATFORM_SETTINGS_DEFAULTS },
  { op: 'POST /api/admin/settings/reset', expect: STAFF_ADMIN_ONLY },
  { op: 'GET /api/admin/audit', expect: STAFF_ADMIN_ONLY },
  // Reports: anyone signed in, not of one's own item ({item}: a fresh item, the caller's own for 'user').
  { op: 'POST /api/reports', expect: [401, 403, 201, 201, 201, 201, 201], body: { targetType: 'idea', targetId: '{item}', reason: 'spam' } },
  // The queue and its decisions (a fresh item with one open report each): moderators and admins.
  { op: 'GET /api/admin/reports', expect: STAFF_WITH_MODERATOR },
  { op: 'POST /api/admin/reports/{targetType}/{targetId}/dismiss', expect: STAFF_WITH_MODERATOR },
  { op: 'POST /api/admin/reports/{targetType}/{targetId}/remove', expect: STAFF_WITH_MODERATOR },
  // Private conversations (issue 17 point 6): Contact by anyone signed in but the item's creator;
  // a conversation ({id}: the caller's own for 'user', else between two other people) is readable
  // by its two people only: everyone else, moderators and admins included, gets 404.
  { op: 'POST /api/conversations', expect: [401, 403, 201, 201, 201, 201, 201], body: { ideaId: '{item}' } },
  { op: 'GET /api/conversations', expect: SIGNED_IN(200) },
  { op: 'GET /api/conversations/{id}', expect: [401, 200, 404, 404, 404, 404, 404] },
  { op: 'GET /api/conversations/{id}/messages', expect: [401, 200, 404, 404, 404, 404, 404] },
  { op: 'POST /api/conversations/{id}/messages', expect: [401, 201, 404, 404, 404, 404, 404], body: { content: 'Is it still available?' } },
  { op: 'POST /api/conversations/{id}/read', expect: [401, 200, 404, 404, 404, 404, 404], body: { upTo: 0 } },
  { op: 'GET /api/conversations/{id}/stream', expect: [401, 200, 404, 404, 404, 404, 404] },
  // Notifications: one's own only (no address names another person); the stream carries counts only.
  { op: 'GET /api/notifications', expect: SIGNED_IN(200) },
  { op: 'GET /api/notifications/unread-count', expect: SIGNED_IN(200) },
  { op: 'POST /api/notifications/read', expect: SIGNED_IN(200) },
  // Their keys 'email' are switches (true/false) of one's own, never an address.
  { op: 'GET /api/notifications/preferences', expect: SIGNED_IN(200), personalFor: CALLERS, check: (_c, j) => expect(JSON.stringify(j)).toMatch(/^[{}":,a-zA-Z_]*$/) },
  { op: 'PUT /api/notifications/preferences', expect: SIGNED_IN(200), body: { like: { email: true } }, personalFor: CALLERS, check: (_c, j) => expect(JSON.stringify(j)).toMatch(/^[{}":,a-zA-Z_]*$/) },
  // The weekly digest setting (issue 28): one's own, nothing else in it.
  { op: 'GET /api/notifications/digest', expect: SIGNED_IN(200), check: (_c, j) => expect(Object.keys(j as object).sort()).toEqual(['day', 'enabled']) },
  { op: 'PUT /api/notifications/digest', expect: SIGNED_IN(200), body: { enabled: true, day: 3 }, check: (_c, j) => expect(j).toEqual({ enabled: true, day: 3 }) },
  { op: 'GET /api/notifications/stream', expect: SIGNED_IN(200) },
  // Unsubscribe links: the signed token is the proof, whoever asks; without one, nobody
  // (features/notifications/email.api.test.ts follows real links).
  { op: 'GET /api/unsubscribe', expect: ALL(400) },
  { op: 'POST /unsubscribe', expect: ALL(400) },
  // The newsletter (issue 15 point 4): open to anyone, refused while Marketing emails is off (the
  // default here); its links are the proof for confirming and leaving (newsletter.api.test.ts).
  { op: 'POST /api/newsletter', expect: ALL(403), body: { email: 'reader@example.test' } },
  { op: 'POST /api/newsletter/confirm', expect: ALL(400), body: { token: 'not-a-link' } },
  { op: 'POST /api/newsletter/unsubscribe', expect: ALL(400), body: { token: 'not-a-link' } },
  { op: 'POST /newsletter/unsubscribe', expect: ALL(400) },
  // Payments (issue 25; the test provider): the owner has no payout account, so nobody can buy
  // its item (422); the owner never buys their own (403); a reference nobody started is 404.
  { op: 'GET /api/ideas/{id}/checkout', expect: ALL(200) },
  { op: 'POST /api/ideas/{id}/checkout', expect: [401, 403, 422, 422, 422, 422, 422] },
  { op: 'GET /api/payments/{reference}', expect: SIGNED_IN(404) },
  { op: 'GET /api/payments/test-checkout/{reference}', expect: ALL(404) },
  { op: 'POST /api/payments/test-checkout/{reference}/{outcome}', expect: ALL(400) },
  { op: 'GET /api/me/purchases', expect: SIGNED_IN(200) },
  { op: 'GET /api/me/payout-account', expect: SIGNED_IN(200), personalFor: CALLERS, ownDataOnly: true },
  { op: 'PUT /api/me/payout-account', expect: SIGNED_IN(400), body: {} },
  { op: 'GET /api/payouts/banks', expect: SIGNED_IN(200) },
  { op: 'POST /api/payouts/resolve', expect: SIGNED_IN(400), body: {} },
  // Admins only; {id} is no payment: 404 for them.
  { op: 'POST /api/admin/payments/{id}/refund', expect: [401, 403, 403, 403, 403, 403, 404] },
  // Topics (issue 27): read by anyone; kept by admins ({id} is no topic: 404 for them).
  { op: 'GET /api/topics', expect: ALL(200) },
  { op: 'GET /api/topics/{slug}', expect: ALL(404) },
  { op: 'GET /api/admin/topics', expect: STAFF_ADMIN_ONLY },
  { op: 'POST /api/admin/topics', expect: [401, 403, 403, 403, 403, 403, 201], body: { name: 'Water', description: 'Wells, pumps and rain.' } },
  { op: 'PATCH /api/admin/topics/{id}', expect: [401, 403, 403, 403, 403, 403, 404], body: { name: 'Clean water' } },
  { op: 'POST /api/admin/topics/{id}/merge', expect: [401, 403, 403, 403, 403, 403, 404], body: { into: '00000000-0000-4000-8000-000000000000' } },
  { op: 'DELETE /api/admin/topics/{id}', expect: [401, 403, 403, 403, 403, 403, 404] },
  // One's own photo only (issue 27): no file is a 400; removing none is fine.
  { op: 'POST /api/profile/photo', expect: SIGNED_IN(400) },
  { op: 'DELETE /api/profile/photo', expect: SIGNED_IN(200) },
  // ── Mounted outside the OpenAPI document ──
  { op: 'GET /api/auth/get-session', expect: ALL(200), outsideOpenApi: true, personalFor: CALLERS },
  // better-auth's own admin endpoints bypass our role rules: closed to everyone, admins included.
  { op: 'POST /api/auth/admin/set-role', expect: ALL(404), outsideOpenApi: true, body: { userId: '{self}', role: 'admin' } },
  { op: 'GET /api/auth/admin/list-users', expect: ALL(404), outsideOpenApi: true },
  // Two-factor authentication (better-auth's plugin): turning it on needs the admin setting (off
  // here); the rest answer a signed-in person who has not turned it on with 400.
  { op: 'POST /api/auth/two-factor/enable', expect: [401, 403, 403, 403, 403, 403, 403], outsideOpenApi: true, body: { password: TEST_PASSWORD } },
  { op: 'POST /api/auth/two-factor/disable', expect: [401, 400, 400, 400, 400, 400, 400], outsideOpenApi: true, body: { password: 'not the password' } },
  { op: 'POST /api/auth/two-factor/get-totp-uri', expect: [401, 400, 400, 400, 400, 400, 400], outsideOpenApi: true, body: { password: TEST_PASSWORD } },
  { op: 'POST /api/auth/two-factor/verify-totp', expect: [401, 400, 400, 400, 400, 400, 400], outsideOpenApi: true, body: { code: '123456' } },
  { op: 'POST /api/auth/two-factor/verify-backup-code', expect: [401, 400, 400, 400, 400, 400, 400], outsideOpenApi: true, body: { code: 'AAAAA-BBBBB' } },
  { op: 'POST /api/auth/two-factor/generate-backup-codes', expect: [401, 400, 400, 400, 400, 400, 400], outsideOpenApi: true, body: { password: TEST_PASSWORD } },
  // One's own sign-in methods (the profile tells a Google-only account it has no password to set up codes with).
  { op: 'GET /api/auth/list-accounts', expect: SIGNED_IN(200), outsideOpenApi: true },
  // Codes by mail or text message are not set up: closed.
  { op: 'POST /api/auth/two-factor/send-otp', expect: ALL(404), outsideOpenApi: true, body: {} },
  { op: 'GET /storage/idea-images/{name}', expect: ALL(200), outsideOpenApi: true },
  // The open web (issue 16): the same for everyone, and only what a visitor may read (their own tests: features/discovery).
  { op: 'GET /feed.xml', expect: ALL(200), outsideOpenApi: true },
  { op: 'GET /makers/{userId}/feed.xml', expect: ALL(200), outsideOpenApi: true },
  { op: 'GET /sitemap.xml', expect: ALL(200), outsideOpenApi: true },
  { op: 'GET /robots.txt', expect: ALL(200), outsideOpenApi: true },
  { op: 'GET /healthz', expect: ALL(200), outsideOpenApi: true },
  { op: 'GET /readyz', expect: ALL(200), outsideOpenApi: true },
  // The sign-in and sign-up forms as plain posts: anyone may post; an empty form goes back to /auth with its reason.
  { op: 'POST /api/auth-form/sign-in', expect: ALL(303), outsideOpenApi: true, formPost: true },
  { op: 'POST /api/auth-form/sign-up', expect: ALL(303), outsideOpenApi: true, formPost: true },
  { op: 'POST /api/auth-form/two-factor', expect: ALL(303), outsideOpenApi: true, formPost: true },
  { op: 'POST /api/newsletter/form', expect: ALL(303), outsideOpenApi: true, formPost: true },
];

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keysOf(v, out);
    }
  }
  return out;
}

/** The operations of the OpenAPI document, as 'METHOD /path'. */
export async function openApiOperations(fetcher: (path: string) => Promise<Response>): Promise<string[]> {
  const doc = (await (await fetcher('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const ops: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of Object.keys(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) ops.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return ops.sort();
}

describe.each(databaseKinds())('authorization matrix on %s', (kind) => {
  const t = useTestServer(kind);
  let ctx: Ctx;

  async function withContact(user: SignedInUser) {
    await t.db.update(profiles).set({ contactInfo: `contact of ${user.name}` }).where(eq(profiles.userId, user.id));
    return user;
  }

  beforeAll(async () => {
    const owner = await withContact(await signedInUser(t, { name: 'Olu Owner' }));
    const [user, other, nonPremium, premium, moderator, admin] = await Promise.all([
      signedInUser(t, { name: 'Uche User' }).then(withContact),
      signedInUser(t, { name: 'Ori Other' }).then(withContact),
      signedInUser(t, { name: 'Nkem Nonpremium' }).then(withContact),
      signedInUser(t, { name: 'Pat Premium' }).then(withContact),
      signedInUser(t, { name: 'Mo Moderator', role: 'moderator' }).then(withContact),
      signedInUser(t, { name: 'Ade Admin', role: 'admin' }).then(withContact),
    ]);
    // Premium: more than 20 own items (old enough that no sharing cooldown applies).
    const dayAgo = new Date(Date.now() - 30 * 24 * 3600_000);
    for (let i = 0; i < 21; i++) await createIdea(t.db, { userId: premium!.id, createdAt: dayAgo });
    for (let i = 0; i < 3; i++) await createIdea(t.db, { userId: nonPremium!.id, createdAt: dayAgo });
    const res = await upload(t, owner, await pngImage(), 'pump.png', 'image/png');
    expect(res.status).toBe(201);
    const storedFileUrl = ((await res.json()) as { url: string }).url;
    ctx = { owner, callers: { user: user!, other: other!, nonPremium: nonPremium!, premium: premium!, moderator: moderator!, admin: admin! }, storedFileUrl };
  });

  /** A fresh item of `ownerId` with its discussion, one message and one coupon. */
  async function itemOf(ownerId: string) {
    const idea = await createIdea(t.db, { userId: ownerId, description: LONG_DESCRIPTION, createdAt: new Date(Date.now() - 3600_000) });
    const [discussion] = await t.db.insert(ideaDiscussions).values({ ideaId: idea.id }).returning();
    const [message] = await t.db
      .insert(ideaDiscussionMessages)
      .values({ discussionId: discussion!.id, userId: ownerId, content: 'First message of the owner.' })
      .returning();
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: `TEST-${randomUUID()}`, assignedTo: ownerId, ideaId: idea.id })
      .returning();
    return { idea, message: message!, coupon: coupon! };
  }

  async function resolvePath(row: Row, caller: Caller): Promise<string> {
    const template = row.op.split(' ')[1]!;
    const me = caller === 'visitor' ? null : ctx.callers[caller];
    const ownerId = caller === 'user' ? ctx.callers.user.id : ctx.owner.id;
    if (!template.includes('{')) return template;
    if (template === '/api/profiles/{userId}') return template.replace('{userId}', ownerId);
    // A maker with at least one item.
    if (template.includes('/makers/{userId}')) return (await itemOf(ownerId), template.replace('{userId}', ownerId));
    if (template === '/api/topics/{id}/follow') {
      const slug = `follow-${randomUUID()}`;
      const [topic] = await t.db.insert(topics).values({ name: slug, slug }).returning();
      return template.replace('{id}', topic!.id);
    }
    if (template === '/storage/idea-images/{name}') return new URL(ctx.storedFileUrl, t.url).pathname;
    // A person (the caller themself for 'user'); the owner has no two-factor on, so admins get 409.
    if (template === '/api/admin/users/{id}/two-factor/reset') return template.replace('{id}', ownerId);
    if (template === '/api/admin/users/{id}/role') {
      const target = await createUser(t.db, { name: 'Role Target' });
      return template.replace('{id}', caller === 'user' ? me!.id : target.id);
    }
    if (template.startsWith('/api/conversations/{id}')) {
      // The owner's item; the caller ('user') or a stranger pressed Contact, and wrote once.
      const item = await itemOf(ctx.owner.id);
      const starter = caller === 'user' ? ctx.callers.user.id : (await createUser(t.db, { name: 'Sam Starter' })).id;
      const [c] = await t.db.insert(conversations).values({ ideaId: item.idea.id, itemTitle: item.idea.title, starterId: starter, creatorId: item.idea.userId }).returning();
      await t.db.insert(conversationMembers).values([
        { conversationId: c!.id, userId: starter },
        { conversationId: c!.id, userId: item.idea.userId },
      ]);
      await t.db.insert(privateMessages).values({ conversationId: c!.id, senderId: starter, content: 'A private question.' });
      return template.replace('{id}', c!.id);
    }
    const item = await itemOf(ownerId);
    if (template.startsWith('/api/admin/reports/{targetType}/{targetId}/')) {
      await t.db.insert(reports).values({ reporterId: ctx.callers.other.id, targetType: 'idea', targetId: item.idea.id, ideaId: item.idea.id, reason: 'spam' });
      return template.replace('{targetType}', 'idea').replace('{targetId}', item.idea.id);
    }
    if (template === '/api/messages/{id}') return template.replace('{id}', String(item.message.id));
    // Letters after '@' that match people other than the caller ('Olu Owner', 'Ori Other').
    if (template === '/api/ideas/{id}/mention-suggestions') return `${template.replace('{id}', item.idea.id)}?q=o`;
    if (template === '/api/me/coupons/{id}/redeem') return template.replace('{id}', item.coupon.id);
    return template.replace('{id}', item.idea.id);
  }

  async function call(row: Row, caller: Caller): Promise<{ status: number; text: string; contentType: string }> {
    const [method] = row.op.split(' ') as [string];
    const path = await resolvePath(row, caller);
    const me = caller === 'visitor' ? null : ctx.callers[caller];
    const headers: Record<string, string> = { origin: new URL(t.url).origin };
    if (me) headers.cookie = me.cookie;
    if (row.op === 'POST /api/uploads/idea-images') {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'pump.png');
      const res = await t.fetch(path, { method, headers, body: form });
      return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? '' };
    }
    if (row.formPost) {
      const res = await t.fetch(path, { method, redirect: 'manual', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
      return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? '' };
    }
    if (row.body !== undefined) headers['content-type'] = 'application/json';
    let body = row.body === undefined ? undefined : JSON.stringify(row.body).replace('{self}', me?.id ?? 'nobody');
    if (body?.includes('{item}')) body = body.replace('{item}', (await itemOf(caller === 'user' ? ctx.callers.user.id : ctx.owner.id)).idea.id);
    const abort = new AbortController();
    const res = await t.fetch(path, { method, headers, body, signal: abort.signal });
    if (res.headers.get('content-type')?.includes('text/event-stream')) {
      abort.abort();
      return { status: res.status, text: '', contentType: 'text/event-stream' };
    }
    return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? '' };
  }

  it('has a row for every operation of the OpenAPI document, and no row for one that is gone', async () => {
    const documented = await openApiOperations((p) => t.fetch(p));
    const rows = new Set(ROWS.filter((r) => !r.outsideOpenApi).map((r) => r.op));
    expect(documented.filter((op) => !rows.has(op)), 'operations without a row in the authorization table').toEqual([]);
    expect([...rows].filter((op) => !documented.includes(op)), 'rows for operations the document no longer has').toEqual([]);
    // Rows marked outside the document really are outside it (else they belong in the table proper).
    expect(ROWS.filter((r) => r.outsideOpenApi && documented.includes(r.op)).map((r) => r.op)).toEqual([]);
  });

  it('never lets a client set protected fields: user_id, role, is_used, created_at, counts', async () => {
    // People of its own: the table's callers must not inherit a sharing cooldown from this test.
    const me = await withContact(await signedInUser(t, { name: 'Fola Forger' }));
    const victim = await withContact(await signedInUser(t, { name: 'Vic Victim' }));
    const forged = {
      id: '00000000-0000-4000-8000-000000000001',
      userId: victim.id,
      user_id: victim.id,
      role: 'admin',
      isUsed: true,
      is_used: true,
      createdAt: '2001-01-01T00:00:00.000Z',
      created_at: '2001-01-01T00:00:00.000Z',
      likeCount: 999,
      like_count: 999,
      commentCount: 999,
      ratingCount: 999,
      ratingAverage: 5,
      email: 'forged@example.test',
    };
    const started = Date.now() - 60_000;

    const created = await send(t, me, 'POST', '/api/ideas', { ...shareBody(), ...forged });
    expect(created.status).toBe(201);
    {
      const body = (await created.json()) as { idea: { id: string }; coupon: { id: string } };
      const [row] = await t.db.select().from(ideas).where(eq(ideas.id, body.idea.id));
      expect(row?.id).not.toBe(forged.id);
      expect(row?.userId).toBe(me.id);
      expect(row?.likeCount).toBe(0);
      expect(row!.createdAt.getTime()).toBeGreaterThan(started);
      const [coupon] = await t.db.select().from(coupons).where(eq(coupons.id, body.coupon.id));
      expect(coupon?.isUsed).toBe(false);
      expect(coupon?.assignedTo).toBe(me.id);
    }

    const own = await createIdea(t.db, { userId: me.id });
    const edited = await send(t, me, 'PATCH', `/api/ideas/${own.id}`, { price: 99, ...forged });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const [afterEdit] = await t.db.select().from(ideas).where(eq(ideas.id, own.id));
    expect(afterEdit?.userId).toBe(me.id);
    expect(afterEdit?.likeCount).toBe(own.likeCount);
    expect(afterEdit?.createdAt.getTime()).toBe(own.createdAt.getTime());

    const profile = await send(t, me, 'PATCH', '/api/profile', { bio: 'Hello', ...forged });
    expect(profile.status, await profile.clone().text()).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(user?.role).toBe('user');
    expect(user?.email).toBe(me.email);
    const [prof] = await t.db.select().from(profiles).where(eq(profiles.userId, me.id));
    expect(prof?.email).toBe(me.email);
    const [victimProfile] = await t.db.select().from(profiles).where(eq(profiles.userId, victim.id));
    expect(victimProfile?.bio ?? null).not.toBe('Hello');

    // Sign-up through better-auth: a role in the body is refused (400 field_not_allowed), no account made.
    const email = uniqueEmail('forger');
    const signedUp = await signUp(t, { name: 'Forger', email, password: TEST_PASSWORD, ...{ role: 'admin' } }, { ip: randomClientIp() });
    expect(signedUp.status).toBe(400);
    expect(((await signedUp.json()) as { error: { code: string } }).error.code).toBe('field_not_allowed');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('walks the whole table: statuses, error bodies and what each answer may contain', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const row of ROWS) {
      for (const [i, caller] of CALLERS.entries()) {
        const expected = row.expect[i]!;
        const { status, text, contentType } = await call(row, caller);
        requests++;
        const where = `${row.op} as ${caller}`;
        if (status !== expected) {
          failures.push(`${where}: ${status}, expected ${expected} ${text.slice(0, 160)}`);
          continue;
        }
        if (!contentType.includes('application/json')) continue;
        const json: unknown = text ? JSON.parse(text) : null;
        if (status >= 400) {
          const e = (json as { error?: { code?: unknown; message?: unknown } }).error;
          if (typeof e?.code !== 'string' || typeof e.message !== 'string') failures.push(`${where}: error body ${text.slice(0, 160)}`);
          continue;
        }
        if (STAFF.includes(caller) && !row.ownDataOnly) {
          const leaked = keysOf(json).filter((k) => STAFF_NEVER_KEY.test(k));
          if (leaked.length) failures.push(`${where}: another person's banking, address or next of kin: ${[...new Set(leaked)].join(', ')}`);
        }
        if (!row.personalFor?.includes(caller)) {
          const leaked = keysOf(json).filter((k) => PRIVATE_KEY.test(k) && k !== 'contactInfo');
          if (leaked.length) failures.push(`${where}: personal fields ${[...new Set(leaked)].join(', ')}`);
          if (text.includes(ctx.owner.email)) failures.push(`${where}: the owner's email address`);
        }
        try {
          row.check?.(caller, json);
        } catch (error) {
          failures.push(`${where}: ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBe(ROWS.length * CALLERS.length);
  });
});
