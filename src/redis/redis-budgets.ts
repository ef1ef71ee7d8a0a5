import type { BudgetConfig, Budgets } from '../budgets/budgets.js';
import { WindowFailureGuard } from '../budgets/failure-guard.js';
import { WindowKeyLimiter } from '../budgets/key-limiter.js';
import { MemoryWindows } from '../budgets/memory-windows.js';
import { MemoryOnceSet } from '../budgets/once-set.js';
import { RenderBudget } from '../budgets/render-budget.js';
import { MemoryStreamSlots } from '../budgets/stream-slots.js';
import { RENDER_DEFAULTS } from '../config.js';
import type { Logger } from '../logger.js';
import { RedisLink } from './link.js';
import { RedisOnceSet } from './redis-once-set.js';
import { RedisStreamSlots } from './redis-stream-slots.js';
import { RedisWindows } from './redis-windows.js';

interface RedisBudgetOptions extends BudgetConfig {
  url: string;
  /** Starts every key this node writes, e.g. `housecup:`: nodes sharing budgets share it. */
  prefix: string;
  logger: Logger;
}

/** Budgets shared in Redis, each falling back to memory of its own while Redis is unreachable. */
export async function redisBudgets(options: RedisBudgetOptions): Promise<Budgets> {
  const { prefix } = options;
  const link = new RedisLink({
    url: options.url,
    logger: options.logger,
    probeKey: `${prefix}probe`,
  });
  await link.settled();
  const streams = new RedisStreamSlots(link, prefix, new MemoryStreamSlots());
  return {
    keys: new WindowKeyLimiter(
      new RedisWindows(link, `${prefix}key:`, new MemoryWindows()),
      options.rateLimitPerMinute,
    ),
    failures: new WindowFailureGuard(
      new RedisWindows(link, `${prefix}addr:`, new MemoryWindows()),
      options.failureLimitPerMinute,
    ),
    streams,
    publicRequests: new RedisWindows(link, `${prefix}public:`, new MemoryWindows()),
    renders: new RenderBudget(
      new RedisWindows(link, `${prefix}render:`, new MemoryWindows()),
      options.rendersPerMinute ?? RENDER_DEFAULTS.perMinute,
    ),
    interactionIds: new RedisOnceSet(link, `${prefix}interaction:`, new MemoryOnceSet()),
    redis: () => (link.isUp() ? 'ok' : 'down'),
    close: () => {
      streams.stop();
      return link.close();
    },
  };
}
