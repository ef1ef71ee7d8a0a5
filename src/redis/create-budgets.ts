import { type BudgetConfig, type Budgets, memoryBudgets } from '../budgets/budgets.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

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
