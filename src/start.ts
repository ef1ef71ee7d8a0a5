import type { FastifyInstance } from 'fastify';
import type { RunningBot } from './bot/client.js';
import { createBudgets } from './budgets/budgets.js';
import type { Config } from './config.js';
import { loadDemoData } from './demo.js';
import { buildApp } from './http/app.js';
import { sqliteReadiness } from './http/health.js';
import { createKeyStore } from './keys/key-store.js';
import { createKeyVerifier } from './keys/key-verifier.js';
import type { Logger } from './logger.js';
import type { GatewayState, Metrics } from './metrics.js';
import { createReadService } from './read/service.js';
import { type Database, DatabaseOpenError, openDatabase } from './store/database.js';
import { quickCheck } from './store/integrity.js';

export interface RunningService {
  app: FastifyInstance;
  /** Where the Discord bot stands; 'disabled' without DISCORD_TOKEN. */
  botState(): GatewayState;
  db: Database;
  /** The address the API listens on, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Stops accepting requests, finishes in-flight ones, and closes the database. */
  stop(): Promise<void>;
}

const LAST_USED_FLUSH_MS = 30_000;

export interface StartOptions {
  /** Receives the first API key when start-up creates it: the caller shows it, once. */
  onFirstKey(key: string, url: string): void;
  /**
   * Called if the integrity check of an existing database file finds it damaged. The API already
   * serves by then (readiness says "not ready" until the check passes); the caller stops.
   */
  onDamaged(error: DatabaseOpenError): void;
}

/** Opens (and on first start, fills) the database, then serves the API. */
export async function startService(
  config: Config,
  logger: Logger,
  { onFirstKey, onDamaged }: StartOptions,
): Promise<RunningService> {
  const db = openDatabase(config.databasePath);
  // Checked once the API listens: a whole-file check takes 0.4 s on a warm 1M-profile database and
  // several seconds cold, and start-up should not wait for it (nor share a core with it: it starts
  // after listen). SQLite refuses to read a damaged page on its own meanwhile, and /readyz says
  // "not ready" until the check has passed.
  let checked = db.created;
  const checkIntegrity = () =>
    quickCheck(db.path)
      .catch((error: unknown) => `the check itself failed (${String(error)})`)
      .then((problem) => {
        if (problem) onDamaged(new DatabaseOpenError(`Database ${db.path} is damaged: ${problem}`));
        else checked = true;
      });
  if (db.created && config.demoData) {
    const loaded = loadDemoData(db);
    logger.info(loaded, 'new database: demo data loaded');
  }
  const keyStore = createKeyStore(db);
  const firstKey = keyStore.hasActiveKey() ? undefined : keyStore.create({ name: 'first key' }).key;

  const read = createReadService(db);
  const keys = createKeyVerifier(db);
  let bot: RunningBot | undefined;
  let botStarting: Promise<RunningBot> | undefined;
  const botState = (): GatewayState => {
    if (!config.discord.token) return 'disabled';
    if (!bot) return 'connecting';
    return bot.client.isReady() ? 'ready' : 'down';
  };

  // Loaded only when enabled: start-up should not pay for what it does not use.
  const metrics: Metrics | undefined = config.metrics
    ? (await import('./metrics.js')).createMetrics()
    : undefined;
  // With REDIS_URL, waits at most ~0.75 s for Redis; an unreachable one is logged, not fatal.
  const budgets = await createBudgets(config, logger);
  const databaseReady = sqliteReadiness(db);
  const app = await buildApp({
    config,
    read,
    keys,
    logger,
    metrics,
    databaseReady: () => checked && databaseReady(),
    botState,
    budgets,
  });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await budgets.close();
    db.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  logger.info({ url, database: db.path }, 'housecup API listening');
  if (firstKey) onFirstKey(firstKey, url);
  if (!checked) void checkIntegrity();

  if (config.discord.token) {
    // Not awaited: the API serves while the bot logs in (or fails to, on its own). discord.js
    // is loaded only here: it is most of start-up time when imported up front.
    botStarting = import('./bot/client.js')
      .then(({ startBot }) =>
        startBot({
          config,
          read,
          keys: keyStore,
          logger,
          ...(metrics
            ? { onHandled: (command, outcome) => metrics.countInteraction(command, outcome) }
            : {}),
        }),
      )
      .then((running) => {
        bot = running;
        metrics?.setGatewayState(botState());
        return running;
      });
  } else {
    logger.info('DISCORD_TOKEN not set: the HTTP API runs without the Discord bot');
  }

  const flush = setInterval(() => keys.flushLastUsed(), LAST_USED_FLUSH_MS);
  flush.unref();
  const gauge = metrics && setInterval(() => metrics.setGatewayState(botState()), 5_000);
  gauge?.unref();
  metrics?.setGatewayState(botState());

  return {
    app,
    botState,
    db,
    url,
    async stop() {
      clearInterval(flush);
      clearInterval(gauge);
      await (await botStarting)?.stop();
      await app.close();
      await budgets.close();
      keys.flushLastUsed();
      db.close();
    },
  };
}
