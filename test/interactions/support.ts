import type { FastifyInstance } from 'fastify';
import type { WebhookAccess } from '../../src/bot/command.js';
import type { Budgets } from '../../src/budgets/budgets.js';
import { buildApp } from '../../src/http/app.js';
import type { Metrics } from '../../src/http/metrics.js';
import { registerInteractions } from '../../src/interactions/route.js';
import type { KeyStore } from '../../src/keys/key-store.js';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { createLogger, type Logger } from '../../src/logger.js';
import type { ReadService } from '../../src/read/service.js';
import { listen } from '../support/app.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';

export interface InteractionsApp {
  app: FastifyInstance;
  /** Base URL on a loopback port; the endpoint is `${url}/interactions`. */
  url: string;
  database: TestDatabase;
  keyStore: KeyStore;
  close(): Promise<void>;
}

export interface InteractionsAppOptions {
  /** A database of the caller's (kept open on close); else a new one holding `data`. */
  database?: TestDatabase;
  data?: unknown;
  publicKey: string;
  restUrl: string;
  deferAfterMs?: number;
  failureLimitPerMinute?: number;
  metrics?: Metrics;
  logger?: Logger;
  /** Wraps the real read service (the suites' slow and broken guilds). */
  read?: (real: ReadService) => ReadService;
  /** Shared budgets (Redis) for a node of several; in memory when absent. */
  budgets?: Budgets;
  /** Gives /scoreboard the database's publication switch, with this public URL. */
  publicUrl?: string;
  /** Gives /webhook the database's subscriptions, under these address rules (WEBHOOK_ALLOW_*). */
  webhookRules?: WebhookAccess['rules'];
}

/** The real HTTP app with POST /interactions over a real SQLite file, on a loopback port. */
export async function startInteractionsApp(
  options: InteractionsAppOptions,
): Promise<InteractionsApp> {
  const database = options.database ?? openTestDatabase(options.data);
  const keyStore = database.store.keyStore;
  const real = database.store.read;
  const metrics = options.metrics;
  const read = options.read ? options.read(real) : real;
  const logger = options.logger ?? createLogger({ level: 'silent' });
  const app = await buildApp({
    config: { rateLimitPerMinute: 0, failureLimitPerMinute: options.failureLimitPerMinute ?? 0 },
    read,
    keyVerifier: createKeyVerifier(database.store.keyTable),
    logger,
    databaseReady: () => database.store.ready(),
    ...(options.budgets ? { budgets: options.budgets } : {}),
    ...(metrics ? { metrics } : {}),
    mounts: [
      (app, { failures, budgets }) =>
        registerInteractions(
          app,
          {
            publicKey: options.publicKey,
            restUrl: options.restUrl,
            keyStore,
            terms: database.store.terms,
            ...(options.publicUrl === undefined
              ? {}
              : { publication: database.store.publication, publicUrl: options.publicUrl }),
            ...(options.webhookRules === undefined
              ? {}
              : { webhooks: { store: database.store.webhooks, rules: options.webhookRules } }),
            ...(options.deferAfterMs === undefined ? {} : { deferAfterMs: options.deferAfterMs }),
            ...(metrics
              ? { onHandled: (command, outcome) => metrics.countInteraction(command, outcome) }
              : {}),
            read,
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
    keyStore,
    async close() {
      await app.close();
      if (!options.database) database.cleanup();
    },
  };
}
