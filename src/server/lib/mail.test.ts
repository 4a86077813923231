import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { createMailer, DevOutbox, isLoopbackUrl, mailDestination, maskEmail, OUTBOX_CAPACITY } from './mail.ts';

describe('maskEmail', () => {
  it('keeps only enough to recognise an address', () => {
    expect(maskEmail('adaeze.okafor@example.com')).toBe('ad***@ex***.com');
    expect(maskEmail('a@b.io')).toBe('a***@b***.io');
    expect(maskEmail('nobody')).toBe('***');
  });
});

describe('DevOutbox', () => {
  it('keeps the newest mails first, at most OUTBOX_CAPACITY', () => {
    const outbox = new DevOutbox();
    for (let i = 0; i < OUTBOX_CAPACITY + 5; i++) {
      outbox.add({ to: `p${i}@example.test`, subject: `Mail ${i}`, text: 't', html: 'h', link: `http://x/${i}` });
    }
    const mails = outbox.list();
    expect(mails).toHaveLength(OUTBOX_CAPACITY);
    expect(mails[0]?.subject).toBe(`Mail ${OUTBOX_CAPACITY + 4}`);
    expect(mails.at(-1)?.subject).toBe('Mail 5');
  });
});

describe('development outbox', () => {
  const logger = createLogger('silent');
  const mailer = (env: Record<string, string>) => createMailer(loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...env }), logger);

  it('exists only while the site is this machine and SMTP_URL is not set', () => {
    expect(isLoopbackUrl('http://localhost:3000')).toBe(true);
    expect(isLoopbackUrl('http://127.0.0.1:8080')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:3000')).toBe(true);
    expect(isLoopbackUrl('https://ideahub.example')).toBe(false);
    expect(isLoopbackUrl('http://192.168.1.20:3000')).toBe(false);
    expect(mailer({ NODE_ENV: 'development' }).mode).toBe('outbox');
    expect(mailer({ NODE_ENV: 'development', PUBLIC_URL: 'http://127.0.0.1:4000' }).mode).toBe('outbox');
    // Reachable by others and NODE_ENV forgotten: no outbox publishing confirmation and reset links.
    const exposed = mailer({ NODE_ENV: 'development', PUBLIC_URL: 'https://ideahub.example' });
    expect(exposed.mode).toBe('disabled');
    expect(exposed.outbox).toBeNull();
    expect(mailer({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }).mode).toBe('disabled');
  });
});

describe('mailDestination (the start-up log line)', () => {
  const logger = createLogger('silent');
  const line = (env: Record<string, string>) => {
    const config = loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...env });
    return mailDestination(createMailer(config, logger).mode, config);
  };

  it('names the SMTP server by host only, never its credentials', () => {
    const text = line({ SMTP_URL: 'smtps://mailer:s3cret-pass@smtp.example.com:465' });
    expect(text).toBe('mail: SMTP via smtp.example.com:465');
    expect(text).not.toMatch(/mailer|s3cret/);
    expect(line({ SMTP_URL: 'smtp://smtp.example.com' })).toBe('mail: SMTP via smtp.example.com');
  });

  it('points at the development outbox, for this machine only', () => {
    expect(line({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' })).toBe(
      'mail: development outbox at http://localhost:3000/dev/outbox (answers this machine only)',
    );
  });

  it('says mail is off when SMTP_URL is missing where there can be no outbox', () => {
    expect(line({ NODE_ENV: 'production', PUBLIC_URL: 'https://ideahub.example' })).toMatch(/^mail: disabled \(SMTP_URL is not set\)/);
    expect(line({ NODE_ENV: 'development', PUBLIC_URL: 'https://ideahub.example' })).toMatch(/^mail: disabled/);
  });
});
