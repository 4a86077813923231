/** The demo people and items in browser journeys: signing a demo person in, finding a seeded item, waiting for the seed. */
import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from './browser.ts';

const DEMO_PASSWORD = 'ideahub-demo-2026';

/** An address of a journey's own for X-Forwarded-For (the e2e server trusts 127.0.0.1 as a proxy). */
export function randomClientIp(): string {
  const b = randomBytes(2);
  return `198.51.${b[0]}.${(b[1]! % 254) + 1}`;
}

/** Signs a demo person in through the API and hands the session cookie to the browser context. */
export async function signInAs(context: BrowserContext, email: string): Promise<void> {
  const base = baseURL();
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    // From an address of its own (the e2e server trusts 127.0.0.1 as a proxy): the journeys' many
    // sign-ins do not share one address's sign-in limit.
    headers: { origin: new URL(base).origin, 'content-type': 'application/json', 'x-forwarded-for': randomClientIp() },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  await context.addCookies(
    res.headers.getSetCookie().map((c) => {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: base };
    }),
  );
}

/** The id of the seeded item with this title. */
export async function itemId(title: string): Promise<string> {
  const res = await fetch(`${baseURL()}/api/ideas?limit=50&q=${encodeURIComponent(title)}`);
  const { items } = (await res.json()) as { items: { id: string; title: string }[] };
  const item = items.find((i) => i.title === title);
  if (!item) throw new Error(`no seeded item "${title}"`);
  return item.id;
}

/**
 * The server answers before the demo seed has finished (it seeds after it starts listening); the
 * counters on items are filled in by the seed's last step, so wait for them before taking part.
 */
export async function demoSeeded(): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${baseURL()}/api/ideas?limit=50`).catch(() => null);
    const items = res?.ok ? ((await res.json()) as { items: { likeCount: number }[] }).items : [];
    if (items.some((i) => i.likeCount > 0)) return;
    if (Date.now() > deadline) throw new Error('the demo data was not seeded in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}
