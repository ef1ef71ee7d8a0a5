import type { Config } from '../config.js';
import { type FailureGuard, WindowFailureGuard } from './failure-guard.js';
import { type KeyLimiter, WindowKeyLimiter } from './key-limiter.js';
import { MemoryWindows } from './memory-windows.js';
import { MemoryOnceSet, type OnceSet } from './once-set.js';
import { MemoryStreamSlots, type StreamSlots } from './stream-slots.js';
import type { Windows } from './windows.js';

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
  /** Requests per client address on the public pages (DESIGN §12). */
  publicRequests: Windows;
  /** The interaction ids already handled (DESIGN §7: a replay never runs again). */
  interactionIds: OnceSet;
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
    publicRequests: new MemoryWindows(),
    interactionIds: new MemoryOnceSet(),
    redis: () => 'disabled',
    close: async () => undefined,
  };
}
