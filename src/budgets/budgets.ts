import { type Config, RENDER_DEFAULTS } from '../config.js';
import { type FailureGuard, WindowFailureGuard } from './failure-guard.js';
import { type KeyLimiter, WindowKeyLimiter } from './key-limiter.js';
import { MemoryWindows } from './memory-windows.js';
import { MemoryOnceSet, type OnceSet } from './once-set.js';
import { RenderBudget } from './render-budget.js';
import { MemoryStreamSlots, type StreamSlots } from './stream-slots.js';
import type { Windows } from './windows.js';

/** Where shared budgets stand, as /readyz names it. */
export type RedisState = 'ok' | 'down' | 'disabled';

/**
 * The request budgets of one node: per key, and per address for failed requests; the open event
 * streams per key; and the renders per key (or address).
 */
export interface Budgets {
  keys: KeyLimiter;
  failures: FailureGuard;
  streams: StreamSlots;
  /** Requests per client address on the public pages (PUBLIC_LIMIT_PER_MINUTE). */
  publicRequests: Windows;
  /** Charts rendered per key, or per client address on the public pages (render-budget.ts). */
  renders: RenderBudget;
  /** The interaction ids already handled: a replay never runs again. */
  interactionIds: OnceSet;
  /** 'ok' while budgets are shared in Redis, 'down' while it is unreachable, 'disabled' without. */
  redis(): RedisState;
  /** Lets go of Redis, if any. */
  close(): Promise<void>;
}

export type BudgetConfig = Pick<Config, 'rateLimitPerMinute' | 'failureLimitPerMinute'> &
  Partial<Pick<Config, 'rendersPerMinute'>>;

/** Budgets held in this process alone: the default, one node. */
export function memoryBudgets(config: BudgetConfig): Budgets {
  return {
    keys: new WindowKeyLimiter(new MemoryWindows(), config.rateLimitPerMinute),
    failures: new WindowFailureGuard(new MemoryWindows(), config.failureLimitPerMinute),
    streams: new MemoryStreamSlots(),
    publicRequests: new MemoryWindows(),
    renders: new RenderBudget(
      new MemoryWindows(),
      config.rendersPerMinute ?? RENDER_DEFAULTS.perMinute,
    ),
    interactionIds: new MemoryOnceSet(),
    redis: () => 'disabled',
    close: async () => undefined,
  };
}
