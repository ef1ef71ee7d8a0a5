import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { AnswerCache } from './answers/answer-cache.js';
import { tellStoreFaultsTo } from './answers/stored-points.js';
import type { RunningBot } from './bot/client.js';
import type { RunningLive } from './bot/live/live-service.js';
import { deferredScoreboards } from './bot/live/scoreboards.js';
import { commandServices } from './bot/services.js';
import { RenderSlots } from './budgets/render-slots.js';
import type { Config } from './config.js';
import { buildApp, type MountContext } from './http/app.js';
import { clientUrl } from './http/client-url.js';
import type { GatewayState, InteractionOutcome, Metrics } from './http/metrics.js';
import { registerInteractions } from './interactions/route.js';
import { createFirstKey, exampleRequest } from './keys/first-key.js';
import { createKeyVerifier } from './keys/key-verifier.js';
import type { Logger } from './logger.js';
import { registerPublicPages } from './pages/routes.js';
import { createBudgets } from './redis/create-budgets.js';
import { loadDemoData } from './store/demo-data.js';
import { StoreOpenError } from './store/errors.js';
import { startHistoryPruning } from './store/history-pruning.js';
import { openStore } from './store/open-store.js';
import type { Store } from './store/store.js';
import { systemResolver } from './webhooks/safety.js';
import { startWebhooks } from './webhooks/service.js';

export interface RunningService {
  app: FastifyInstance;
  /** Where the Discord bot stands; 'disabled' without DISCORD_TOKEN. */
  botState(): GatewayState;
  store: Store;
  /** The address the API listens on, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Stops accepting requests, finishes in-flight ones, and closes the database. */
  stop(): Promise<void>;
}

const LAST_USED_FLUSH_MS = 30_000;

interface StartOptions {
  /**
   * Receives the first API key when start-up creates it (a new database, AUTO_FIRST_KEY on), with
   * a URL that answers 200 with it from this machine: the caller shows both, once.
   */
  onFirstKey(key: string, exampleUrl: string): void;
  /**
   * Called if the integrity check of an existing database file finds it damaged. The API already
   * serves by then (readiness says "not ready" until the check passes); the caller stops.
   */
  onDamaged(error: StoreOpenError): void;
}

/** Opens (and on first start, fills) the store, then serves the API. */
export async function startService(
  config: Config,
  logger: Logger,
  { onFirstKey, onDamaged }: StartOptions,
): Promise<RunningService> {
  const store = await openStore(config, logger);
  // A stored value the answers would not pass on (a history row the checks never saw): one line.
  tellStoreFaultsTo((fault) => logger.warn({ fault }, 'stored value not served'));
  // SQLite's file is checked once the API listens: a whole-file check of a large database takes
  // seconds (docs/operations.md), and start-up should not wait for it (nor share a core with it:
  // it starts after listen). SQLite refuses to read a damaged page on its own
  // meanwhile, and /readyz says "not ready" until the check has passed.
  const { checkIntegrity } = store;
  let checked = store.created || !checkIntegrity;
  const checkFile = () =>
    (checkIntegrity?.() ?? Promise.resolve(null))
      .catch((error: unknown) => `the check itself failed (${String(error)})`)
      .then((problem) => {
        if (problem) {
          onDamaged(new StoreOpenError(`Database ${store.location} is damaged: ${problem}`));
        } else checked = true;
      });
  if (store.created && config.demoData) {
    const loaded = await loadDemoData(store);
    logger.info(loaded, 'new database: demo data loaded');
  }
  const { read } = store;
  const firstKey = await createFirstKey(store, config, logger);
  const keyVerifier = createKeyVerifier(store.keyTable);
  await keyVerifier.load();
  let bot: RunningBot | undefined;
  let botStarting: Promise<RunningBot> | undefined;
  const botState = (): GatewayState => {
    if (!config.discord.token) return 'disabled';
    if (!bot) return 'connecting';
    return bot.client.isReady() ? 'ready' : 'down';
  };

  // Loaded only when enabled: start-up should not pay for what it does not use.
  const metrics: Metrics | undefined = config.metrics
    ? (await import('./http/metrics.js')).createMetrics()
    : undefined;
  const onHandled = metrics
    ? (command: string, outcome: InteractionOutcome) => metrics.countInteraction(command, outcome)
    : undefined;
  // With REDIS_URL, waits at most ~0.75 s for Redis; an unreachable one is logged, not fatal.
  const budgets = await createBudgets(config, logger);
  // One set of render slots per node: the API's and the pages' charts and the bot's pictures.
  const renders = new RenderSlots({
    concurrency: config.renderConcurrency,
    queue: config.renderQueue,
  });
  // One answer cache per node: the API's answers, the pages' and the bot's /points pictures.
  const cache = new AnswerCache();
  const publicKey = config.discord.publicKey;
  // The live scoreboards need the bot token (channel messages are the bot's), in both Discord
  // modes; their machinery loads with discord.js once the API listens, and a post waits for it.
  // An interaction may come as soon as the API listens: a post then waits for the start below.
  let beginLive: ((running: Promise<RunningLive>) => void) | undefined;
  const liveStarting = config.discord.token
    ? new Promise<RunningLive>((resolve) => {
        beginLive = resolve;
      })
    : undefined;
  const live = liveStarting ? deferredScoreboards(() => liveStarting) : undefined;
  // What the commands use, one object for both transports: a command's new service is added
  // where this is made (src/bot/services.ts), never in a transport.
  const services = commandServices(store, config, { renders, cache, ...(live ? { live } : {}) });
  const app = await buildApp({
    config,
    read,
    keyVerifier,
    logger,
    metrics,
    databaseReady: () => checked && store.ready(),
    botState,
    mounts: [
      // The public scoreboard pages (docs/scoreboard.md): only published guilds, no key.
      (app, { cache, budgets: shared, errorPages }) =>
        registerPublicPages(app, {
          read,
          cache,
          generation: read.generation,
          budgets: shared,
          renders,
          limitPerMinute: config.publicLimitPerMinute,
          streamsPerAddress: config.publicStreamsPerAddress,
          errorPages,
          logger,
        }).then(() => undefined),
      // Discord's signed requests, answered by any node: no token, no gateway connection needed.
      ...(publicKey
        ? [
            (app: FastifyInstance, { failures, budgets: shared }: MountContext) =>
              registerInteractions(
                app,
                {
                  publicKey,
                  applicationId: config.discord.applicationId,
                  restUrl: config.discord.restUrl,
                  services,
                  ...(onHandled ? { onHandled } : {}),
                  logger,
                },
                failures,
                shared.interactionIds,
              ),
          ]
        : []),
    ],
    budgets,
    renders,
    cache,
  });
  // Before the listening line, which supervisors and tests wait for: a lifted rule is never
  // missed by whoever reads the start.
  if (config.webhooks.allowHttp) {
    logger.warn('WEBHOOK_ALLOW_HTTP=true: webhooks may be sent over plain http://');
  }
  if (config.webhooks.allowPrivate) {
    logger.warn(
      'WEBHOOK_ALLOW_PRIVATE=true: webhooks may reach loopback, private and link-local addresses',
    );
  }
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await renders.close();
    await budgets.close();
    await store.close();
    // A first start that cannot listen (the port is taken) leaves no database file behind, so the
    // next start is a first start again and shows a first key: this one was never shown.
    if (store.created && store.kind === 'sqlite') removeDatabaseFiles(store.location);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  // The example is looked up before the listening line, so the key follows that line at once.
  const example = firstKey ? await exampleRequest(store, clientUrl(config.host, port)) : null;
  logger.info({ url, store: store.kind, database: store.location }, 'housecup API listening');
  if (firstKey && example) onFirstKey(firstKey, example);
  if (!checked) void checkFile();

  const token = config.discord.token;
  if (token) {
    const starting = Promise.all([
      import('./bot/rest.js'),
      import('./bot/live/live-service.js'),
    ]).then(([{ botRest }, { startLiveService }]) =>
      startLiveService({
        store: store.liveMessages,
        rest: botRest(config.discord.restUrl, token),
        read,
        renders,
        cache,
        logger,
        timing: config.live,
      }),
    );
    // A failure to load is the posts' to report; the edits simply do not run.
    starting.catch((error: unknown) =>
      logger.error({ err: error }, 'live scoreboards did not start'),
    );
    beginLive?.(starting);
  }
  if (config.discord.token) {
    // Not awaited: the API serves while the bot logs in (or fails to, on its own). discord.js
    // is loaded only here: it is most of start-up time when imported up front.
    botStarting = import('./bot/client.js')
      .then(({ startBot }) =>
        startBot({ config, services, logger, ...(onHandled ? { onHandled } : {}) }),
      )
      .then((running) => {
        bot = running;
        metrics?.setGatewayState(botState());
        return running;
      });
  } else if (config.discord.publicKey) {
    logger.info(
      'DISCORD_TOKEN not set: no gateway connection; interactions come to POST /interactions',
    );
  } else {
    logger.info('DISCORD_TOKEN not set: the HTTP API runs without the Discord bot');
  }

  // Every node follows the changes and sends the outbox; the store shares the work out.
  const webhooks = startWebhooks({
    read,
    webhooks: store.webhooks,
    rules: { ...config.webhooks, resolve: systemResolver },
    logger,
  });
  metrics?.watchWebhooks(() => webhooks.stats());

  const flush = setInterval(() => void keyVerifier.flushLastUsed(), LAST_USED_FLUSH_MS);
  flush.unref();
  const stopPruning = startHistoryPruning(store, config.historyDays, logger);
  const gauge = metrics && setInterval(() => metrics.setGatewayState(botState()), 5_000);
  gauge?.unref();
  metrics?.setGatewayState(botState());

  return {
    app,
    botState,
    store,
    url,
    async stop() {
      clearInterval(flush);
      clearInterval(gauge);
      // Ends a prune in progress between two batches, before the store closes under it.
      await stopPruning();
      await (await botStarting)?.stop();
      await (await liveStarting?.catch(() => undefined))?.close();
      await webhooks.stop();
      await app.close();
      // After the app: a chart under way when it closed has been answered.
      await renders.close();
      await budgets.close();
      await keyVerifier.flushLastUsed();
      await store.close();
    },
  };
}

function removeDatabaseFiles(path: string): void {
  if (path === ':memory:') return;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}
