import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ApiKeyIdentity } from '../keys/key-verifier.js';
import { ApiError, MESSAGES } from './errors.js';

const WINDOW_MS = 60_000;

interface Window {
  start: number;
  count: number;
}

/** Where a key stands in its current minute. */
export interface Budget {
  limit: number;
  /** Requests left after this one; negative once the key is over its budget. */
  remaining: number;
  /** Seconds until the minute restarts. */
  resetS: number;
}

/**
 * Per-key budgets in fixed one-minute windows, held in this process (one process serves the API).
 *
 * It replaces @fastify/rate-limit on the hot path: that plugin's hooks are async and await its
 * key generator, allow list, limit and store in turn — several promises on every request, even
 * for an unlimited key — which measured as a sizeable share of a cached answer's cost. This one
 * is a Map lookup and an increment.
 */
export class KeyRateLimiter {
  private readonly windows = new Map<number, Window>();

  constructor(
    /** Requests per minute for keys without a limit of their own; 0 turns limiting off. */
    private readonly defaultLimit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key`: its budget, or null when the key is not limited. */
  take(key: ApiKeyIdentity): Budget | null {
    if (this.defaultLimit <= 0) return null;
    const limit = key.rateLimit ?? this.defaultLimit;
    if (limit === 0) return null;
    const now = this.now();
    let window = this.windows.get(key.id);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      this.windows.set(key.id, window);
    }
    window.count += 1;
    return {
      limit,
      remaining: limit - window.count,
      resetS: Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)),
    };
  }
}

/**
 * onRequest hook, after the key check: every limited key's answer shows its budget, and a key
 * over it gets 429 with Retry-After.
 */
export function limitRate(limiter: KeyRateLimiter) {
  return function limitRequestRate(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const budget = request.apiKey ? limiter.take(request.apiKey) : null;
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
  };
}
