// Fastify's own request logging (two lines per request, a child logger each), in place of
// src/http/access-log.js's one access line. The line of a request refused before routing, which
// Fastify does not log, stays housecup's.
export { accessLineWriter } from '../../../dist/src/http/access-log.js';
export function accessLogOptions(logger) {
  return { loggerInstance: logger };
}

export function installAccessLine() {}
