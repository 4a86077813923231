/**
 * The development outbox (no SMTP_URL, PUBLIC_URL on this machine) lists every confirmation and
 * reset link, so its API, its page and the hint in /api/auth-config answer only requests from
 * this machine. The socket peer is set through app.request's env, read as @hono/node-server's
 * getConnInfo reads it; real requests go to 127.0.0.1 only.
 */
import { describe, expect, it } from 'vitest';
import { signedInUser, TEST_PASSWORD, uniqueEmail } from '../../../../tests/support/auth.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';

type OutboxBody = { mails: { to: string; subject: string; link: string | null }[] };

/** What @hono/node-server hands the app as its env: the incoming message and its socket. */
function peerEnv(remoteAddress: string | null) {
  if (remoteAddress === null) return undefined;
  return { incoming: { socket: { remoteAddress, remotePort: 5555, remoteFamily: remoteAddress.includes(':') ? 'IPv6' : 'IPv4' } } };
}

describe('the development outbox answers this machine only', () => {
  const t = useTestServer('pglite');

  /** A request as if it came over a socket from `peer` (null: no socket at all). */
  const from = (peer: string | null, path: string, init: RequestInit = {}, base?: string) =>
    t.server.app.request(new URL(path, base ?? t.url).href, init, peerEnv(peer));

  async function askPasswordReset(peer: string, email: string) {
    const res = await from(peer, '/api/auth/request-password-reset', {
      method: 'POST',
      headers: { origin: new URL(t.url).origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, redirectTo: '/auth/reset-password' }),
    });
    expect(res.status).toBe(200);
    // The mail waits in the mail outbox until its sender's round: run it now.
    await t.server.mailOutbox.runOnce();
  }

  const devOutboxHint = async (res: Response) => ((await res.json()) as { devOutbox: boolean }).devOutbox;

  it('keeps a stranger who asked for a password reset from reading the link', async () => {
    expect(t.server.accounts.mailer.mode).toBe('outbox');
    const { email } = await signedInUser(t, { name: 'Target Admin', role: 'admin' });
    const stranger = '203.0.113.7';
    await askPasswordReset(stranger, email);
    // The mail is there, for this machine's eyes.
    expect(t.server.accounts.mailer.outbox?.list().some((m) => m.to === email && /reset/i.test(m.subject))).toBe(true);

    const unknownApi = await from(stranger, '/api/dev/no-such-thing');
    const api = await from(stranger, '/api/dev/outbox');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: { code: 'not_found', message: 'No API endpoint at GET /api/dev/outbox.' } });
    expect(unknownApi.status).toBe(404);
    expect(((await unknownApi.json()) as { error: { code: string } }).error.code).toBe('not_found');

    const unknownPage = await from(stranger, '/no-such-page');
    for (const path of ['/dev/outbox', '/dev/outbox/']) {
      const page = await from(stranger, path);
      expect(page.status, path).toBe(404);
      expect(await page.text(), path).toBe(await unknownPage.clone().text());
    }
    expect(unknownPage.status).toBe(404);

    expect(await devOutboxHint(await from(stranger, '/api/auth-config'))).toBe(false);
  });

  it('answers a loopback peer (IPv4, IPv6, IPv4-mapped) with the mails, the page and the hint', async () => {
    const { email } = await signedInUser(t, { name: 'Local Owner' });
    await askPasswordReset('127.0.0.1', email);
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const api = await from(peer, '/api/dev/outbox');
      expect(api.status, peer).toBe(200);
      const mail = ((await api.json()) as OutboxBody).mails.find((m) => m.to === email && /reset/i.test(m.subject));
      expect(mail?.link, peer).toContain('/api/auth/reset-password/');
      expect((await from(peer, '/dev/outbox')).status, peer).toBe(200);
      expect(await devOutboxHint(await from(peer, '/api/auth-config')), peer).toBe(true);
    }
  });

  it('turns away a loopback peer that relays someone (forwarding headers), and a request without a socket', async () => {
    for (const [label, value] of [['x-forwarded-for', '127.0.0.1'], ['x-real-ip', '127.0.0.1'], ['forwarded', 'for=127.0.0.1']] as const) {
      const header = { [label]: value };
      expect((await from('127.0.0.1', '/api/dev/outbox', { headers: header })).status, label).toBe(404);
      expect((await from('127.0.0.1', '/dev/outbox', { headers: header })).status, label).toBe(404);
      expect(await devOutboxHint(await from('127.0.0.1', '/api/auth-config', { headers: header })), label).toBe(false);
    }
    expect((await from(null, '/api/dev/outbox')).status).toBe(404);
    expect((await from(null, '/dev/outbox')).status).toBe(404);
    expect(await devOutboxHint(await from(null, '/api/auth-config'))).toBe(false);
  });

  it('turns away a request sent to another domain name, even from loopback (DNS rebinding)', async () => {
    const rebound = `http://rebound.example:${new URL(t.url).port}`;
    expect((await from('127.0.0.1', '/api/dev/outbox', {}, rebound)).status).toBe(404);
    expect((await from('127.0.0.1', '/dev/outbox', {}, rebound)).status).toBe(404);
    expect((await from('127.0.0.1', '/api/dev/outbox', {}, `http://localhost:${new URL(t.url).port}`)).status).toBe(200);
  });

  it('over a real socket on 127.0.0.1: answers, unless a proxy header says the request was relayed', async () => {
    const email = uniqueEmail('socket');
    await t.server.accounts.auth.api.signUpEmail({ body: { name: 'Socket Sam', email, password: TEST_PASSWORD } });
    await t.server.mailOutbox.runOnce();
    const direct = await t.fetch('/api/dev/outbox');
    expect(direct.status).toBe(200);
    expect(((await direct.json()) as OutboxBody).mails.some((m) => m.to === email)).toBe(true);
    expect((await t.fetch('/api/dev/outbox', { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(404);
    expect((await t.fetch('/dev/outbox', { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(404);
  });
});
