import { describe, expect, it } from 'vitest';
import { DevOutbox, maskEmail, OUTBOX_CAPACITY } from './mail.ts';

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
