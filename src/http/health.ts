import type { FastifyInstance } from 'fastify';
import type { RedisState } from '../budgets/budgets.js';
import type { GatewayState } from './metrics.js';

/*
 * /healthz: the process answers. /readyz: it can serve HTTP: the database is open, checked and
 * carries every migration. Only that makes a node unready (503), since a load balancer in front
 * of it routes HTTP alone. Redis and the bot are named but never make a node unready: while
 * Redis is down every node counts budgets of its own and serves, and a 503 would take every node
 * out at once; a bot that cannot log in (a revoked token, Discord unreachable) leaves the API
 * whole, and a 503 would take a healthy API node out of the balancer for it. Both sit outside
 * /v1 (no key, no rate limit) so orchestrators can poll them, and say nothing about the data.
 */

interface HealthDependencies {
  /** Whether the store answers and is migrated (Store.ready). Absent: "unknown", not ready. */
  databaseReady?: () => boolean;
  /** The bot's gateway state; absent means the bot is not part of this process (disabled). */
  botState?: () => GatewayState;
  /** Whether budgets are shared in Redis right now; absent means no Redis (disabled). */
  redisState?: () => RedisState;
}

interface Readiness {
  status: 'ready' | 'not ready';
  database: 'ok' | 'down' | 'unknown';
  redis: RedisState;
  bot: GatewayState;
}

export function readiness(deps: HealthDependencies): Readiness {
  const database = deps.databaseReady ? (deps.databaseReady() ? 'ok' : 'down') : 'unknown';
  const redis = deps.redisState?.() ?? 'disabled';
  const bot = deps.botState?.() ?? 'disabled';
  return { status: database === 'ok' ? 'ready' : 'not ready', database, redis, bot };
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
