import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.js';
import { createKeyStore, type KeyStore } from '../../src/keys/key-store.js';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { createLogger } from '../../src/logger.js';
import { createReadService } from '../../src/read/service.js';
import { openTestDatabase, type TestDatabase } from './database.js';

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  keyStore: KeyStore;
  /** A key that reads every guild. */
  key: string;
  close(): Promise<void>;
}

/** The real HTTP app over a real SQLite file holding `data`, with one all-guild key. */
export async function buildTestApp(
  data: unknown,
  options: { rateLimitPerMinute?: number } = {},
): Promise<TestApp> {
  const database = openTestDatabase(data);
  const keyStore = createKeyStore(database.db);
  const { key } = keyStore.create({ name: 'test' });
  const app = await buildApp({
    config: { rateLimitPerMinute: options.rateLimitPerMinute ?? 0 },
    read: createReadService(database.db),
    keys: createKeyVerifier(database.db),
    logger: createLogger({ level: 'silent' }),
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
