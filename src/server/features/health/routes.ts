import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env.ts';

/** /healthz: the process is up. /readyz: the database answers (503 otherwise). */
export function registerHealthRoutes(app: OpenAPIHono<AppEnv>) {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await Promise.race([
        c.var.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      return c.json({ status: 'ready', database: c.var.database.kind });
    } catch {
      return c.json({ status: 'unavailable', database: c.var.database.kind }, 503);
    }
  });
}
