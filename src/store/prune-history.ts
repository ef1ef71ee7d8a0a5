import { setImmediate as nextTurn } from 'node:timers/promises';

/*
 * Pruning the points history (HISTORY_DAYS): every row older than the limit goes, except each
 * guild's latest row before it, from which a series that starts at the limit still takes its
 * values. Both stores prune alike, along the (guild_id, at) index, so the work is proportional to
 * the rows removed plus two index probes per guild:
 * - guilds are visited in guild_id order, each found by one seek past the last (a skip scan);
 * - a guild with fewer than two rows before the limit has nothing to remove;
 * - otherwise its rows older than its kept row (the latest before the limit) are deleted by
 *   index range, the kept row being found inside the deleting statement itself, so a history
 *   replaced meanwhile (an import) is judged as it stands.
 * The work goes in batches: one transaction removes at most PRUNE_BATCH_ROWS rows (from one guild or
 * several: one commit per small guild would pay a commit, on SQLite often a checkpoint, each) and
 * visits at most PRUNE_BATCH_GUILDS guilds. Another writer (the game, an import) then waits for
 * one batch at most; and since SQLite's driver is synchronous, the event loop gets a turn after
 * every batch, so requests, timers and signals are served while a large history is pruned, and
 * `signal` (the service stopping) ends the prune between two batches.
 *
 * One statement did it before (delete each old row for which a newer old row exists): its subquery
 * rescanned the guild's older rows for every row, quadratic in a guild's history, and on SQLite all
 * on the main thread (docs/performance.md, "Pruning the points history").
 */

/** Rows deleted per transaction: a few milliseconds of work each. */
export const PRUNE_BATCH_ROWS = 5_000;
/** Guilds looked at per transaction, for the many guilds with nothing to remove. */
export const PRUNE_BATCH_GUILDS = 500;

export interface PruneBatch {
  removed: number;
  /** The guild to go on from (it may have rows left), or null when every guild was seen. */
  next: string | null;
}

/** The most one batch does. */
export interface BatchLimits {
  rows: number;
  guilds: number;
}

/**
 * One store's batch: in one transaction, from guild `from` on (inclusive; '' is before every
 * guild), removes the rows older than each guild's kept row, within `limits`.
 */
export type PruneBatchStep = (
  from: string,
  before: string,
  limits: BatchLimits,
) => PruneBatch | Promise<PruneBatch>;

export interface PruneOptions {
  /** Ends the prune between two batches; the rows removed so far stay removed. */
  signal?: AbortSignal | undefined;
  /** Smaller batches than the defaults, for tests. */
  limits?: BatchLimits;
}

/** Prunes the history older than `before` (ISO 8601), batch after batch; returns how many rows went. */
export async function pruneHistoryInBatches(
  batch: PruneBatchStep,
  before: string,
  { signal, limits = { rows: PRUNE_BATCH_ROWS, guilds: PRUNE_BATCH_GUILDS } }: PruneOptions = {},
): Promise<number> {
  let removed = 0;
  let from: string | null = '';
  try {
    while (from !== null && !signal?.aborted) {
      const done: PruneBatch = await batch(from, before, limits);
      removed += done.removed;
      from = done.next;
      await nextTurn();
    }
  } catch (error) {
    // Stopped while waiting for the write lock: what went, went.
    if (!signal?.aborted) throw error;
  }
  return removed;
}
