import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { AnswerCache } from '../answers/answer-cache.js';
import type { ErrorPages } from '../answers/errors.js';
import { type Budgets, memoryBudgets } from '../budgets/budgets.js';
import type { FailureGuard } from '../budgets/failure-guard.js';
import { RenderSlots } from '../budgets/render-slots.js';
import { type Config, RENDER_DEFAULTS } from '../config.js';
import { EventHub } from '../events/event-hub.js';
import type { KeyVerifier } from '../keys/key-verifier.js';
import type { Logger } from '../logger.js';
import type { ReadService } from '../read/service.js';
import {
  type AccessLine,
  accessLineWriter,
  accessLogOptions,
  installAccessLine,
} from './access-log.js';
import { authenticate } from './auth.js';
import { installCors } from './cors.js';
import { registerDocs } from './docs.js';
import { ENDPOINTS } from './endpoints/index.js';
import { answerFrameworkError, installErrorHandling } from './error-handling.js';
import { PathErrorPages } from './error-pages.js';
import { registerHealthRoutes } from './health.js';
import {
  clientErrorAnswerer,
  DEFAULT_HTTP_LIMITS,
  type HttpLimits,
  httpServerFactory,
} from './http-server.js';
import type { GatewayState, Metrics } from './metrics.js';
import { installMetrics, observeAnswer } from './metrics-route.js';
import { serveOpenApi } from './openapi/serve.js';
import { answerOtherMethods } from './other-methods.js';
import { installKeyLimit } from './rate-limit.js';
import { serveEndpoints } from './serve-endpoints.js';

/** What the app shares with a mounted route module. */
export interface MountContext {
  /** The per-address failure budget every route counts bad requests against. */
  failures: FailureGuard;
  cache: AnswerCache;
  budgets: Budgets;
  hub: EventHub;
  /** Where a module claims the errors of its paths, answered as its own pages. */
  errorPages: ErrorPages;
  /** The node's render slots, shared by every presenter that draws a chart. */
  renders: RenderSlots;
}

export type Mount = (app: FastifyInstance, context: MountContext) => Promise<void>;

export interface AppDependencies {
  config: Pick<Config, 'rateLimitPerMinute'> &
    Partial<
      Pick<
        Config,
        | 'cacheMaxAge'
        | 'failureLimitPerMinute'
        | 'corsOrigins'
        | 'trustProxy'
        | 'eventStreamsPerKey'
        | 'eventKeepAliveSeconds'
        | 'rendersPerMinute'
        | 'renderConcurrency'
        | 'renderQueue'
      >
    >;
  read: ReadService;
  keyVerifier: KeyVerifier;
  logger: Logger;
  /** Whether the store is open and migrated, for /readyz: sqliteReadiness(db) of health.ts. */
  databaseReady?: () => boolean;
  /** The bot's gateway state, for /readyz; absent means no bot in this process. */
  botState?: () => GatewayState;
  /** Counts requests and serves /metrics when given (start.ts: when METRICS=true). */
  metrics?: Metrics;
  /** Socket limits; the defaults suit a server without a proxy in front. */
  limits?: Partial<HttpLimits>;
  /**
   * Route modules of other presenters served by this app (POST /interactions, the public pages):
   * the composition root hands them in, so the HTTP presenter imports none of them.
   */
  mounts?: readonly Mount[];
  /** Per-key and per-address budgets (start.ts: in Redis with REDIS_URL); in memory when absent. */
  budgets?: Budgets;
  /**
   * The node's render slots, when the bot shares them (start.ts); otherwise the app makes its own
   * from RENDER_CONCURRENCY and RENDER_QUEUE.
   */
  renders?: RenderSlots;
  /**
   * The node's answer cache, when the bot shares it (start.ts: the /points pictures are kept
   * beside the API's answers, in one memory budget); otherwise the app makes its own.
   */
  cache?: AnswerCache;
}

const DEFAULT_CACHE_MAX_AGE = 5;
const DEFAULT_FAILURE_LIMIT = 120;
const DEFAULT_STREAMS_PER_KEY = 20;
const DEFAULT_KEEP_ALIVE_S = 25;

const serializeAsJson = () => (data: unknown) => JSON.stringify(data);

/** Fastify, set up to answer by the contract: its errors, limits, proxies and schemas. */
function createFastify(
  deps: AppDependencies,
  errorPages: PathErrorPages,
  failures: FailureGuard,
  accessLine: AccessLine,
): FastifyInstance {
  return Fastify({
    // One access line (installAccessLine, below), a request's child logger made only when used.
    // Fastify types its instance by the logger's type; its base type keeps routes portable.
    ...accessLogOptions(deps.logger as FastifyBaseLogger),
    // Fastify returns 414 for longer parameters; the contract wants a 400 for an over-long id.
    routerOptions: { maxParamLength: 20_000, ignoreTrailingSlash: true },
    // A request that still arrives on an open connection while closing is answered as usual (with
    // `Connection: close`): Fastify's own 503 body would break the `{"error","status"}` contract.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError(ENDPOINTS, errorPages, failures, (request, reply) => {
      accessLine(request, reply);
      if (deps.metrics) observeAnswer(deps.metrics, request, reply);
    }),
    serverFactory: httpServerFactory({ ...DEFAULT_HTTP_LIMITS, ...deps.limits }),
    clientErrorHandler: clientErrorAnswerer(deps.logger, failures),
    // request.ip (the failure budget, the access line) comes from X-Forwarded-For only when the
    // connection is from one of these proxies (TRUST_PROXY); otherwise it is the socket's address.
    trustProxy: deps.config.trustProxy?.length ? deps.config.trustProxy : false,
    // On close, idle keep-alive connections are closed at once instead of holding shutdown up.
    forceCloseConnections: 'idle',
    // Data answers leave as bytes serialized once (src/answers/answer-cache.ts) and the response
    // schemas are the documentation: Fastify's serializer compiler (fast-json-stringify) is never
    // loaded. Requests are validated by Fastify's Ajv from the same schemas: a validator of ours
    // gained nothing on it (docs/performance.md, "Fastify's Ajv").
    schemaController: {
      compilersFactory: {
        buildSerializer: () => serializeAsJson,
      },
    },
    // Ajv converts no text: its coercion reads `Infinity`, `1e400`, `0x10`, ` 5` and `5.0` as
    // integers and then skips its range checks for ±Infinity (a width of Infinity once aborted
    // the process). serve-endpoints.ts reads numeric parameters by one rule instead. The schemas'
    // patterns are ASCII classes, which match alike without the `u` flag Ajv adds by default,
    // and test faster without it (docs/performance.md, "Fastify's Ajv").
    ajv: { customOptions: { coerceTypes: false, unicodeRegExp: false } },
  });
}

// One cache for the GET answers and the event streams: an event carries the bytes the GET
// answers, and whichever reads first fills it for the other.
function startEventHub(app: FastifyInstance, deps: AppDependencies, cache: AnswerCache): EventHub {
  const hub = new EventHub({
    sources: { read: deps.read, cache, generation: deps.read.generation },
    activeKeyIds: () => deps.keyVerifier.activeIds(),
    logger: deps.logger,
    keepAliveMs: (deps.config.eventKeepAliveSeconds ?? DEFAULT_KEEP_ALIVE_S) * 1000,
  });
  // Before the server closes: open streams are answers under way, which close() would wait for.
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
  return hub;
}

/** The data API under /v1: every request with a working key, within that key's rate. */
async function serveV1(v1: FastifyInstance, deps: AppDependencies, context: MountContext) {
  const { budgets, cache, hub, renders } = context;
  v1.addHook('onRequest', authenticate(deps.keyVerifier, context.failures));
  await installKeyLimit(v1, budgets.keys);
  serveEndpoints(v1, ENDPOINTS, {
    read: deps.read,
    cache,
    generation: deps.read.generation,
    maxAge: deps.config.cacheMaxAge ?? DEFAULT_CACHE_MAX_AGE,
    events: {
      hub,
      slots: budgets.streams,
      perKey: deps.config.eventStreamsPerKey ?? DEFAULT_STREAMS_PER_KEY,
      logger: deps.logger,
    },
    renders: { slots: renders, budget: budgets.renders },
  });
}

/** Builds the HTTP API without listening, so tests and the server share the very same app. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const budgets =
    deps.budgets ??
    memoryBudgets({
      rateLimitPerMinute: deps.config.rateLimitPerMinute,
      failureLimitPerMinute: deps.config.failureLimitPerMinute ?? DEFAULT_FAILURE_LIMIT,
      rendersPerMinute: deps.config.rendersPerMinute ?? RENDER_DEFAULTS.perMinute,
    });
  const renders =
    deps.renders ??
    new RenderSlots({
      concurrency: deps.config.renderConcurrency ?? RENDER_DEFAULTS.concurrency,
      queue: deps.config.renderQueue ?? RENDER_DEFAULTS.queue,
    });
  const guard = budgets.failures;
  // Filled by the mounts below; read when an error is answered, Fastify's own included.
  const errorPages = new PathErrorPages();
  const accessLine = accessLineWriter(deps.logger);
  const app = createFastify(deps, errorPages, guard, accessLine);
  const cache = deps.cache ?? new AnswerCache();
  const hub = startEventHub(app, deps, cache);
  deps.metrics?.watchEventStreams(() => hub.stats());
  deps.metrics?.watchRenders(() => renders.stats());
  // Slots the app made are the app's to close (their chart workers); given ones, their maker's.
  if (!deps.renders) app.addHook('onClose', () => renders.close());

  app.decorateRequest('apiKey', null);
  // First: it learns the known paths from every route added after it.
  answerOtherMethods(app, errorPages);
  installErrorHandling(app, guard, errorPages);
  await installCors(app, deps.config.corsOrigins ?? []);

  installAccessLine(app, accessLine);

  // Public routes, outside /v1 and its key check and rate limit.
  if (deps.metrics) installMetrics(app, deps.metrics);
  await serveOpenApi(app, ENDPOINTS);
  await registerDocs(app);
  registerHealthRoutes(app, { ...deps, redisState: budgets.redis });
  const context: MountContext = { failures: guard, cache, budgets, hub, errorPages, renders };
  for (const mount of deps.mounts ?? []) await mount(app, context);

  await app.register((v1) => serveV1(v1, deps, context));
  return app;
}
