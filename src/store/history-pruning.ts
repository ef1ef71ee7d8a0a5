import type { Logger } from '../logger.js';
import { historyPruneBatch, pruneHistoryInBatches } from './prune-history.js';
import { periodsPruneBatch } from './prune-periods.js';
import type { SqlDb } from './sql/db.js';
import type { Store } from './store.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Keeps HISTORY_DAYS of points history: prunes once at start, then hourly. A failed run (a
 * locked or unreachable database) is logged and tried again the next hour; a run still going
 * when the hour comes round is left to finish rather than joined by a second. Returns the stop,
 * which ends a run in progress between two of its batches and resolves once it has ended, so
 * the store can then be closed under it.
 */
export function startHistoryPruning(
  store: Pick<Store, 'pruneHistory'>,
  days: number,
  logger: Logger,
  now: () => number = Date.now,
): () => Promise<void> {
  if (days === 0) return async () => undefined;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    const before = new Date(now() - days * DAY_MS).toISOString();
    running = store
      .pruneHistory(before, stopping.signal)
      .then(
        (removed) => {
          if (removed > 0) logger.info({ removed, before }, 'points history pruned');
        },
        (error: unknown) =>
          logger.warn(
            { error: error instanceof Error ? error.message : String(error) },
            'points history pruning failed',
          ),
      )
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}

/**
 * The store's pruneHistory on `db`: the history (and the ledger with it, read off its rows), then
 * the periods' changes, which are kept as long as the history (src/store/prune-periods.ts).
 */
export function historyPruning(db: SqlDb): Store['pruneHistory'] {
  return async (before, signal) => {
    let removed = 0;
    for (const batch of [historyPruneBatch, periodsPruneBatch]) {
      if (signal?.aborted) break;
      removed += await pruneHistoryInBatches(batch(db, signal), before, { signal });
    }
    return removed;
  };
}
