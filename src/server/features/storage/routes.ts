import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env.ts';
import { readStoredFile } from '../../lib/storage.ts';

/** Public read of stored files: stable URLs, long-lived caching, a safe content type, nosniff. */
export function registerStorageRoutes(app: OpenAPIHono<AppEnv>) {
  app.get('/storage/:bucket/:name', async (c) => {
    const file = await readStoredFile(c.var.db, c.req.param('bucket'), c.req.param('name'));
    if (!file) return c.json({ error: { code: 'not_found', message: 'No such file.' } }, 404);
    c.header('Content-Type', file.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Disposition', 'inline');
    // Never a document of the site's origin: no scripts, no plugins, no framing, a unique origin.
    c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox");
    return c.body(new Uint8Array(file.bytes));
  });
}
