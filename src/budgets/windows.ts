/*
 * A budget is counted in fixed one-minute windows: a name's first request opens its window, and
 * the count starts again 60 s later. The count lives in this process (memory-windows.ts) or, with
 * REDIS_URL, in Redis for every node at once (../redis/redis-windows.ts).
 */

export const WINDOW_MS = 60_000;

/** Receives a name's count in its current window (this request included) and the ms it has left. */
export type WindowThen = (count: number, leftMs: number) => void;

export interface Windows {
  /**
   * Counts one request of `name`. `then` runs synchronously when the count is in memory, and when
   * Redis answers otherwise: hooks stay in Fastify's callback form, without a promise per request.
   * It always runs exactly once, whatever happens to Redis.
   */
  hit(name: string, then: WindowThen): void;
}

/** Whole seconds until a window that has `leftMs` left starts again: at least 1, as Retry-After. */
export function secondsLeft(leftMs: number): number {
  return Math.max(1, Math.ceil(leftMs / 1000));
}
