/**
 * Notifications journey (issue 17): a maker watches the header's bell while two other people, in
 * their own browsers, like the maker's item and post in its discussion: the bell's accessible name
 * rises ('Notifications, 1 unread', then 2) without a reload. /notifications lists who did what to
 * which item and links there; opening it clears the count; 'Mark all as read' clears what comes
 * in while it is open. The profile's preferences card keeps a switch across a reload, and an
 * email's unsubscribe link (from the development outbox) turns that email off without signing in,
 * even without JavaScript. Accessible at each step, on a phone and a desktop.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appTookOver, baseURL, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { randomClientIp } from './support/demo.ts';
import { newPerson } from './support/people.ts';

const DEMO_PASSWORD = 'ideahub-demo-2026';
const ADMIN = 'admin@ideahub.demo';

async function signIn(page: Page, email: string) {
  const res = await page.context().request.post(`${baseURL()}/api/auth/sign-in/email`, {
    headers: { origin: new URL(baseURL()).origin, 'x-forwarded-for': randomClientIp() },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function share(page: Page, title: string): Promise<string> {
  const res = await page.context().request.post(`${baseURL()}/api/ideas`, {
    headers: { origin: new URL(baseURL()).origin },
    data: { category: 'product', title, description: 'Solar lanterns that charge by day and light a whole room at night.', price: 4500, currency: 'NGN' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { idea: { id: string } }).idea.id;
}

/** The header's bell, found by the exact accessible name it must have. */
const bell = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

describe('notifications', () => {
  const browser = useBrowser();

  it('the bell counts live, /notifications lists and clears, preferences stick, unsubscribe works', async () => {
    const maker = await browser.newPage(MOBILE);
    const mara = await newPerson(maker.context(), { name: 'Mara Maker', contactInfo: 'mara@example.test' });
    const title = `Solar lanterns batch ${randomInt(100_000, 999_999)}`;
    const ideaId = await share(maker, title);

    // The maker is on the home page; nothing new yet. Nothing on their pages logs an error or a hydration warning.
    const problems: string[] = [];
    maker.on('pageerror', (e) => problems.push(`pageerror: ${String(e)}`));
    maker.on('console', (m) => {
      if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
    });
    await maker.goto('/');
    await appTookOver(maker);
    await bell(maker, 'Notifications').waitFor();
    await expectAccessible(maker);

    // Someone else, in their own browser, likes the item.
    const liker = await browser.newPage(DESKTOP);
    await newPerson(liker.context(), { name: 'Kofi Mensah', contactInfo: 'kofi@example.test' });
    await liker.goto(`/ideas/${ideaId}`);
    await liker.getByRole('heading', { level: 1, name: title }).waitFor();
    await appTookOver(liker);
    await liker.getByRole('button', { name: /^Like ·/ }).click();
    await liker.getByRole('button', { name: /^Unlike ·/ }).waitFor();

    // The maker's bell rises without a reload.
    await bell(maker, 'Notifications, 1 unread').waitFor();

    // An admin (who may read every discussion) asks a question in its discussion.
    const admin = await browser.newPage(DESKTOP);
    await signIn(admin, ADMIN);
    const posted = await admin.context().request.post(`${baseURL()}/api/ideas/${ideaId}/messages`, {
      headers: { origin: new URL(baseURL()).origin },
      data: { content: 'Do the lanterns come with a warranty?' },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    await bell(maker, 'Notifications, 2 unread').waitFor();
    // The server draws the count into the page, and the browser hydrates it as drawn.
    const html = await (await maker.context().request.get(`${baseURL()}/`)).text();
    expect(html).toContain('aria-label="Notifications, 2 unread"');
    await maker.reload();
    await appTookOver(maker);
    await bell(maker, 'Notifications, 2 unread').waitFor();
    expect(problems).toEqual([]);

    // The list: who did what to which item, newest first; opening it clears the count.
    await bell(maker, 'Notifications, 2 unread').click();
    await maker.waitForURL(/\/notifications$/);
    await maker.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const entries = maker.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await entries.first().getByText(`posted in the discussion of ${title}`).waitFor();
    await entries.first().getByText('Do the lanterns come with a warranty?').waitFor();
    await entries.nth(1).getByText(/^Kofi Mensah$/).waitFor();
    // What happened, in the words the API gives: '{name} liked {title}'.
    expect(await entries.nth(1).innerText()).toContain(`Kofi Mensah liked ${title}`);
    await bell(maker, 'Notifications').waitFor();
    await expectAccessible(maker);

    // Something arrives while the page is open: 'Mark all as read' clears it.
    const second = await browser.newPage(DESKTOP);
    await newPerson(second.context(), { name: 'Ama Owusu', contactInfo: 'ama@example.test' });
    const liked = await second.context().request.put(`${baseURL()}/api/ideas/${ideaId}/like`, { headers: { origin: new URL(baseURL()).origin } });
    expect(liked.status()).toBe(200);
    await bell(maker, 'Notifications, 1 unread').waitFor();
    await maker.getByRole('list', { name: 'Notifications' }).getByText('Ama Owusu').waitFor();
    await maker.getByRole('button', { name: 'Mark all as read', exact: true }).click();
    await bell(maker, 'Notifications').waitFor();

    // An entry leads to the exact message: its anchor, in view and marked once the discussion has loaded.
    await entries.filter({ hasText: 'posted in the discussion of' }).getByRole('link').click();
    await maker.waitForURL(new RegExp(`/ideas/${ideaId}#message-\\d+$`));
    await maker.getByRole('heading', { level: 1, name: title }).waitFor();
    const anchor = new URL(maker.url()).hash.slice(1);
    const named = maker.locator(`[id="${anchor}"]`);
    await expect.poll(() => named.getAttribute('data-named'), { timeout: 15_000 }).toBe('true');
    expect(await named.innerText()).toContain('Do the lanterns come with a warranty?');
    const box = await named.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= (maker.viewportSize()?.height ?? 0)).toBe(true);
    expect(problems).toEqual([]);

    // Preferences: likes by email, on; kept after a reload.
    const desk = await browser.newPage(DESKTOP);
    const request = desk.context().request;
    const signedIn = await request.post(`${baseURL()}/api/auth/sign-in/email`, { headers: { origin: new URL(baseURL()).origin, 'x-forwarded-for': randomClientIp() }, data: { email: mara.email, password: mara.password } });
    expect(signedIn.status()).toBe(200);
    await desk.goto('/profile');
    await desk.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    const likesByEmail = desk.getByRole('switch', { name: 'Likes on your items: by email' });
    expect(await likesByEmail.getAttribute('aria-checked')).toBe('false');
    expect(await desk.getByRole('switch', { name: 'Replies to your messages: by email' }).getAttribute('aria-checked')).toBe('true');
    await likesByEmail.click();
    await expect.poll(() => likesByEmail.getAttribute('aria-checked')).toBe('true');
    await expectAccessible(desk);
    await expect.poll(async () => ((await (await request.get(`${baseURL()}/api/notifications/preferences`)).json()) as { like: { email: boolean } }).like.email).toBe(true);
    await desk.reload();
    await expect.poll(() => desk.getByRole('switch', { name: 'Likes on your items: by email' }).getAttribute('aria-checked')).toBe('true');

    // The weekly digest (issue 28): off for this person, turned on for Thursdays; kept after a reload.
    const digest = desk.getByRole('switch', { name: 'The weekly digest of new items: by email' });
    await expect.poll(() => digest.getAttribute('aria-checked')).toBe('false');
    await digest.click();
    await expect.poll(() => digest.getAttribute('aria-checked')).toBe('true');
    await desk.getByRole('combobox', { name: 'Sent on' }).selectOption('Thursday');
    await expect.poll(async () => (await request.get(`${baseURL()}/api/notifications/digest`)).json()).toEqual({ enabled: true, day: 4 });
    await desk.reload();
    await expect.poll(() => desk.getByRole('combobox', { name: 'Sent on' }).inputValue()).toBe('4');
    await expectAccessible(desk);

    // The mail about the admin's question is in the development outbox, with its unsubscribe link.
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const { mails } = (await (await desk.context().request.get(`${baseURL()}/api/dev/outbox`)).json()) as { mails: { to: string; subject: string; text: string }[] };
          const mail = mails.find((m) => m.to === mara.email && m.subject.includes(title));
          link = mail?.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0];
          return link;
        },
        { timeout: 15_000 },
      )
      .toBeDefined();

    // Followed by someone who is not signed in: the page says what the link does.
    const stranger = await browser.newPage(MOBILE);
    await stranger.goto(link!);
    await stranger.getByRole('heading', { name: 'Unsubscribe', exact: true }).waitFor();
    await stranger.getByText('Stop getting emails about “New messages in the discussion of your items”?').waitFor();
    await appTookOver(stranger);
    await expectAccessible(stranger);
    // Its button works without JavaScript: a plain form, posted to the link itself.
    const noScripts = await browser.newPage(MOBILE, { javaScriptEnabled: false });
    await noScripts.goto(link!);
    await noScripts.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await noScripts.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await stranger.reload();
    await stranger.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await appTookOver(stranger);
    await expectAccessible(stranger);
    await desk.reload();
    await expect.poll(() => desk.getByRole('switch', { name: 'New messages in the discussion of your items: by email' }).getAttribute('aria-checked')).toBe('false');
  }, 240_000);

  it('a removal with a reason: the admin types it in the dialog, the author reads it in /notifications', async () => {
    const author = await browser.newPage(DESKTOP);
    await newPerson(author.context(), { name: 'Ada Author', contactInfo: 'ada@example.test' });
    const title = `Water filters batch ${randomInt(100_000, 999_999)}`;
    const ideaId = await share(author, title);
    // The owner may always write in their own item's discussion.
    const posted = await author.context().request.post(`${baseURL()}/api/ideas/${ideaId}/messages`, {
      headers: { origin: new URL(baseURL()).origin },
      data: { content: 'Call me on 0803 555 0000 for a discount.' },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    await author.goto('/');
    await appTookOver(author);
    await bell(author, 'Notifications').waitFor();

    const admin = await browser.newPage(MOBILE);
    await signIn(admin, ADMIN);
    await admin.goto(`/ideas/${ideaId}`);
    await admin.getByRole('heading', { level: 1, name: title }).waitFor();
    await appTookOver(admin);
    await admin.getByRole('button', { name: 'Remove message from Ada Author' }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'Remove this message?' });
    await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Please keep phone numbers out of discussions.');
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await bell(author, 'Notifications, 1 unread').waitFor();
    await bell(author, 'Notifications, 1 unread').click();
    const entry = author.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first();
    await entry.getByText(`A moderator removed your message on ${title}`).waitFor();
    await entry.getByText('Reason: Please keep phone numbers out of discussions.').waitFor();
    expect(await entry.textContent()).not.toContain('Amara');
    await expectAccessible(author);
  }, 180_000);
});
