import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type Budgets, memoryBudgets } from '../budgets/budgets.js';
import type { Config } from '../config.js';
import type { KeyVerifier } from '../keys/key-verifier.js';
import type { Logger } from '../logger.js';
import type { GatewayState, Metrics } from '../metrics.js';
import type { ReadService } from '../read/service.js';
import { authenticate } from './auth.js';
import { BodyCache } from './body-cache.js';
import { installCors } from './cors.js';
import { registerDocs } from './docs.js';
import {
  answerFrameworkError,
  installErrorHandling,
  refuseOtherMethods,
} from './error-handling.js';
import { registerHealthRoutes } from './health.js';
import {
  answerClientError,
  DEFAULT_HTTP_LIMITS,
  type HttpLimits,
  httpServerFactory,
} from './http-server.js';
import { installMetrics } from './metrics-route.js';
import { registerOpenApi } from './openapi.js';
import { limitRate } from './rate-limit.js';
import { LazyRequestLogger } from './request-logger.js';
import type { RouteContext } from './routes/context.js';
import { registerJobRoutes } from './routes/jobs.js';
import { registerPlayerRoutes } from './routes/players.js';
import { registerPointsRoutes } from './routes/points.js';
import { registerPremiumRoutes } from './routes/premium.js';
import { compileValidator } from './validation.js';

export interface AppDependencies {
  config: Pick<Config, 'rateLimitPerMinute'> &
    Partial<Pick<Config, 'cacheMaxAge' | 'failureLimitPerMinute' | 'corsOrigins'>>;
  read: ReadService;
  keys: KeyVerifier;
  logger: Logger;
  /** Whether the store is open and migrated, for /readyz: sqliteReadiness(db) of health.ts. */
  databaseReady?: () => boolean;
  /** The bot's gateway state, for /readyz; absent means no bot in this process. */
  botState?: () => GatewayState;
  /** Counts requests and serves /metrics when given (start.ts: when METRICS=true). */
  metrics?: Metrics;
  /** Socket limits; the defaults suit a server without a proxy in front. */
  limits?: Partial<HttpLimits>;
  /** Per-key and per-address budgets (start.ts: in Redis with REDIS_URL); in memory when absent. */
  budgets?: Budgets;
}

const DEFAULT_CACHE_MAX_AGE = 5;
const DEFAULT_FAILURE_LIMIT = 120;

const serializeAsJson = () => (data: unknown) => JSON.stringify(data);

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];
// Fastify types this factory after Ajv's; at run time any schema compiler goes (its docs).
const validatorFactory = (() => compileValidator) as unknown as ValidatorFactory;

/** The nine endpoints of the spec, in its order. */
export const V1_PATHS = [
  '/v1/players',
  '/v1/players/:guildId',
  '/v1/players/:guildId/:userId',
  '/v1/points',
  '/v1/points/:guildId',
  '/v1/jobs',
  '/v1/jobs/:guildId',
  '/v1/premium',
  '/v1/premium/:guildId',
] as const;

/** Builds the HTTP API without listening, so tests and the server share the very same app. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    // Fastify types its instance by the logger's type; its base type keeps routes portable.
    loggerInstance: deps.logger as FastifyBaseLogger,
    // Fastify's two lines per request are replaced by the one written in onResponse below, and
    // a request's child logger is made only if something logs through it.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger, bindings, options) =>
      new LazyRequestLogger(logger, bindings, options),
    // Fastify returns 414 for longer parameters; the contract wants a 400 for an over-long id.
    routerOptions: { maxParamLength: 20_000, ignoreTrailingSlash: true },
    // A request that still arrives on an open connection while closing is answered as usual (with
    // `Connection: close`): Fastify's own 503 body would break the `{"error","status"}` contract.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    serverFactory: httpServerFactory({ ...DEFAULT_HTTP_LIMITS, ...deps.limits }),
    clientErrorHandler: answerClientError,
    // On close, idle keep-alive connections are closed at once instead of holding shutdown up.
    forceCloseConnections: 'idle',
    // Data answers leave as bytes serialized once (body-cache.ts) and the response schemas are
    // the documentation: Fastify's serializer compiler (fast-json-stringify) is never loaded.
    // Requests are validated by validation.ts, compiled from the same schemas, instead of Ajv.
    schemaController: {
      compilersFactory: {
        buildValidator: validatorFactory,
        buildSerializer: () => serializeAsJson,
      },
    },
  });
  const budgets =
    deps.budgets ??
    memoryBudgets({
      rateLimitPerMinute: deps.config.rateLimitPerMinute,
      failureLimitPerMinute: deps.config.failureLimitPerMinute ?? DEFAULT_FAILURE_LIMIT,
    });
  const guard = budgets.failures;

  app.decorateRequest('apiKey', null);
  installErrorHandling(app, guard);
  await installCors(app, deps.config.corsOrigins ?? []);

  // One line per request, written when the answer has gone: no headers, so no key.
  // (Callback form: no promise per request; the app's logger, so no child logger per request.)
  app.addHook('onResponse', (request, reply, done) => {
    deps.logger.info(
      {
        reqId: request.id,
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        key: request.apiKey?.id,
      },
      'request',
    );
    done();
  });

  // Public routes, outside /v1 and its key check and rate limit. The document generator comes
  // before the /v1 routes: it collects routes as they are added.
  if (deps.metrics) installMetrics(app, deps.metrics);
  await registerOpenApi(app);
  await registerDocs(app);
  registerHealthRoutes(app, { ...deps, redisState: budgets.redis });

  await app.register(async (v1) => {
    v1.addHook('onRequest', authenticate(deps.keys, guard));
    if (deps.config.rateLimitPerMinute > 0) {
      v1.addHook('onRequest', limitRate(budgets.keys));
    }
    const routes: RouteContext = {
      read: deps.read,
      cache: new BodyCache({ generation: deps.read.generation }),
      maxAge: deps.config.cacheMaxAge ?? DEFAULT_CACHE_MAX_AGE,
    };
    registerPlayerRoutes(v1, routes);
    registerPointsRoutes(v1, routes);
    registerJobRoutes(v1, routes);
    registerPremiumRoutes(v1, routes);
  });

  // With CORS on, OPTIONS belongs to the CORS preflight.
  refuseOtherMethods(app, V1_PATHS, (deps.config.corsOrigins ?? []).length > 0);
  return app;
}
