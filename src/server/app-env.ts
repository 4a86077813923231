import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Viewer } from './features/ideas/service.ts';
import type { Logger } from './logger.ts';

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
    database: Database;
    config: Config;
    logger: Logger;
    viewer: Viewer | null;
  };
}
