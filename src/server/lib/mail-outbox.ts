/**
 * The durable mail outbox (issue 17 point 2, docs/decisions/0019-mail-outbox-and-notification-emails.md).
 *
 * Writing: `enqueueMail(tx, mail)` adds a row to `mail_outbox` in the caller's transaction, so a
 * mail exists exactly when what caused it committed. Every mail of the app goes this way (account
 * mails, notification mails; the newsletter's later). Notification mails are rows drawn when they
 * are sent (a `template` and its `data`): features/notifications/email.ts writes and draws them.
 *
 * Sending: every instance runs a sender (`createMailSender`). Each round it takes back claims whose
 * lease ran out (a sender that died mid-send), then claims due rows with FOR UPDATE SKIP LOCKED
 * (so two instances never claim one row), sends each through the mailer by way of
 * `sendMailOfKind` (the admin's email switches, read at sending time: a mail of a kind switched
 * off is dropped), and marks it sent. A failure leaves it pending again with a back-off (30 s,
 * doubling, at most an hour), up to MAX_ATTEMPTS, then 'failed'. Nothing is lost to a crash or an
 * SMTP outage; a mail is sent twice only when a sender dies between the SMTP server's acceptance and
 * the 'sent' mark (the lease then ends and another instance sends it again).
 *
 * Sweeping: every ten minutes a round also deletes finished rows older than `keepMs`, and runs the
 * other retention jobs it was given (`prune`: the audit log's).
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { type Logger, loggableError } from '../logger.ts';
import { now } from './clock.ts';
import { type EmailSwitches, type MailKind, sendMailOfKind } from './mail-kinds.ts';
import { type MailMessage, type Mailer, maskEmail } from './mail.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A mail to send (what `enqueueMail` takes). */
export interface OutboxMail extends MailMessage {
  /** Which admin switch governs it (mail-kinds.ts): 'account' mails are always sent. */
  kind: MailKind;
  /** The account it is for, if any: its waiting mails go when the account goes. */
  userId?: string | null;
  /** Not before this time (default: at once). */
  sendAfter?: Date;
}

/** Queues `mail` in the caller's transaction (or on its own when given the database). */
export async function enqueueMail(db: Db | Tx, mail: OutboxMail): Promise<void> {
  await db.execute(sql`
    insert into mail_outbox (kind, user_id, to_address, subject, text_body, html_body, link, headers, send_after)
    values (${mail.kind}, ${mail.userId ?? null}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.link ?? null},
      ${JSON.stringify(mail.headers ?? {})}::jsonb, ${(mail.sendAfter ?? now()).toISOString()}::timestamptz)`);
}

/** A row drawn when it is sent: the template's renderer makes the mail (null: nothing to send any more). */
export interface TemplatedMail {
  id: number;
  kind: MailKind;
  userId: string | null;
  data: unknown;
}
export type MailRenderer = (row: TemplatedMail) => Promise<MailMessage | null>;

export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** How long after its `attempts`-th failure a mail is tried again. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface MailSenderOptions {
  /** How often each instance looks for due mail. Default 1 s. */
  pollMs?: number;
  /** Rows claimed at a time. */
  batch?: number;
  /** A claim's lease: longer than the mailer's own timeouts (nodemailer: 10 + 10 + 20 s). Default 2 minutes. */
  leaseMs?: number;
  /** Finished rows are deleted after this long. Default 30 days. */
  keepMs?: number;
}

export interface SendReport {
  sent: number;
  dropped: number;
  failed: number;
}

export interface MailSender {
  start(): void;
  /** Sends what is due now (tests call it instead of waiting for the next round). */
  runOnce(): Promise<SendReport>;
  /** Stops looking and waits for a round in progress. */
  stop(): Promise<void>;
}

export interface MailSenderDeps {
  database: Database;
  mailer: Pick<Mailer, 'send' | 'mode'>;
  logger: Logger;
  switches(): Promise<EmailSwitches>;
  renderers: Readonly<Record<string, MailRenderer>>;
  /** Other tables' retention, run by the same sweep as the outbox's own (the audit log's). */
  prune?: readonly ((at: Date) => Promise<unknown>)[];
  options?: MailSenderOptions;
}

interface ClaimedRow {
  id: number | string;
  kind: string;
  user_id: string | null;
  to_address: string | null;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  link: string | null;
  headers: Record<string, string> | null;
  template: string | null;
  data: unknown;
  attempts: number;
}

const EMAIL_IN_TEXT = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi;
const SWEEP_EVERY_MS = 10 * 60_000;

/** Claims up to `batch` due mails for `leaseMs`; claims of a sender that died come back when their lease ends. */
async function claim(db: Db, at: Date, batch: number, leaseMs: number): Promise<ClaimedRow[]> {
  const iso = at.toISOString();
  // Claims of a sender that died mid-send come back once their lease is over.
  await db.execute(sql`
    update mail_outbox set status = 'pending', locked_until = null
    where status = 'sending' and locked_until <= ${iso}::timestamptz`);
  const claimed = await db.execute(sql`
      update mail_outbox set status = 'sending', attempts = attempts + 1,
        locked_until = ${new Date(at.getTime() + leaseMs).toISOString()}::timestamptz
      where id in (
        select id from mail_outbox where status = 'pending' and send_after <= ${iso}::timestamptz
        order by send_after, id limit ${batch}
        for update skip locked)
      returning id, kind, user_id, to_address, subject, text_body, html_body, link, headers, template, data, attempts`);
  return (claimed as unknown as { rows: ClaimedRow[] }).rows;
}

/** The message of a claimed row: stored whole, or drawn now by its template's renderer. */
async function messageOf(row: ClaimedRow, renderers: MailSenderDeps['renderers']): Promise<MailMessage | null> {
  if (!row.template) {
    return {
      to: row.to_address!,
      subject: row.subject!,
      text: row.text_body!,
      html: row.html_body ?? '',
      ...(row.link ? { link: row.link } : {}),
      ...(row.headers && Object.keys(row.headers).length ? { headers: row.headers } : {}),
    };
  }
  const render = renderers[row.template];
  if (!render) throw new Error(`no renderer for mail template ${row.template}`);
  return render({ id: Number(row.id), kind: row.kind as MailKind, userId: row.user_id, data: row.data });
}

export function createMailSender(deps: MailSenderDeps): MailSender {
  const { database, logger } = deps;
  const db = database.db;
  const pollMs = deps.options?.pollMs ?? 1000;
  const batch = deps.options?.batch ?? 20;
  const leaseMs = deps.options?.leaseMs ?? 120_000;
  const keepMs = deps.options?.keepMs ?? 30 * 24 * 3600_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let running: Promise<unknown> | null = null;
  let lastSweep = 0;

  /** Moves a claimed row on, if it is still this sender's claim. */
  async function finish(row: ClaimedRow, set: ReturnType<typeof sql>): Promise<void> {
    await db.execute(sql`update mail_outbox set ${set} where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
  }

  async function sendOne(row: ClaimedRow, report: SendReport): Promise<void> {
    let message: MailMessage | null = null;
    try {
      message = await messageOf(row, deps.renderers);
      if (!message) {
        await finish(row, sql`status = 'dropped', locked_until = null, last_error = 'nothing to send'`);
        report.dropped++;
        return;
      }
      if (deps.mailer.mode === 'disabled') {
        // Production without SMTP_URL: nothing can be sent (the start-up log says so); not marked sent.
        await finish(row, sql`status = 'dropped', locked_until = null, last_error = 'mail is disabled: SMTP_URL is not set'`);
        logger.error({ mailId: Number(row.id), to: maskEmail(message.to) }, 'mail not sent: SMTP_URL is not set');
        report.dropped++;
        return;
      }
      const sent = await sendMailOfKind({ mailer: deps.mailer, switches: deps.switches }, row.kind as MailKind, message);
      if (!sent) {
        await finish(row, sql`status = 'dropped', locked_until = null, last_error = 'switched off by the admin'`);
        report.dropped++;
        return;
      }
      await finish(row, sql`status = 'sent', sent_at = ${now().toISOString()}::timestamptz, locked_until = null, last_error = null`);
      report.sent++;
    } catch (error) {
      // The SMTP server's answer often quotes the recipient: addresses are masked.
      const err = loggableError(error).message.replace(EMAIL_IN_TEXT, (m) => maskEmail(m)).slice(0, 500);
      const last = row.attempts >= MAX_ATTEMPTS;
      const retryAt = new Date(now().getTime() + retryDelayMs(row.attempts));
      await finish(
        row,
        last
          ? sql`status = 'failed', locked_until = null, last_error = ${err}`
          : sql`status = 'pending', locked_until = null, last_error = ${err}, send_after = ${retryAt.toISOString()}::timestamptz`,
      ).catch(() => {
        // The database is away too: the lease ends and the row is claimed again.
      });
      report.failed++;
      logger[last ? 'error' : 'warn'](
        { mailId: Number(row.id), attempt: row.attempts, to: message ? maskEmail(message.to) : undefined, err, retryAt: last ? null : retryAt.toISOString() },
        'mail could not be sent',
      );
    }
  }

  async function sweep(at: Date): Promise<void> {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    await db.execute(sql`
      delete from mail_outbox where id in (
        select id from mail_outbox where status in ('sent', 'failed', 'dropped')
          and created_at < ${new Date(at.getTime() - keepMs).toISOString()}::timestamptz
        limit 1000)`);
    for (const prune of deps.prune ?? []) await prune(at);
  }

  async function round(): Promise<SendReport> {
    const report: SendReport = { sent: 0, dropped: 0, failed: 0 };
    for (;;) {
      const rows = await claim(db, now(), batch, leaseMs);
      for (const row of rows) await sendOne(row, report);
      if (rows.length < batch) break;
    }
    await sweep(now());
    return report;
  }

  const runOnce = () => {
    // One round at a time per instance; a caller during a round waits for it, then runs its own.
    const next = (running ?? Promise.resolve()).catch(() => undefined).then(round);
    // The caller hears of a failed round through `next`; the bookkeeping promise never rejects.
    const mine: Promise<unknown> = next
      .catch(() => undefined)
      .finally(() => {
        if (running === mine) running = null;
      });
    running = mine;
    return next;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => logger.warn({ err: loggableError(error).message }, 'mail outbox: a round failed; trying again'))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
