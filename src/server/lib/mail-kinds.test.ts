/** The email switches' one rule (lib/mail-kinds.ts), for every kind of mail and every switch. */
import { describe, expect, it } from 'vitest';
import { PLATFORM_SETTINGS_DEFAULTS } from '../../shared/schemas/settings.ts';
import type { MailMessage } from './mail.ts';
import { type EmailSwitches, type MailKind, mayEmail, sendMailOfKind } from './mail-kinds.ts';

const ALL_OFF: EmailSwitches = { emailNotifications: false, welcomeEmails: false, marketingEmails: false };
const ALL_ON: EmailSwitches = { emailNotifications: true, welcomeEmails: true, marketingEmails: true };
const MESSAGE: MailMessage = { to: 'ada@example.test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };

describe('mayEmail', () => {
  it('lets account mails through whatever the switches say', () => {
    expect(mayEmail('account', ALL_OFF)).toBe(true);
    expect(mayEmail('account', ALL_ON)).toBe(true);
  });

  it.each([
    ['welcome', 'welcomeEmails'],
    ['notification', 'emailNotifications'],
    ['marketing', 'marketingEmails'],
  ] as const)('lets %s mails through only while %s is on, whatever the other switches say', (kind, key) => {
    expect(mayEmail(kind, { ...ALL_OFF, [key]: true })).toBe(true);
    expect(mayEmail(kind, { ...ALL_ON, [key]: false })).toBe(false);
  });

  it('follows the defaults of SPEC §9: welcome and notifications on, marketing off', () => {
    expect(mayEmail('welcome', PLATFORM_SETTINGS_DEFAULTS)).toBe(true);
    expect(mayEmail('notification', PLATFORM_SETTINGS_DEFAULTS)).toBe(true);
    expect(mayEmail('marketing', PLATFORM_SETTINGS_DEFAULTS)).toBe(false);
  });
});

describe('sendMailOfKind', () => {
  function recorder(switches: EmailSwitches) {
    const sent: MailMessage[] = [];
    let asked = 0;
    const deps = {
      mailer: { send: async (m: MailMessage) => void sent.push(m) },
      switches: async () => {
        asked++;
        return switches;
      },
    };
    return { deps, sent, asked: () => asked };
  }

  it.each(['welcome', 'notification', 'marketing'] as MailKind[])('sends a %s mail only when its switch is on', async (kind) => {
    const off = recorder(ALL_OFF);
    expect(await sendMailOfKind(off.deps, kind, MESSAGE)).toBe(false);
    expect(off.sent).toEqual([]);
    const on = recorder(ALL_ON);
    expect(await sendMailOfKind(on.deps, kind, MESSAGE)).toBe(true);
    expect(on.sent).toEqual([MESSAGE]);
  });

  it('sends an account mail without reading the switches', async () => {
    const r = recorder(ALL_OFF);
    expect(await sendMailOfKind(r.deps, 'account', MESSAGE)).toBe(true);
    expect(r.sent).toEqual([MESSAGE]);
    expect(r.asked()).toBe(0);
  });
});
