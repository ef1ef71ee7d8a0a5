/*
 * A tiny process with the service's failure policy and a stop that never ends: an uncaught
 * exception must still end it, with exit code 1, once the deadline (argv[2] ms) has passed.
 */
import { createLogger } from '../../../src/logger.js';
import { createShutdown, watchProcessFailures } from '../../../src/process-failures.js';

const logger = createLogger({ level: 'info' });
const shutdown = createShutdown(logger, Number(process.argv[2]));
watchProcessFailures(logger, shutdown);
shutdown.attach(() => new Promise<void>(() => {}));
// Something to keep the loop busy, as a server's socket would.
setInterval(() => {}, 1_000);
setImmediate(() => {
  throw new Error('test fault: thrown while the stop hangs');
});
