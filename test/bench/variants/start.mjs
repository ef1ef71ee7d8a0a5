// housecup with one library put back in place of the part that replaced it: every hand-written
// replacement earns its place in the bench, or goes back to the library. The production build
// itself (dist/), started as main.js starts it, with a module swapped (hooks.mjs):
//   BENCH_VARIANT=rate-limit   @fastify/rate-limit keyed by API key instead of
//                              src/budgets/key-limiter.ts (rate-limit.mjs)
//   BENCH_VARIANT=fastify-log  Fastify's two log lines per request instead of the one access
//                              line (fastify-log.mjs)
//   BENCH_VARIANT=log-per-line pino's destination written line by line and Fastify's child
//                              logger made for every request, instead of src/log-stream.ts (a
//                              write per event-loop turn) and src/http/request-logger.ts (a
//                              child made only when used) (child-per-request.mjs)
// Configured by the environment like the server (spawnServer in processes.ts).
import { registerHooks } from 'node:module';
import { destination } from 'pino';
import { swapsOf } from './hooks.mjs';

const variant = process.env.BENCH_VARIANT;
if (!['rate-limit', 'fastify-log', 'log-per-line'].includes(variant)) {
  process.stderr.write(`variants/start.mjs: unknown BENCH_VARIANT "${variant}"\n`);
  process.exit(1);
}
registerHooks({ resolve: swapsOf(variant) });

const { loadConfig } = await import('../../../dist/src/config.js');
const { createLogger } = await import('../../../dist/src/logger.js');
const { startService } = await import('../../../dist/src/start.js');

const config = loadConfig();
const logger = createLogger({
  level: config.logLevel,
  // Each line written on its own, the library's way.
  ...(variant === 'log-per-line' ? { destination: destination({ dest: 1, sync: true }) } : {}),
});
const service = await startService(config, logger, {
  onFirstKey() {},
  onDamaged(error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
});
process.on('SIGTERM', () => service.stop().then(() => process.exit(0)));
