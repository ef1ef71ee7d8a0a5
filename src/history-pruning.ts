import type { Logger } from './logger.js';
import type { Store } from './store/store.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Keeps HISTORY_DAYS of points history: prunes once at start, then hourly. A failed run (a
 * locked or unreachable database) is logged and tried again the next hour. Returns the stop.
 */
export function startHistoryPruning(
  store: Pick<Store, 'pruneHistory'>,
  days: number,
  logger: Logger,
  now: () => number = Date.now,
): () => void {
  if (days === 0) return () => undefined;
  const run = () => {
    const before = new Date(now() - days * DAY_MS).toISOString();
    store.pruneHistory(before).then(
      (removed) => {
        if (removed > 0) logger.info({ removed, before }, 'points history pruned');
      },
      (error: unknown) =>
        logger.warn(
          { error: error instanceof Error ? error.message : String(error) },
          'points history pruning failed',
        ),
    );
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
