import {
  type FastifyBaseLogger,
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

/** Fastify's logger and its request logging: `logger`, each request's child made lazily, and no lines of Fastify's own. */
export function accessLogOptions(
  logger: FastifyBaseLogger,
): Pick<FastifyServerOptions, 'logController' | 'loggerInstance'> {
  return {
    loggerInstance: LazyRequestLogger.over(logger),
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/** What JSON.stringify escapes in a string: quotes, backslashes, controls and (lone) surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what it looks for.
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `text` as a JSON string, JSON.stringify's bytes: a call into the runtime only for text it must
 * escape, which the fields of an ordinary request never need.
 */
export function quoted(text: string): string {
  return ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`;
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
    // The method is one of Node's parser's known methods (capitals and `-`): nothing to escape.
    write(
      `{"level":30,"time":${Date.now()},"reqId":${quoted(request.id)},"method":"${request.method}","url":${quoted(request.url)}${ip === undefined ? '' : `,"ip":${quoted(ip)}`},"status":${reply.statusCode},"ms":${Number.isFinite(ms) ? ms : null}${key === undefined ? '' : `,"key":${key}`},"msg":"request"}\n`,
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
