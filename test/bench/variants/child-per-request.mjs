// The access line as housecup writes it, but Fastify's child logger made for every request, in
// place of the lazy one of src/http/request-logger.js.
import { LogController } from 'fastify';

export { accessLineWriter, installAccessLine } from '../../../dist/src/http/access-log.js';

export function accessLogOptions(logger) {
  return {
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
  };
}
