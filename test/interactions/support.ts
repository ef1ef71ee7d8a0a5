import type { FastifyInstance } from 'fastify';
import { type CommandServices, commandServices } from '../../src/bot/services.js';
import type { Budgets } from '../../src/budgets/budgets.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import type { Metrics } from '../../src/http/metrics.js';
import { registerInteractions } from '../../src/interactions/route.js';
import type { KeyStore } from '../../src/keys/key-store.js';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { createLogger, type Logger } from '../../src/logger.js';
import type { Store } from '../../src/store/store.js';
import { listen } from '../support/app.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';

export interface InteractionsApp {
  app: FastifyInstance;
  /** Base URL on a loopback port; the endpoint is `${url}/interactions`. */
  url: string;
  /** The SQLite file it serves; null when the caller gave a store of its own (`store`). */
  database: TestDatabase | null;
  /** The store it serves. */
  store: Store;
  keyStore: KeyStore;
  close(): Promise<void>;
}

export interface InteractionsAppOptions {
  /** A database of the caller's (kept open on close); else a new one holding `data`. */
  database?: TestDatabase;
  /** A store of the caller's, of either engine (kept open on close), instead of a database. */
  store?: Store;
  data?: unknown;
  publicKey: string;
  restUrl: string;
  deferAfterMs?: number;
  failureLimitPerMinute?: number;
  metrics?: Metrics;
  logger?: Logger;
  /** Shared budgets (Redis) for a node of several; in memory when absent. */
  budgets?: Budgets;
  /**
   * What the commands use, as a suite running the gateway bot too gives both transports; else
   * the database's, under the configuration's defaults.
   */
  services?: CommandServices;
}

/** The caller's store, else the caller's database or a new one. */
async function servedStore(options: InteractionsAppOptions): Promise<{
  database: TestDatabase | null;
  store: Store;
}> {
  if (options.store) return { database: null, store: options.store };
  const database = options.database ?? (await openTestDatabase(options.data));
  return { database, store: database.store };
}

/** The real HTTP app with POST /interactions over a real SQLite file, on a loopback port. */
export async function startInteractionsApp(
  options: InteractionsAppOptions,
): Promise<InteractionsApp> {
  const { database, store } = await servedStore(options);
  const keyStore = store.keyStore;
  const services = options.services ?? commandServices(store, loadConfig({}));
  const { read } = services;
  const metrics = options.metrics;
  const logger = options.logger ?? createLogger({ level: 'silent' });
  const app = await buildApp({
    config: { rateLimitPerMinute: 0, failureLimitPerMinute: options.failureLimitPerMinute ?? 0 },
    read,
    keyVerifier: createKeyVerifier(store.keyTable),
    logger,
    databaseReady: () => store.ready(),
    ...(options.budgets ? { budgets: options.budgets } : {}),
    ...(metrics ? { metrics } : {}),
    mounts: [
      (app, { failures, budgets }) =>
        registerInteractions(
          app,
          {
            publicKey: options.publicKey,
            restUrl: options.restUrl,
            services,
            ...(options.deferAfterMs === undefined ? {} : { deferAfterMs: options.deferAfterMs }),
            ...(metrics
              ? { onHandled: (command, outcome) => metrics.countInteraction(command, outcome) }
              : {}),
            logger,
          },
          failures,
          budgets.interactionIds,
        ),
    ],
  });
  const { url } = await listen(app);
  return {
    app,
    url,
    database,
    store,
    keyStore,
    async close() {
      await app.close();
      if (!options.database) database?.cleanup();
    },
  };
}
