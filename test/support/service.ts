import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { type RunningService, startService } from '../../src/start.js';
import type { StoreKind } from '../../src/store/store.js';
import { createTestDatabase } from './store.js';

export interface TestService extends RunningService {
  dir: string;
  /** The SQLite file (unused, but named, on PostgreSQL). */
  databasePath: string;
  /** What a child process (the CLI) needs to open the same store. */
  storeEnv: Record<string, string>;
  /** The key start-up created and printed (the database was new). */
  firstKey: string;
  config: Config;
  shutdown(): Promise<void>;
}

/**
 * The real service, as `npm start` runs it, on a loopback port over a new database: a SQLite file,
 * or a PostgreSQL database of its own (dropped at shutdown).
 */
export async function startTestService(
  env: Record<string, string> = {},
  store: StoreKind = 'sqlite',
): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-e2e-'));
  const databasePath = join(dir, 'housecup.db');
  const database = store === 'postgres' ? await createTestDatabase() : undefined;
  const storeEnv: Record<string, string> = database
    ? { DATABASE_URL: database.url }
    : { DATABASE_PATH: databasePath };
  const config = loadConfig({
    DATABASE_PATH: databasePath,
    ...storeEnv,
    PORT: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  let firstKey = '';
  const service = await startService(config, createLogger({ level: 'silent' }), {
    onFirstKey(key) {
      firstKey = key;
    },
    onDamaged(error) {
      throw error;
    },
  });
  return {
    ...service,
    dir,
    databasePath,
    storeEnv,
    firstKey,
    config,
    async shutdown() {
      await service.stop();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
