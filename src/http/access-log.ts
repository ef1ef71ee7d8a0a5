import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type Logger, lineWriterOf } from '../logger.js';
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

/** Writes the access line of one answered request. */
export type AccessLine = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The access line of one answered request: no headers, so no key. Made by hand in the shape pino
 * gives its own lines (the same bytes as `logger.info({ reqId, … }, 'request')`, which a test
 * holds), and written as the logger writes, scrubbed of secrets. pino's general path walks and
 * checks every field of every line; what that cost is in docs/performance.md, "The access line".
 */
export function accessLineWriter(logger: Logger): AccessLine {
  const write = lineWriterOf(logger);
  return (request, reply) => {
    if (!logger.isLevelEnabled('info')) return;
    const ms = Math.round(reply.elapsedTime * 100) / 100;
    // Undefined fields are left out, as pino leaves them: a socket gone before its address was
    // read has none, and a request refused before its key check no key.
    const ip: string | undefined = request.ip;
    const key = request.apiKey?.id;
    write(
      `{"level":30,"time":${Date.now()},"reqId":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(request.url)}${ip === undefined ? '' : `,"ip":${JSON.stringify(ip)}`},"status":${reply.statusCode},"ms":${JSON.stringify(ms)}${key === undefined ? '' : `,"key":${key}`},"msg":"request"}\n`,
    );
  };
}

/**
 * The access line of every routed request. Callback form (no promise per request) and the app's
 * logger (no child logger per request).
 */
export function installAccessLine(app: FastifyInstance, accessLine: AccessLine): void {
  app.addHook('onResponse', (request, reply, done) => {
    accessLine(request, reply);
    done();
  });
}
