import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Logger } from '../logger.js';
import { LazyRequestLogger } from './request-logger.js';

/*
 * One access line per request, written when the answer has gone, in place of Fastify's own two
 * log lines per request; and a request's child logger made only if something logs through it
 * (src/http/request-logger.ts), in place of Fastify's child made for every request. Measured
 * against Fastify's own in the bench (docs/performance.md, "The access line").
 */

/** Fastify's options for its request logging: off, and a lazy child logger. */
export function accessLogOptions(): Pick<
  FastifyServerOptions,
  'logController' | 'childLoggerFactory'
> {
  return {
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger, bindings, options) =>
      new LazyRequestLogger(logger, bindings, options),
  };
}

/**
 * The access line: no headers, so no key. Callback form (no promise per request) and the app's
 * logger (no child logger per request).
 */
export function installAccessLine(app: FastifyInstance, logger: Logger | FastifyBaseLogger): void {
  app.addHook('onResponse', (request, reply, done) => {
    logger.info(
      {
        reqId: request.id,
        method: request.method,
        url: request.url,
        ip: request.ip,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        key: request.apiKey?.id,
      },
      'request',
    );
    done();
  });
}
