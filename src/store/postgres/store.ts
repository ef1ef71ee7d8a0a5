import type { Logger } from '../../logger.js';
import { assembleStore } from '../assemble.js';
import type { Store } from '../store.js';
import { listenForChanges } from './changes.js';
import { createPool, displayUrl, migratePostgres } from './connection.js';
import { createPostgresDb } from './driver.js';
import { postgresChangesSince } from './guild-changes.js';

interface PostgresStoreOptions {
  logger: Logger;
  now?: () => Date;
  /** Apply migrations first (default true). */
  migrate?: boolean;
}

/** The store of a deployment on several machines (DATABASE_URL). */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions,
): Promise<Store> {
  const { created } = options.migrate === false ? { created: false } : await migratePostgres(url);
  const now = options.now ?? (() => new Date());
  const pool = createPool(url);
  const changes = listenForChanges(url, options.logger);
  try {
    await changes.started;
  } catch (error) {
    await changes.close();
    await pool.end();
    throw error;
  }
  return assembleStore(createPostgresDb(pool), now, {
    kind: 'postgres',
    location: displayUrl(url),
    created,
    since: postgresChangesSince(pool),
    generation: changes.guild,
    keys: { generation: changes.keys, onChange: changes.onKeysChanged },
    ready: changes.connected,
    async close() {
      await changes.close();
      await pool.end();
    },
  });
}
