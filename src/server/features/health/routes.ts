import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env.ts';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../lib/database-outage.ts';

/**
 * /healthz: the process is up. /readyz: the database answers (503 'unavailable' otherwise), and the
 * server is not shutting down (503 'stopping' from SIGTERM on, so a load balancer stops sending
 * new requests while the ones in flight finish). With read replicas it lists each one's state and
 * lag as of its last check; a replica being down does not make the instance unready (the primary
 * takes its reads).
 */
export function registerHealthRoutes(app: OpenAPIHono<AppEnv>, isStopping: () => boolean = () => false) {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    if (isStopping()) return c.json({ status: 'stopping', database: c.var.database.kind }, 503);
    try {
      await Promise.race([
        c.var.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      const replicas = c.var.database.replicas?.states();
      return c.json({ status: 'ready', database: c.var.database.kind, ...(replicas ? { replicas } : {}) });
    } catch {
      c.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
      return c.json({ status: 'unavailable', database: c.var.database.kind }, 503);
    }
  });
}
