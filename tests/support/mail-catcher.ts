/**
 * A local SMTP server (smtp-server on 127.0.0.1, any free port) that keeps every mail it
 * receives, for tests that follow confirmation and reset links.
 *
 *   const mail = useMailCatcher();                       // before useTestServer: it fills mail.env
 *   const t = useTestServer(kind, { env: mail.env });    // the app now sends through SMTP_URL
 *   ...
 *   const message = await mail.waitFor({ to: email, subject: /confirm/i });
 *   const link = mail.linkIn(message, '/api/auth/verify-email');
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the plain-text part. */
  links: string[];
  /** The message's own headers, names in lower case (e.g. 'list-unsubscribe'). */
  headers: Record<string, string>;
  receivedAt: number;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port> */
  readonly url: string;
  readonly mails: readonly CaughtMail[];
  /** The first mail (already received or arriving within `timeoutMs`) that matches. */
  waitFor(match: MailMatch, timeoutMs?: number): Promise<CaughtMail>;
  /** The link of `mail` containing `contains` (throws when there is none). */
  linkIn(mail: CaughtMail, contains?: string): string;
  /** The next `count` mails are refused (451, as a mail server that is struggling answers). */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

export interface MailMatch {
  to?: string;
  subject?: RegExp | string;
  /** Only mails received after this time (ms since epoch). */
  after?: number;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeEncodedWords(value: string): string {
  // Whitespace between two adjacent encoded words is not part of the text (RFC 2047 §6.2).
  return value.replace(/(=\?[^?]+\?[BQbq]\?[^?]*\?=)\s+(?==\?[^?]+\?[BQbq]\?)/g, '$1').replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end >= 0 ? normalized.slice(0, end) : normalized;
  const body = end >= 0 ? normalized.slice(end + 2) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\n/, ''))));
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): CaughtMail {
  const top = splitPart(raw);
  let text = '';
  let html = '';
  for (const leaf of leaves(top)) {
    const type = (leaf.headers.get('content-type') ?? 'text/plain').toLowerCase();
    const content = decodeBody(leaf.body, leaf.headers.get('content-transfer-encoding'));
    if (type.startsWith('text/html')) html ||= content;
    else if (type.startsWith('text/plain')) text ||= content;
  }
  const links = [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeEncodedWords(top.headers.get('subject') ?? ''),
    text,
    html,
    links,
    headers: Object.fromEntries(top.headers),
    receivedAt: Date.now(),
  };
}

function matches(mail: CaughtMail, match: MailMatch): boolean {
  if (match.to && !mail.to.some((t) => t.toLowerCase() === match.to!.toLowerCase())) return false;
  if (match.after !== undefined && mail.receivedAt < match.after) return false;
  if (match.subject instanceof RegExp && !match.subject.test(mail.subject)) return false;
  if (typeof match.subject === 'string' && !mail.subject.includes(match.subject)) return false;
  return true;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing--;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find((m) => matches(m, match));
          if (!found) return false;
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no mail matching ${JSON.stringify({ ...match, subject: String(match.subject) })} within ${timeoutMs} ms`));
        }, timeoutMs);
        const wake = () => void check();
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
        check();
      });
    },
    linkIn(mail, contains = '') {
      const link = mail.links.find((l) => l.includes(contains));
      if (!link) throw new Error(`no link containing "${contains}" in mail "${mail.subject}"`);
      return link;
    },
    refuseNext(count) {
      refusing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * One catcher for the enclosing describe block. Call it before useTestServer and pass `env`:
 * the catcher starts first (hooks run in order) and fills in SMTP_URL.
 */
export function useMailCatcher(): MailCatcher & { env: Record<string, string> } {
  let catcher: MailCatcher | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    catcher = await startMailCatcher();
    env.SMTP_URL = catcher.url;
  });
  afterAll(async () => {
    await catcher?.close();
  });
  const get = () => {
    if (!catcher) throw new Error('mail catcher not started');
    return catcher;
  };
  return {
    env,
    get url() {
      return get().url;
    },
    get mails() {
      return get().mails;
    },
    waitFor: (match, timeoutMs) => get().waitFor(match, timeoutMs),
    linkIn: (mail, contains) => get().linkIn(mail, contains),
    refuseNext: (count) => get().refuseNext(count),
    close: () => get().close(),
  };
}
