import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * Counts one answered request by its route's pattern (`/v1/players/:guildId`), never
 * request.url: no guild id reaches a label, and the number of series stays bounded whatever
 * clients request.
 */
export function observeAnswer(metrics: Metrics, request: FastifyRequest, reply: FastifyReply) {
  metrics.observeRequest(
    request.method,
    request.routeOptions.url,
    reply.statusCode,
    reply.elapsedTime / 1000,
  );
}

/**
 * Counts every answered request by route pattern and serves the Prometheus text at /metrics.
 * Called on the root instance (not through register) so the hook sees every route, /v1 and
 * the public ones alike. /metrics sits outside /v1: no key, no rate limit, as scrapers expect;
 * keep it off the public internet (METRICS=false, or a firewall) if that matters.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => observeAnswer(metrics, request, reply));

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(metrics.contentType).send(await metrics.render()),
  );
}
