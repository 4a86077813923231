import { describe, expect, it } from 'vitest';
import { mayUse, sectionOfPath } from './access.ts';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../../lib/keyset-cursor.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

// The admin lists' cursors: text ids (users) unless the list's ids are uuids.
const encodeAdminCursor = (k: { createdAt: Date; id: string }) => encodeCursor(k);
const decodeAdminCursor = (cursor: string, opts: { uuid?: boolean } = {}) => {
  const { createdAt, id } = decodeCursor(cursor, opts.uuid ? 'uuid' : 'text');
  return { createdAt, id };
};
import { isOpenDuringMaintenance } from './maintenance.ts';

const admin = { userId: 'a', role: 'admin' as const };
const moderator = { userId: 'm', role: 'moderator' as const };
const user = { userId: 'u', role: 'user' as const };

describe('sectionOfPath', () => {
  it('maps every admin path to its section', () => {
    expect(sectionOfPath('/api/admin/me')).toBe('me');
    expect(sectionOfPath('/api/admin/overview')).toBe('overview');
    expect(sectionOfPath('/api/admin/users/counts')).toBe('users');
    expect(sectionOfPath('/api/admin/users/x/role')).toBe('users');
    expect(sectionOfPath('/api/admin/content')).toBe('content');
    expect(sectionOfPath('/api/admin/content/123')).toBe('content');
    expect(sectionOfPath('/api/admin/financial')).toBe('financial');
    expect(sectionOfPath('/api/admin/payments')).toBe('financial');
    expect(sectionOfPath('/api/admin/coupons/generate')).toBe('financial');
    expect(sectionOfPath('/api/admin/analytics')).toBe('analytics');
    expect(sectionOfPath('/api/admin/settings/reset')).toBe('settings');
    expect(sectionOfPath('/api/admin/audit')).toBe('audit');
    expect(sectionOfPath('/api/admin/reports/idea/x/dismiss')).toBe('reports');
    expect(sectionOfPath('/api/admin/contentious')).toBeNull();
    expect(sectionOfPath('/api/admin/')).toBeNull();
  });
});

describe('mayUse', () => {
  it('lets admins use everything, moderators Content, Reports and the access check, and nobody else anything', () => {
    for (const s of ['me', 'overview', 'users', 'content', 'financial', 'analytics', 'settings', 'audit', 'reports', null] as const) {
      expect(mayUse(admin, s)).toBe(true);
      expect(mayUse(user, s)).toBe(false);
      expect(mayUse(moderator, s)).toBe(s === 'me' || s === 'content' || s === 'reports');
    }
  });
});

describe('admin cursor', () => {
  it('round-trips (created_at, id) and refuses anything else with 400', () => {
    const k = { createdAt: new Date('2026-01-02T03:04:05.678Z'), id: 'abc' };
    expect(decodeAdminCursor(encodeAdminCursor(k))).toEqual(k);
    const u = { createdAt: k.createdAt, id: '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab' };
    expect(decodeAdminCursor(encodeAdminCursor(u), { uuid: true })).toEqual(u);
    for (const bad of ['', 'x', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["nope","id"]').toString('base64url')]) {
      expect(() => decodeAdminCursor(bad)).toThrow(INVALID_CURSOR);
    }
    expect(() => decodeAdminCursor(encodeAdminCursor(k), { uuid: true })).toThrow(INVALID_CURSOR);
  });

  it('escapes LIKE wildcards so they match themselves', () => {
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('back\\slash')).toBe('%back\\\\slash%');
    expect(containsPattern('plain')).toBe('%plain%');
  });
});

describe('maintenance', () => {
  it('keeps sign-in, the access check and the status open, and nothing else', () => {
    for (const open of ['/api/auth/sign-in/email', '/api/auth/get-session', '/api/auth-config', '/api/admin/me', '/api/maintenance', '/api/config']) {
      expect(isOpenDuringMaintenance(open)).toBe(true);
    }
    for (const closed of ['/api/ideas', '/api/admin/overview', '/api/admin/me/x', '/api/maintenance/x', '/api/profile', '/api/authx']) {
      expect(isOpenDuringMaintenance(closed)).toBe(false);
    }
  });
});
