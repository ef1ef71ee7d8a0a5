import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { type FailureGuard, WindowFailureGuard } from './failure-guard.js';
import { type KeyLimiter, WindowKeyLimiter } from './key-limiter.js';
import { MemoryWindows } from './memory-windows.js';
import { MemoryStreamSlots, type StreamSlots } from './stream-slots.js';

/** Where shared budgets stand, as /readyz names it. */
export type RedisState = 'ok' | 'down' | 'disabled';

/**
 * The request budgets of one node: per key, and per address for failed requests; and the open
 * event streams per key.
 */
export interface Budgets {
  keys: KeyLimiter;
  failures: FailureGuard;
  streams: StreamSlots;
  /** 'ok' while budgets are shared in Redis, 'down' while it is unreachable, 'disabled' without. */
  redis(): RedisState;
  /** Lets go of Redis, if any. */
  close(): Promise<void>;
}

export type BudgetConfig = Pick<Config, 'rateLimitPerMinute' | 'failureLimitPerMinute'>;

/** Budgets held in this process alone: the default, one node. */
export function memoryBudgets(config: BudgetConfig): Budgets {
  return {
    keys: new WindowKeyLimiter(new MemoryWindows(), config.rateLimitPerMinute),
    failures: new WindowFailureGuard(new MemoryWindows(), config.failureLimitPerMinute),
    streams: new MemoryStreamSlots(),
    redis: () => 'disabled',
    close: async () => undefined,
  };
}

/**
 * The node's budgets: in Redis when REDIS_URL is set (the client is loaded only then, so a
 * SQLite-only start does not pay for it), in memory otherwise. With Redis, it returns once Redis
 * answered or was found unreachable (bounded by a short timeout); it never fails for want of it.
 */
export async function createBudgets(
  config: BudgetConfig & Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  logger: Logger,
): Promise<Budgets> {
  if (!config.redisUrl) return memoryBudgets(config);
  const { redisBudgets } = await import('./redis-budgets.js');
  return redisBudgets({ ...config, url: config.redisUrl, prefix: config.redisKeyPrefix, logger });
}
