import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Store } from './store.js';

/**
 * The configured store: PostgreSQL when DATABASE_URL is set, else the SQLite file at
 * DATABASE_PATH. Each is loaded only when chosen: a SQLite start does not pay for pg.
 */
export async function openStore(
  config: Pick<Config, 'databasePath' | 'databaseUrl'>,
  logger: Logger,
): Promise<Store> {
  if (config.databaseUrl) {
    const { openPostgresStore } = await import('./postgres/store.js');
    return openPostgresStore(config.databaseUrl, { logger });
  }
  const { openSqliteStore } = await import('./sqlite/store.js');
  return openSqliteStore(config.databasePath);
}
