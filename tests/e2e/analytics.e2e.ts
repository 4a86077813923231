/**
 * Makers' analytics (issue 28 point 3): readers view a maker's new item (its details page and its
 * API; a headless browser is a bot and is not counted), a fan likes and saves it, the maker writes
 * in its discussion; the Dashboard's Analytics tab shows the chart, the same figures as a table
 * reached by keyboard, the totals per item, and the CSV.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appTookOver, baseURL, DESKTOP, expectAccessible, MOBILE, useBrowser } from './support/browser.ts';
import { newPerson } from './support/people.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const origin = () => new URL(baseURL()).origin;

async function share(page: Page, title: string): Promise<string> {
  const res = await page.context().request.post(`${baseURL()}/api/ideas`, {
    headers: { origin: origin() },
    data: { category: 'product', title, description: 'A cold room that runs on sunlight so traders keep tomatoes fresh for a week.', price: 90_000, currency: 'NGN' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { idea: { id: string } }).idea.id;
}

async function send(page: Page, method: 'PUT' | 'POST', path: string, data?: unknown) {
  const res = await page.context().request.fetch(`${baseURL()}${path}`, { method, headers: { origin: origin() }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

describe('makers’ analytics', () => {
  const browser = useBrowser();

  it('the Analytics tab shows the views, likes, comments and saves of the maker’s item as a chart, a table and a CSV', async () => {
    const makerPage = await browser.newPage(DESKTOP);
    await newPerson(makerPage.context(), { name: 'Zainab Lawal', contactInfo: 'zainab@example.test' });
    const title = `Solar cold room ${randomInt(100_000, 999_999)}`;
    const id = await share(makerPage, title);

    const fanPage = await browser.newPage(DESKTOP);
    await newPerson(fanPage.context(), { name: 'Kunle Ajayi', contactInfo: 'kunle@example.test' });
    await send(fanPage, 'PUT', `/api/ideas/${id}/like`);
    await send(fanPage, 'PUT', `/api/ideas/${id}/save`);
    await send(makerPage, 'POST', `/api/ideas/${id}/messages`, { content: 'Ask me anything about it.' });

    // Two readers: one opens the details page twice, the other reads its API. The fan's headless
    // browser says it is one (a bot) and is not counted.
    for (const userAgent of [CHROME, CHROME]) expect((await fetch(`${baseURL()}/ideas/${id}`, { headers: { 'user-agent': userAgent } })).status).toBe(200);
    expect((await fetch(`${baseURL()}/api/ideas/${id}`, { headers: { 'user-agent': FIREFOX } })).status).toBe(200);
    await fanPage.goto(`/ideas/${id}`);
    await fanPage.getByRole('heading', { level: 1, name: title }).waitFor();

    await makerPage.goto('/dashboard?tab=analytics');
    await appTookOver(makerPage);
    const tab = makerPage.getByRole('tabpanel', { name: 'Analytics' });
    await tab.getByRole('heading', { name: 'Your items over time' }).waitFor();
    expect(await tab.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');

    const totals = tab.getByLabel('Totals over the last 30 days');
    const total = (label: string) => totals.locator('div', { has: makerPage.getByText(label, { exact: true }) }).locator('dd');
    await expect.poll(() => total('Views').textContent()).toBe('2');
    expect(await total('Likes').textContent()).toBe('1');
    expect(await total('Comments').textContent()).toBe('1');
    expect(await total('Saves').textContent()).toBe('1');
    expect(await total('Purchases').textContent()).toBe('0');

    // The chart is drawn (recharts' lines), and described for screen readers.
    const chart = tab.getByRole('figure', { name: /^Chart of the last 30 days: 2 views, 1 likes, 1 comments, 1 saves, 0 purchases\./ });
    await chart.waitFor();
    expect(await chart.locator('.recharts-line').count()).toBe(5);

    // The same figures as a table, opened from the keyboard: today's row.
    const summary = tab.getByText('Show the figures as a table');
    await summary.focus();
    await makerPage.keyboard.press('Enter');
    const daily = tab.getByRole('table', { name: 'Figures per day, newest first' });
    await daily.waitFor();
    const today = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date());
    const todayRow = daily.getByRole('row', { name: new RegExp(`^${today} `) });
    expect((await todayRow.getByRole('cell').allTextContents()).map((s) => s.trim())).toEqual(['2', '1', '1', '1', '0']);
    expect(await daily.getByRole('row').count()).toBe(31);

    const items = makerPage.getByRole('table', { name: 'Totals per item over the last 30 days' });
    const itemRow = items.getByRole('row', { name: new RegExp(title) });
    expect((await itemRow.getByRole('cell').allTextContents()).map((s) => s.trim())).toEqual(['2', '1', '1', '1', '0']);
    await expectAccessible(makerPage);

    // 7 days; the CSV of the same window comes from the server.
    await tab.getByRole('button', { name: '7 days' }).click();
    await tab.getByLabel('Totals over the last 7 days').waitFor();
    await expect.poll(() => tab.getByRole('table', { name: 'Figures per day, newest first' }).getByRole('row').count()).toBe(8);
    const csvLink = tab.getByRole('link', { name: 'CSV: download the last 7 days' });
    expect(await csvLink.getAttribute('href')).toBe('/api/me/analytics/csv?days=7');
    const csv = await makerPage.context().request.get(`${baseURL()}/api/me/analytics/csv?days=7`);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('date,item_id,title,views,likes,comments,saves,purchases');
    expect(lines).toContain(`${new Date().toISOString().slice(0, 10)},${id},${title},2,1,1,1,0`);

    // On a phone the tables scroll sideways, from the keyboard too.
    await makerPage.setViewportSize(MOBILE);
    await tab.getByRole('region', { name: 'Totals per item' }).waitFor();
    await expectAccessible(makerPage);
  });
});
