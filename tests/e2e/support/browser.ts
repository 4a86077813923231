/** Debian's Chromium driven by playwright-core, plus an axe-core accessibility check. */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { JOIN_DIALOG_STORAGE_KEY, STATUS_DIALOG_STORAGE_KEY } from '../../../src/shared/rules/periodic-dialog.ts';
import type { TookOverPart } from '../../../src/web/app/took-over.tsx';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 740 };

export function baseURL(): string {
  return inject('baseURL');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Waits until React has hydrated a part of the page (app/took-over.tsx; by default the route's
 * page): a server-painted part looks the same before, but only then does a press reach the app.
 */
export async function appTookOver(page: Page, part: TookOverPart = 'page'): Promise<void> {
  await page.locator(`html[data-took-over~="${part}"]`).waitFor({ state: 'attached' });
}

/** localStorage keys of the periodic dialogs (src/shared/rules/periodic-dialog.ts). */
export const PERIODIC_DIALOG_KEYS = [STATUS_DIALOG_STORAGE_KEY, JOIN_DIALOG_STORAGE_KEY];

/** Runs in the page before its scripts: marks both periodic dialogs as shown just now. */
function suppressPeriodicDialogs(keys: string[]) {
  try {
    for (const key of keys) localStorage.setItem(key, String(Date.now()));
  } catch {
    // about:blank and opaque origins have no storage.
  }
}

/** One browser for the enclosing file; `newPage` opens an isolated context (own cookies). */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    await browser?.close();
  });
  return {
    /**
     * `periodicDialogs`: the home page's periodic dialogs ('Your Submission Status', 'Join to
     * Share Your Vision') open 4 s after the home page loads, at most once per 30 minutes per
     * device. They are switched off for every page unless this is true, by writing 'shown just
     * now' under their localStorage keys before any page script runs.
     */
    async newPage(
      viewport = DESKTOP,
      options: { colorScheme?: 'light' | 'dark'; periodicDialogs?: boolean; javaScriptEnabled?: boolean } = {},
    ): Promise<Page> {
      if (!browser) throw new Error('browser not launched');
      const context = await browser.newContext({
        viewport,
        baseURL: baseURL(),
        colorScheme: options.colorScheme ?? 'light',
        // Off: the page as the server sent it, before (or without) the app's scripts.
        javaScriptEnabled: options.javaScriptEnabled ?? true,
      });
      if (!options.periodicDialogs) await context.addInitScript(suppressPeriodicDialogs, PERIODIC_DIALOG_KEYS);
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
  };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Fails on any serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // A dialog that is closing keeps the rest of the page aria-hidden until its exit animation ends;
  // checking then reports the page behind it. Wait until no dialog is on its way out.
  await expect
    .poll(() => page.locator('[role="dialog"][data-state="closed"], [role="alertdialog"][data-state="closed"]').count(), { timeout: 10_000 })
    .toBe(0);
  // Colours in mid-transition (a button just switched to its pressed look) are not the page's
  // colours: let finite animations and transitions end first (spinners run forever: not those).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]),
  );
  // Evaluated over the DevTools protocol, so the page's CSP (no inline scripts) stays in force.
  await page.evaluate(axeSource);
  const check = async () => {
    const violations = (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations;
    })) as AxeViolation[];
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  };
  // A control can start a transition after the wait above (a button enabled when its data arrives):
  // a violation must still be there a moment later to count.
  await expect.poll(check, { message: `accessibility violations on ${page.url()}`, timeout: 4000, interval: 750 }).toEqual([]);
}

/**
 * Opens the header's account menu (issue 15 point 9: Dashboard, Profile, Sign Out live there) and
 * returns it; the app must have taken over for the press to reach it.
 */
export async function openAccountMenu(page: Page) {
  await appTookOver(page);
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}
