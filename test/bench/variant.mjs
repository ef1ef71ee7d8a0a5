// housecup with one library put back in place of the part that replaced it (issue 24: every
// hand-written replacement earns its place in the bench, or goes back to the library). The
// production build itself (dist/), started as main.js starts it, with `libraries` set (Ajv was
// measured here too, against a validator of ours: 0.978 ×, so Ajv is housecup's own again):
//   BENCH_VARIANT=rate-limit  @fastify/rate-limit keyed by API key instead of src/budgets/key-limiter.ts
//   BENCH_VARIANT=fastify-log Fastify's two log lines per request instead of app.ts's one
//   BENCH_VARIANT=log-per-line pino's destination written line by line and Fastify's child
//                 logger made for every request, instead of src/log-stream.ts (a write per
//                 event-loop turn) and src/http/request-logger.ts (a child made only when used)
// Configured by the environment like the server (spawnServer in processes.ts).
import rateLimit from '@fastify/rate-limit';
import { loadConfig } from '../../dist/src/config.js';
import { createLogger } from '../../dist/src/logger.js';
import { startService } from '../../dist/src/start.js';

const variant = process.env.BENCH_VARIANT;
const config = loadConfig();
const logger = createLogger({
  level: config.logLevel,
  unbatched: variant === 'log-per-line',
});

/** The plugin as its documentation shows it, keyed by the key the auth hook found. */
async function fastifyRateLimit(v1) {
  await v1.register(rateLimit, {
    timeWindow: 60_000,
    keyGenerator: (request) => String(request.apiKey?.id ?? request.ip),
    // A key's own limit, else the server's; 0 is "no limit", which the plugin reads from allowList.
    max: (request) => request.apiKey?.rateLimit || config.rateLimitPerMinute,
    allowList: (request) =>
      request.apiKey?.rateLimit === 0 || (!request.apiKey?.rateLimit && !config.rateLimitPerMinute),
  });
}

const libraries = {
  'rate-limit': { keyLimit: fastifyRateLimit },
  'fastify-log': { fastifyRequestLog: true },
  // With the logger above, unbatched.
  'log-per-line': { fastifyChildLogger: true },
}[variant];
if (!libraries) {
  process.stderr.write(`variant.mjs: unknown BENCH_VARIANT "${variant}"\n`);
  process.exit(1);
}

const service = await startService(config, logger, {
  onFirstKey() {},
  onDamaged(error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
  libraries,
});
process.on('SIGTERM', () => service.stop().then(() => process.exit(0)));
