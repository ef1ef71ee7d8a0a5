import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../../src/http/app.js';
import type { KeyStore } from '../../src/keys/key-store.js';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { createLogger } from '../../src/logger.js';
import { openTestStore, type StoreKind, type TestStore } from './store.js';

export interface TestApp extends TestStore {
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
  /** The store under the app (default SQLite). */
  store?: StoreKind;
}

/**
 * The real HTTP app over a real store holding `data` (a SQLite file, or a PostgreSQL database of
 * its own), with one all-guild key; any other dependency (logger, limits, metrics, bot state,
 * config) can be given.
 */
export async function buildTestApp(data: unknown, options: TestAppOptions = {}): Promise<TestApp> {
  const { config, rateLimitPerMinute, store: kind, ...rest } = options;
  const test = await openTestStore(kind ?? 'sqlite', data);
  const { store } = test;
  const { key } = await store.keyStore.create({ name: 'test' });
  const keyVerifier = createKeyVerifier(store.keyTable);
  await keyVerifier.load();
  const app = await buildApp({
    read: store.read,
    keyVerifier,
    logger: createLogger({ level: 'silent' }),
    databaseReady: () => store.ready(),
    ...rest,
    config: { rateLimitPerMinute: rateLimitPerMinute ?? 0, ...config },
  });
  await app.ready();
  return {
    ...test,
    app,
    keyStore: store.keyStore,
    key,
    async close() {
      await app.close();
      await test.cleanup();
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
