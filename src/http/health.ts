import type { FastifyInstance } from 'fastify';
import type { RedisState } from '../budgets/budgets.js';
import type { GatewayState } from '../metrics.js';

/*
 * /healthz: the process answers. /readyz: it can do its job: the database is open and carries
 * every migration, and the bot is connected or switched off. Redis is named but never makes a
 * node unready: while it is down every node counts budgets of its own and serves, and a 503 would
 * take every node out of the load balancer at once. Both sit outside /v1 (no key, no rate
 * limit) so orchestrators can poll them, and say nothing about the data.
 */

export interface HealthDependencies {
  /** Whether the store answers and is migrated (Store.ready). Absent: "unknown", not ready. */
  databaseReady?: () => boolean;
  /** The bot's gateway state; absent means the bot is not part of this process (disabled). */
  botState?: () => GatewayState;
  /** Whether budgets are shared in Redis right now; absent means no Redis (disabled). */
  redisState?: () => RedisState;
}

export interface Readiness {
  status: 'ready' | 'not ready';
  database: 'ok' | 'down' | 'unknown';
  redis: RedisState;
  bot: GatewayState;
}

export function readiness(deps: HealthDependencies): Readiness {
  const database = deps.databaseReady ? (deps.databaseReady() ? 'ok' : 'down') : 'unknown';
  const redis = deps.redisState?.() ?? 'disabled';
  const bot = deps.botState?.() ?? 'disabled';
  const botOk = bot === 'ready' || bot === 'disabled';
  return { status: database === 'ok' && botOk ? 'ready' : 'not ready', database, redis, bot };
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthDependencies): void {
  // Probes must see the state of now, never a cached answer.
  const noStore = { 'cache-control': 'no-store' };

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const state = readiness(deps);
    return reply
      .code(state.status === 'ready' ? 200 : 503)
      .headers(noStore)
      .send(state);
  });
}
