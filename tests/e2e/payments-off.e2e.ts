/**
 * PAYMENTS=off (issue 25 point 2), on a server of its own: Buy and the unlock dialog's Pay to unlock
 * keep the spec's 'coming soon' alerts, and no checkout starts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/server/db/schema.ts';
import type { RunningServer } from '../../src/server/server.ts';
import { signedInUser, type SignedInUser } from '../support/auth.ts';
import { createIdea, createUser } from '../support/factories.ts';
import type { TestServer } from '../support/test-server.ts';
import { appTookOver, DESKTOP, MOBILE, useBrowser } from './support/browser.ts';
import { startOwnServer } from './support/own-server.ts';

const browser = useBrowser();

/** The text of the next alert the page raises while `act` runs (and the alert accepted). */
async function alertDuring(page: Page, act: () => Promise<void>): Promise<string> {
  const shown = new Promise<string>((resolve) => {
    page.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    });
  });
  await act();
  return shown;
}

describe('with PAYMENTS=off', () => {
  let server: RunningServer;
  let url: string;
  let buyer: SignedInUser;
  let itemId: string;

  beforeAll(async () => {
    ({ server, url } = await startOwnServer({ PAYMENTS: 'off' }));
    const t = { url, db: server.database.db, database: server.database, config: server.config, server } as unknown as TestServer;
    buyer = await signedInUser(t, { name: 'Bisi Buyer' });
    const maker = await createUser(server.database.db, { name: 'Musa Maker' });
    itemId = (await createIdea(server.database.db, { userId: maker.id, title: 'Solar egg incubator for small farms', price: 45_000 })).id;
    // The first page a fresh server draws is its slowest (cold code paths): drawn here, not inside the journey's timeouts.
    expect((await fetch(`${url}/ideas/${itemId}`)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.close(1000);
  });

  it("keeps the spec's alerts on Buy and on Pay to unlock, at 375 and 1280, and starts no checkout", async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await browser.newPage(viewport);
      await page.context().addCookies(
        buyer.cookie.split('; ').map((pair) => {
          const i = pair.indexOf('=');
          return { name: pair.slice(0, i), value: pair.slice(i + 1), url };
        }),
      );
      await page.goto(`${url}/ideas/${itemId}`);
      await appTookOver(page);
      const buy = page.getByRole('button', { name: 'Buy' });
      expect(await alertDuring(page, () => buy.click())).toBe('Payment integration coming soon! Please contact the creator directly for now.');
      await page.getByRole('button', { name: 'Unlock Full Description' }).click();
      const pay = page.getByRole('dialog', { name: 'Unlock premium content' }).getByRole('button', { name: 'Pay to unlock' });
      expect(await alertDuring(page, () => pay.click())).toBe('Pay-per-idea payment integration coming soon!');
      expect(page.url()).toBe(`${url}/ideas/${itemId}`);
    }
    expect(await server.database.db.select().from(payments)).toEqual([]);
  });
});
