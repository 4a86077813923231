import { describe, expect, it } from 'vitest';
import { isListedAdminEmail, shouldPromoteToAdmin } from './admin-emails.ts';

const list = ['boss@example.test', 'ops@example.test'];

describe('ADMIN_EMAILS rule', () => {
  it('matches listed addresses whatever their case or surrounding spaces', () => {
    expect(isListedAdminEmail('Boss@Example.TEST ', list)).toBe(true);
    expect(isListedAdminEmail('boss@example.test.evil', list)).toBe(false);
    expect(isListedAdminEmail('', list)).toBe(false);
    expect(isListedAdminEmail('boss@example.test', [])).toBe(false);
  });

  it('promotes only a confirmed listed address that is not admin yet', () => {
    expect(shouldPromoteToAdmin({ email: 'boss@example.test', emailVerified: true, role: 'user' }, list)).toBe(true);
    expect(shouldPromoteToAdmin({ email: 'ops@example.test', emailVerified: true, role: 'moderator' }, list)).toBe(true);
    expect(shouldPromoteToAdmin({ email: 'boss@example.test', emailVerified: false, role: 'user' }, list)).toBe(false);
    expect(shouldPromoteToAdmin({ email: 'boss@example.test', emailVerified: true, role: 'admin' }, list)).toBe(false);
    expect(shouldPromoteToAdmin({ email: 'someone@example.test', emailVerified: true, role: 'user' }, list)).toBe(false);
  });
});
