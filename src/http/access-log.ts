import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
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

type AccessLogger = Logger | FastifyBaseLogger;

/** The access line of one answered request: no headers, so no key. */
export function writeAccessLine(
  logger: AccessLogger,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
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
}

/**
 * The access line of every routed request. Callback form (no promise per request) and the app's
 * logger (no child logger per request).
 */
export function installAccessLine(app: FastifyInstance, logger: AccessLogger): void {
  app.addHook('onResponse', (request, reply, done) => {
    writeAccessLine(logger, request, reply);
    done();
  });
}
