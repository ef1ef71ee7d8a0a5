import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../../src/http/app.js';
import { sqliteReadiness } from '../../src/http/health.js';
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

export interface TestAppOptions
  extends Partial<Omit<AppDependencies, 'read' | 'keyVerifier' | 'config'>> {
  config?: Partial<AppDependencies['config']>;
  /** Shorthand for config.rateLimitPerMinute; limiting is off unless a test asks for it. */
  rateLimitPerMinute?: number;
}

/**
 * The real HTTP app over a real SQLite file holding `data`, with one all-guild key; any other
 * dependency (logger, limits, metrics, bot state, config) can be given.
 */
export async function buildTestApp(data: unknown, options: TestAppOptions = {}): Promise<TestApp> {
  const { config, rateLimitPerMinute, ...rest } = options;
  const database = openTestDatabase(data);
  const keyStore = createKeyStore(database.db);
  const { key } = keyStore.create({ name: 'test' });
  const app = await buildApp({
    read: createReadService(database.db),
    keyVerifier: createKeyVerifier(database.db),
    logger: createLogger({ level: 'silent' }),
    databaseReady: sqliteReadiness(database.db),
    ...rest,
    config: { rateLimitPerMinute: rateLimitPerMinute ?? 0, ...config },
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
