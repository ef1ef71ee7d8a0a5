/*
 * Replaces @fastify/rate-limit (with rate-limit.ts), while it earns the 5 % a replacement must
 * against the library put back (docs/performance.md, "The rate limiter"); below it, the plugin
 * goes back.
 */
import type { ApiKeyIdentity } from '../keys/key-verifier.js';
import { secondsLeft, type Windows } from './windows.js';

/** Where a key stands in its current minute. */
export interface Budget {
  limit: number;
  /** Requests left after this one; negative once the key is over its budget. */
  remaining: number;
  /** Seconds until the minute restarts. */
  resetS: number;
}

/** The per-key budget (RATE_LIMIT_PER_MINUTE, or the key's own limit). */
export interface KeyLimiter {
  /**
   * Counts one request of `key` and hands over its budget, or null when the key is not limited
   * (then nothing is counted anywhere). `then` runs exactly once: at once in memory, on Redis'
   * answer otherwise.
   */
  take(key: ApiKeyIdentity, then: (budget: Budget | null) => void): void;
}

/**
 * Per-key budgets over fixed one-minute windows, in memory or in Redis (whichever `windows` is).
 * It replaced @fastify/rate-limit on the hot path: that plugin's hooks are async and await its key
 * generator, allow list, limit and store in turn, several promises on every request even for an
 * unlimited key, which measured as a sizeable share of a cached answer's cost.
 */
export class WindowKeyLimiter implements KeyLimiter {
  constructor(
    private readonly windows: Windows,
    /** Requests per minute for keys without a limit of their own; 0: those keys are unlimited. */
    private readonly defaultLimit: number,
  ) {}

  take(key: ApiKeyIdentity, then: (budget: Budget | null) => void): void {
    // A key's own limit holds whatever the default: RATE_LIMIT_PER_MINUTE=0 means "no default
    // limit", never "no limits" (a key created with --rate-limit 2 still gets 2 a minute).
    const limit = Math.max(0, key.rateLimit ?? this.defaultLimit);
    if (limit === 0) {
      then(null);
      return;
    }
    // The key's numeric id names its window: never the key itself, which must not reach Redis.
    this.windows.hit(String(key.id), (count, leftMs) =>
      then({ limit, remaining: limit - count, resetS: secondsLeft(leftMs) }),
    );
  }
}
