// @fastify/rate-limit as its documentation shows it, keyed by the key the auth hook found, in
// place of src/http/rate-limit.js's installKeyLimit.
import rateLimit from '@fastify/rate-limit';
import { loadConfig } from '../../../dist/src/config.js';

export * from '../../../dist/src/http/rate-limit.js';

const config = loadConfig();

export async function installKeyLimit(v1) {
  await v1.register(rateLimit, {
    timeWindow: 60_000,
    keyGenerator: (request) => String(request.apiKey?.id ?? request.ip),
    // A key's own limit, else the server's; 0 is "no limit", which the plugin reads from allowList.
    max: (request) => request.apiKey?.rateLimit || config.rateLimitPerMinute,
    allowList: (request) =>
      request.apiKey?.rateLimit === 0 || (!request.apiKey?.rateLimit && !config.rateLimitPerMinute),
  });
}
