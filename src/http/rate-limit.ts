/*
 * With budgets/key-limiter.ts, housecup's replacement of @fastify/rate-limit; the gain measured
 * against the plugin in its place is at the top of that file.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { ApiError, MESSAGES } from '../answers/errors.js';
import type { KeyLimiter } from '../budgets/key-limiter.js';

/**
 * onRequest hook, after the key check: every limited key's answer shows its budget, and a key
 * over it gets 429 with Retry-After. Callback form: in memory the budget is known at once, and
 * with Redis the request goes on when Redis answers, with no promise of ours in between.
 */
function limitRate(limiter: KeyLimiter) {
  return function limitRequestRate(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const key = request.apiKey;
    if (!key) {
      done();
      return;
    }
    limiter.take(key, (budget) => {
      if (!budget) {
        done();
        return;
      }
      const reset = String(budget.resetS);
      reply.header('x-ratelimit-limit', String(budget.limit));
      reply.header('x-ratelimit-remaining', String(Math.max(0, budget.remaining)));
      reply.header('x-ratelimit-reset', reset);
      done(
        budget.remaining < 0
          ? new ApiError(429, MESSAGES.tooManyRequests, { 'retry-after': reset })
          : undefined,
      );
    });
  };
}

/** Limits /v1's requests per key, after the key check. */
export async function installKeyLimit(v1: FastifyInstance, limiter: KeyLimiter): Promise<void> {
  v1.addHook('onRequest', limitRate(limiter));
}
