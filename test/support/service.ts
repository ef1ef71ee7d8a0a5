import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { type RunningService, startService } from '../../src/start.js';

export interface TestService extends RunningService {
  dir: string;
  databasePath: string;
  /** The key start-up created and printed (the database was new). */
  firstKey: string;
  config: Config;
  shutdown(): Promise<void>;
}

/** The real service, as `npm start` runs it, on a loopback port over a new database file. */
export async function startTestService(env: Record<string, string> = {}): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-e2e-'));
  const databasePath = join(dir, 'housecup.db');
  const config = loadConfig({
    DATABASE_PATH: databasePath,
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
    firstKey,
    config,
    async shutdown() {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
