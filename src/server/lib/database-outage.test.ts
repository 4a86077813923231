import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { asUnavailablePage, databaseAnswers, OUTAGE_RETRY_AFTER_SECONDS, outageInsteadOf500 } from './database-outage.ts';

const down = { ping: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) };
const up = { ping: () => Promise.resolve() };

/** An app whose routes answer as better-auth does when a query fails: its own 500, nothing thrown. */
function appOver(database: { ping: () => Promise<void> }) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    c.header('X-Request-Id', 'req-1');
    await next();
  });
  app.use('*', outageInsteadOf500(database));
  app.get('/own-500', (c) => {
    c.header('Set-Cookie', 'a=b');
    return c.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, 500);
  });
  app.get('/ok', (c) => c.json({ ok: true }));
  return app;
}

describe('outageInsteadOf500', () => {
  it('turns a 500 answered while the database is down into the 503 with Retry-After and the one error body', async () => {
    const res = await appOver(down).request('/own-500');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-request-id')).toBe('req-1');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
  });

  it('leaves a 500 alone while the database answers, and never pings for other answers', async () => {
    expect((await appOver(up).request('/own-500')).status).toBe(500);
    const ping = vi.fn(() => Promise.reject(new Error('down')));
    const res = await appOver({ ping }).request('/ok');
    expect(res.status).toBe(200);
    expect(ping).not.toHaveBeenCalled();
  });
});

describe('databaseAnswers', () => {
  it('is false for a failed or slow ping, true for an answer', async () => {
    expect(await databaseAnswers(up)).toBe(true);
    expect(await databaseAnswers(down)).toBe(false);
    expect(await databaseAnswers({ ping: () => new Promise(() => {}) }, 20)).toBe(false);
  });
});

describe('asUnavailablePage', () => {
  it('keeps the page and its type, with status 503 and Retry-After', async () => {
    const page = asUnavailablePage(new Response('<!doctype html><div id="root"></div>', { headers: { 'content-type': 'text/html; charset=UTF-8' } }));
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(await page.text()).toContain('<div id="root">');
  });
});
