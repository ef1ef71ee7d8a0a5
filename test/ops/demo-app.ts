import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../../src/http/app.js';
import { sqliteReadiness } from '../../src/http/health.js';
import { createKeyStore, type KeyStore } from '../../src/keys/key-store.js';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { createLogger } from '../../src/logger.js';
import { demoDataFile } from '../../src/paths.js';
import { createReadService } from '../../src/read/service.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';

export interface DemoApp extends TestDatabase {
  app: FastifyInstance;
  keyStore: KeyStore;
  /** A key that reads every guild. */
  key: string;
  close(): Promise<void>;
}

/** The real app over a real SQLite file holding data/demo.json, as a new install has it. */
export async function buildDemoApp(
  extra: Partial<Omit<AppDependencies, 'read' | 'keys' | 'logger'>> = {},
): Promise<DemoApp> {
  const database = openTestDatabase(JSON.parse(readFileSync(demoDataFile, 'utf8')));
  const keyStore = createKeyStore(database.db);
  const { key } = keyStore.create({ name: 'test' });
  const app = await buildApp({
    config: { rateLimitPerMinute: 0 },
    read: createReadService(database.db),
    keys: createKeyVerifier(database.db),
    logger: createLogger({ level: 'silent' }),
    databaseReady: sqliteReadiness(database.db),
    ...extra,
  });
  await app.ready();
  return {
    ...database,
    app,
    keyStore,
    key,
    async close() {
      await app.close();
      database.cleanup();
    },
  };
}
