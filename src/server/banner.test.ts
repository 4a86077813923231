import { describe, expect, it } from 'vitest';
import { databaseDescription, startupBanner } from './banner.ts';

describe('startupBanner', () => {
  it('says where IdeaHub runs, where its data and mail go, and the demo accounts', () => {
    const text = startupBanner({
      url: 'http://localhost:3000',
      database: 'the embedded database in /srv/data',
      mail: 'mail: development outbox at http://localhost:3000/dev/outbox (answers this machine only)',
      demo: { password: 'pw-2026', accounts: [{ role: 'admin', email: 'admin@ideahub.demo', name: 'Amara Okafor' }, { role: 'user', email: 'q@x.demo', name: '(no name)' }] },
    });
    expect(text).toContain('IdeaHub is running at http://localhost:3000\n');
    expect(text).toContain('database: the embedded database in /srv/data');
    expect(text).toContain('mail: development outbox at http://localhost:3000/dev/outbox');
    expect(text).toContain('Demo accounts (password for all: pw-2026):');
    expect(text).toContain('admin     admin@ideahub.demo  Amara Okafor');
    expect(text).toContain('user      q@x.demo            (no name)');
    expect(startupBanner({ url: 'http://localhost:3000', database: 'x', mail: 'mail: y' })).not.toContain('Demo accounts');
  });
});

describe('databaseDescription', () => {
  it('names the folder, or the server and database without the password', () => {
    expect(databaseDescription(undefined, '/srv/data')).toBe('the embedded database in /srv/data');
    expect(databaseDescription('postgres://app:s3cret@db.internal:5432/ideahub', '/x')).toBe('PostgreSQL at db.internal:5432/ideahub (DATABASE_URL)');
    expect(databaseDescription('not a url', '/x')).toBe('PostgreSQL (DATABASE_URL)');
  });
});
