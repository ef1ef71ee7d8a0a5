import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../../../src/http/app.js';
import type { HttpLimits } from '../../../src/http/http-server.js';
import { createKeyStore, type KeyStore } from '../../../src/keys/key-store.js';
import { createKeyVerifier } from '../../../src/keys/key-verifier.js';
import { createLogger, type Logger } from '../../../src/logger.js';
import { createReadService } from '../../../src/read/service.js';
import { openTestDatabase, type TestDatabase } from '../../support/database.js';

export interface HardeningApp extends TestDatabase {
  app: FastifyInstance;
  keyStore: KeyStore;
  /** A key that reads every guild. */
  key: string;
  close(): Promise<void>;
}

export interface HardeningAppOptions {
  config?: Partial<AppDependencies['config']>;
  limits?: Partial<HttpLimits>;
  logger?: Logger;
}

/** The real app over a real SQLite file holding `data`, with any config, limits and logger. */
export async function buildHardeningApp(
  data: unknown,
  options: HardeningAppOptions = {},
): Promise<HardeningApp> {
  const database = openTestDatabase(data);
  const keyStore = createKeyStore(database.db);
  const { key } = keyStore.create({ name: 'test' });
  const app = await buildApp({
    config: { rateLimitPerMinute: 0, ...options.config },
    read: createReadService(database.db),
    keys: createKeyVerifier(database.db),
    logger: options.logger ?? createLogger({ level: 'silent' }),
    limits: options.limits,
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

/** Listens on a free loopback port; returns the base URL and port. */
export async function listen(app: FastifyInstance): Promise<{ url: string; port: number }> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return { url: `http://127.0.0.1:${address.port}`, port: address.port };
}
