import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Viewer } from './features/ideas/service.ts';
import type { Logger } from './logger.ts';

/** What every request handler can read from the context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    db: Db;
    database: Database;
    config: Config;
    logger: Logger;
    viewer: Viewer | null;
  };
}
