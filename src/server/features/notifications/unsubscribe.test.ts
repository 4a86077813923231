import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from './unsubscribe.ts';

const key = randomBytes(32);

describe('unsubscribe tokens', () => {
  it('name whose emails of which kind, and only under their key', () => {
    const token = unsubscribeToken(key, 'user-123', 'reply');
    expect(readUnsubscribeToken(key, token)).toEqual({ userId: 'user-123', kind: 'reply' });
    expect(readUnsubscribeToken(randomBytes(32), token)).toBeNull();
  });

  it('refuse any change: another person, another kind, a cut or longer signature, noise', () => {
    const token = unsubscribeToken(key, 'user-123', 'reply');
    const [user, kind, sig] = token.split('.') as [string, string, string];
    const other = Buffer.from('user-456').toString('base64url');
    for (const bad of [
      `${other}.${kind}.${sig}`,
      `${user}.mention.${sig}`,
      `${user}.${kind}.${sig.slice(0, -2)}`,
      `${user}.${kind}.${sig}AA`,
      `${user}.sms.${sig}`,
      `${user}.${kind}`,
      `${token}.extra`,
      '',
      'x'.repeat(1000),
    ]) {
      expect(readUnsubscribeToken(key, bad), bad).toBeNull();
    }
  });

  it('make https links one-click (RFC 8058) and http links plain', () => {
    const https = unsubscribeUrl('https://ideahub.example/', key, 'u', 'like');
    expect(https).toMatch(/^https:\/\/ideahub\.example\/unsubscribe\?token=[A-Za-z0-9_-]+\.like\.[A-Za-z0-9_-]+$/);
    expect(unsubscribeHeaders(https)).toEqual({ 'List-Unsubscribe': `<${https}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const http = unsubscribeUrl('http://localhost:3000', key, 'u', 'like');
    expect(unsubscribeHeaders(http)).toEqual({ 'List-Unsubscribe': `<${http}>` });
  });
});
