/** An item's 'Website' (issue 27): optional, public https only (the pasted images' rule), checked by the server. */
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../../tests/support/databases.ts';
import { useTestServer } from '../../../../tests/support/test-server.ts';
import { WEBSITE_MESSAGE } from '../../../shared/rules/website-address.ts';
import { ideaDetailSchema, ownIdeaSchema } from '../../../shared/schemas/ideas.ts';
import { errorOf, send, share, shareBody, sharer } from './api-test-helpers.ts';

describe.each(databaseKinds())('the Website of an item on %s', (kind) => {
  const t = useTestServer(kind);
  const details = async (id: string) => ideaDetailSchema.parse(await (await t.fetch(`/api/ideas/${id}`)).json());

  it('is optional, saved normalised, shown to everyone on details, changed and cleared by an edit', async () => {
    const ada = await sharer(t);
    const { idea } = await share(t, ada, { websiteUrl: '  https://Pumps.Example.com/solar  ' });
    expect(idea.websiteUrl).toBe('https://pumps.example.com/solar');
    expect((await details(idea.id)).websiteUrl).toBe('https://pumps.example.com/solar');

    const edited = ownIdeaSchema.parse(await (await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { websiteUrl: 'https://example.org/' })).json());
    expect(edited.websiteUrl).toBe('https://example.org/');
    // An edit that does not name it leaves it alone.
    await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { title: 'A solar pump for small farms' });
    expect((await details(idea.id)).websiteUrl).toBe('https://example.org/');
    const cleared = await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { websiteUrl: '' });
    expect(cleared.status).toBe(200);
    expect((await details(idea.id)).websiteUrl).toBeNull();

    const bola = await sharer(t);
    const { idea: without } = await share(t, bola);
    expect((await details(without.id)).websiteUrl).toBeNull();
  });

  it('refuses anything but a public https address with a clear message, on share and on edit, changing nothing', async () => {
    const ada = await sharer(t);
    const refused = [
      'http://example.com',
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://example.com/',
      'example.com',
      '/ideas/1',
      'https://localhost/',
      'https://127.0.0.1/',
      'https://192.168.1.10/admin',
      'https://[::1]/',
      'https://user:pass@example.com/',
      'https://intranet/',
    ];
    for (const websiteUrl of refused) {
      const err = await errorOf(await send(t, ada, 'POST', '/api/ideas', shareBody({ websiteUrl })), 422);
      expect(err, websiteUrl).toEqual({ code: 'validation_failed', message: WEBSITE_MESSAGE, fields: { websiteUrl: [WEBSITE_MESSAGE] } });
    }
    const { idea } = await share(t, ada, { websiteUrl: 'https://example.com/' });
    for (const websiteUrl of ['http://example.com/', 'https://10.0.0.1/']) {
      const err = await errorOf(await send(t, ada, 'PATCH', `/api/ideas/${idea.id}`, { websiteUrl, title: 'A changed title for this' }), 422);
      expect(err.fields?.websiteUrl).toEqual([WEBSITE_MESSAGE]);
    }
    const after = await details(idea.id);
    expect(after.websiteUrl).toBe('https://example.com/');
    expect(after.title).toBe(idea.title);
  });
});
