import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env.ts';
import { getFile } from '../../lib/file-store.ts';

/**
 * Public read of stored files: stable URLs, long-lived caching, a safe content type, nosniff.
 * A file kept in the bucket is a redirect there (S3_PUBLIC_URL, or a signed address while the
 * bucket is private).
 */
export function registerStorageRoutes(app: OpenAPIHono<AppEnv>) {
  app.get('/storage/:bucket/:name', async (c) => {
    const file = await getFile(c.var.db, c.req.param('bucket'), c.req.param('name'));
    if (!file) return c.json({ error: { code: 'not_found', message: 'No such file.' } }, 404);
    if (file.kind === 'unavailable') {
      return c.json({ error: { code: 'unavailable', message: 'This file cannot be reached right now.' } }, 503);
    }
    if (file.kind === 'redirect') {
      c.header('Cache-Control', `public, max-age=${file.cacheSeconds}${file.cacheSeconds > 3600 ? ', immutable' : ''}`);
      return c.redirect(file.url, file.cacheSeconds > 3600 ? 301 : 302);
    }
    c.header('Content-Type', file.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Disposition', 'inline');
    // Never a document of the site's origin: no scripts, no plugins, no framing, a unique origin.
    c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox");
    return c.body(new Uint8Array(file.bytes));
  });
}
