import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Viewer } from '../shared/rules/premium.ts';
import type { Logger } from './logger.ts';
import type { ViewCounter } from './lib/view-counter.ts';

/** Who is asking: a signed-in person and their role (visitors are null). */
export type { Viewer };

/**
 * What the server passes to the requests it makes to itself for a page (lib/page-data.ts): who
 * the page's reader is, already looked up. Requests from outside never carry it.
 */
export interface PageRequestEnv {
  pageViewer?: Viewer | null;
}

/** What every request handler can read from the context. */
export interface AppEnv {
  Bindings: PageRequestEnv;
  Variables: {
    requestId: string;
    db: Db;
    /**
     * Where this request's visitor reads go (lists, search, details, feeds, sitemaps, makers,
     * topics): a healthy read replica for a visitor, the primary (db) for a signed-in person or
     * without replicas. Chosen once per request; writes always use db.
     */
    reader: Db;
    database: Database;
    config: Config;
    logger: Logger;
    viewer: Viewer | null;
    /** Views of items (lib/view-counter.ts): answers that report views wait for its counts. */
    views: ViewCounter;
  };
}
