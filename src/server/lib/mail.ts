/**
 * Outgoing mail (docs/product-readings.md decision 8): nodemailer over SMTP_URL. Without SMTP_URL, outside
 * production, mails go to the development outbox instead: each one is logged with its link and the
 * last 50 are kept in memory for GET /api/dev/outbox and the /dev/outbox page, so sign-up,
 * confirmation and password reset work end to end on a machine with no mail server.
 * The outbox shows every confirmation and reset link, so it exists only while the site's own
 * address (PUBLIC_URL) is this machine (localhost, 127.x, ::1): a server that others can reach and
 * forgot NODE_ENV=production sends no mail instead of publishing those links. Even then it answers
 * only requests from this machine (lib/local-peer.ts), since the server listens on every interface.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { isLoopbackHostname } from './local-peer.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about (confirmation, reset); shown by the development outbox. */
  link?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (notification mails). */
  headers?: Record<string, string>;
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  sentAt: string;
}

export const OUTBOX_CAPACITY = 50;

/** The development outbox: newest first, at most OUTBOX_CAPACITY mails, in this process only. */
export class DevOutbox {
  private readonly entries: OutboxEntry[] = [];

  add(message: MailMessage): OutboxEntry {
    const entry: OutboxEntry = {
      id: randomUUID(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      link: message.link ?? null,
      sentAt: new Date().toISOString(),
    };
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, OUTBOX_CAPACITY);
    return entry;
  }

  list(): OutboxEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }
}

export interface Mailer {
  /** 'smtp': SMTP_URL; 'outbox': development outbox; 'disabled': production without SMTP_URL. */
  readonly mode: 'smtp' | 'outbox' | 'disabled';
  /** The development outbox, when mode is 'outbox'. */
  readonly outbox: DevOutbox | null;
  /** Sends one mail; rejects when the SMTP server refuses it. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * A recipient is personal data: logs carry only a masked form ('ad***@ex***.com').
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, Math.min(2, local.length))}***@${host.slice(0, Math.min(2, host.length))}***${tld}`;
}

export function defaultMailFrom(config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL'>): string {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  return `IdeaHub <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
}

/** Whether an address names this machine only (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackUrl(url: string): boolean {
  return isLoopbackHostname(new URL(url).hostname.replace(/^\[|\]$/g, ''));
}

/** The start-up log's line on where mail goes; names the SMTP server by host only (SMTP_URL may carry a password). */
export function mailDestination(mode: Mailer['mode'], config: Pick<Config, 'SMTP_URL' | 'PUBLIC_URL'>): string {
  if (mode === 'smtp') {
    let host = 'SMTP_URL';
    try {
      host = new URL(config.SMTP_URL ?? '').host || host;
    } catch {
      // Validated at start-up; never echo the value itself.
    }
    return `mail: SMTP via ${host}`;
  }
  if (mode === 'outbox') return `mail: development outbox at ${config.PUBLIC_URL}/dev/outbox (answers this machine only)`;
  return 'mail: disabled (SMTP_URL is not set): confirmation and password-reset mails are not sent';
}

export function createMailer(config: Config, logger: Logger): Mailer {
  const from = defaultMailFrom(config);
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      mode: 'smtp',
      outbox: null,
      async send(message) {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
        logger.info({ to: maskEmail(message.to), subject: message.subject }, 'mail sent');
      },
      close() {
        transport.close();
      },
    };
  }
  if (config.NODE_ENV === 'production' || !isLoopbackUrl(config.PUBLIC_URL)) {
    return {
      mode: 'disabled',
      outbox: null,
      async send(message) {
        // Links carry secrets: never logged in production.
        logger.error({ to: maskEmail(message.to), subject: message.subject }, 'mail not sent: SMTP_URL is not set');
      },
      close() {},
    };
  }
  const outbox = new DevOutbox();
  return {
    mode: 'outbox',
    outbox,
    async send(message) {
      outbox.add(message);
      logger.info(
        { to: maskEmail(message.to), subject: message.subject, link: message.link },
        `mail kept in the development outbox (SMTP_URL is not set): ${config.PUBLIC_URL}/dev/outbox`,
      );
    },
    close() {},
  };
}
