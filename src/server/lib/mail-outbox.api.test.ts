/**
 * The durable mail outbox (issue 17 point 2): a mail exists exactly when its transaction commits,
 * each is sent once even with two instances sending from one PostgreSQL database, and a claim left
 * by a sender that died is taken over once its lease is over. Mail is caught by a real SMTP server.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, databaseKinds } from '../../../tests/support/databases.ts';
import { useMailCatcher } from '../../../tests/support/mail-catcher.ts';
import { testConfig, useTestServer } from '../../../tests/support/test-server.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { type RunningServer, startServer } from '../server.ts';
import { enqueueMail, type OutboxMail } from './mail-outbox.ts';

const mailTo = (to: string, subject: string): OutboxMail => ({ kind: 'account', to, subject, text: `${subject}\n`, html: `<p>${subject}</p>` });

describe.each(databaseKinds())('mail outbox on %s', (kind) => {
  const mail = useMailCatcher();
  const t = useTestServer(kind, { env: mail.env, mailOutbox: { pollMs: 3_600_000 } });

  it('sends a mail once its transaction commits, and never one whose transaction rolled back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, mailTo('rolled-back@example.test', 'Never sent'));
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    await t.db.transaction((tx) => enqueueMail(tx, mailTo('committed@example.test', 'Sent once')));
    expect(await t.server.mailOutbox.runOnce()).toMatchObject({ sent: 1 });
    expect(await t.server.mailOutbox.runOnce()).toMatchObject({ sent: 0 });
    expect(mail.mails.map((m) => m.subject)).toContain('Sent once');
    expect(mail.mails.map((m) => m.subject)).not.toContain('Never sent');
  });

  it('takes over a claim whose sender died once its lease is over, not before', async () => {
    await enqueueMail(t.db, mailTo('orphan@example.test', 'Left by a sender that died'));
    await enqueueMail(t.db, mailTo('busy@example.test', 'Being sent elsewhere'));
    // As two senders left them: one died a while ago, one is still within its lease.
    await t.db.execute(sql`update mail_outbox set status = 'sending', attempts = 1, locked_until = now() - interval '1 second' where to_address = 'orphan@example.test'`);
    await t.db.execute(sql`update mail_outbox set status = 'sending', attempts = 1, locked_until = now() + interval '1 hour' where to_address = 'busy@example.test'`);
    expect(await t.server.mailOutbox.runOnce()).toMatchObject({ sent: 1 });
    expect(mail.mails.filter((m) => m.subject === 'Left by a sender that died')).toHaveLength(1);
    expect(mail.mails.filter((m) => m.subject === 'Being sent elsewhere')).toHaveLength(0);
    const rows = await t.db.select({ to: mailOutbox.toAddress, status: mailOutbox.status, attempts: mailOutbox.attempts }).from(mailOutbox).where(sql`${mailOutbox.toAddress} in ('orphan@example.test', 'busy@example.test')`);
    expect(rows.sort((a, b) => a.to!.localeCompare(b.to!))).toEqual([
      { to: 'busy@example.test', status: 'sending', attempts: 1 },
      { to: 'orphan@example.test', status: 'sent', attempts: 2 },
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('mail outbox with two instances over one PostgreSQL database', () => {
  const mail = useMailCatcher();
  const instances: RunningServer[] = [];
  const databases: Database[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    for (let i = 0; i < 2; i++) {
      const database = await openPostgres(created.url, 5);
      databases.push(database);
      // Short rounds: the two senders keep meeting on the same due rows.
      instances.push(
        await startServer({ config: testConfig({ SMTP_URL: mail.url }), logger: createLogger('silent'), webRoot: null, database, mailOutbox: { pollMs: 20, batch: 5 } }),
      );
    }
  });
  afterAll(async () => {
    for (const s of instances) await s.close(1000).catch(() => {});
    for (const d of databases) await d.close().catch(() => {});
    await drop?.();
  });

  it('sends each of 60 mails exactly once while both instances claim from the same outbox', async () => {
    const count = 60;
    await databases[0]!.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await enqueueMail(tx, mailTo(`twice-${i}@example.test`, `Mail number ${i}`));
    });
    // Besides their own rounds, both are asked at once, again and again.
    await Promise.all(instances.flatMap((s) => [s.mailOutbox.runOnce(), s.mailOutbox.runOnce(), s.mailOutbox.runOnce()]));
    const deadline = Date.now() + 20_000;
    while (mail.mails.filter((m) => m.subject.startsWith('Mail number ')).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await Promise.all(instances.map((s) => s.mailOutbox.runOnce()));
    const subjects = mail.mails.map((m) => m.subject).filter((s) => s.startsWith('Mail number '));
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    const rows = await databases[1]!.db.select({ status: mailOutbox.status, attempts: mailOutbox.attempts }).from(mailOutbox);
    expect(rows.filter((r) => r.status === 'sent' && r.attempts === 1)).toHaveLength(count);
  });
});
