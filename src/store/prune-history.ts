import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SqlDb } from './sql/db.js';
import { first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';

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
 * Each batch is one operation on either engine (`historyBatch`), one write transaction
 * (SqlDb.write: on SQLite its lock waited for without blocking, and given up when `signal` ends
 * the prune).
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

interface PruneOptions {
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

/**
 * The guild's own limit: `@before`, or the start of its first term when earlier, so every term
 * keeps its rows (and the last one before its start): a term's series stays whole
 * (docs/http-api.md, "Terms"). One probe of terms' (guild_id, started_at) index.
 */
const PRUNE_LIMIT = `coalesce((SELECT min(started_at) FROM terms WHERE guild_id = @guild AND started_at < @before), @before)`;

type Guild = { guild: string | null };
// PostgreSQL plans each for its guild: a generic plan does not know how many rows a guild has.
export const PER_GUILD = { planEachRun: true };

/** The first guild of `table` from `@from` on, and the first after `@after`: one seek each. */
export const guildSeeks = (table: string) => ({
  guildFrom: statement<{ from: string }, Guild>(
    `SELECT min(guild_id) AS guild FROM ${table} WHERE guild_id >= @from`,
    PER_GUILD,
  ),
  guildAfter: statement<{ after: string }, Guild>(
    `SELECT min(guild_id) AS guild FROM ${table} WHERE guild_id > @after`,
    PER_GUILD,
  ),
});

/**
 * The statements, on the index points_history_guild_at (guild_id, at), which on SQLite holds the
 * rowid (id) as its last column, so "latest before the limit" is one backward step of it, with
 * no sort (test/store/prune-history.test.ts reads the plans).
 */
export const PRUNE_HISTORY = {
  ...guildSeeks('points_history'),
  // A second row before the limit: the first of them is then not the one kept.
  prunable: statement<{ guild: string; before: string }, { found: number }>(
    `SELECT 1 AS found FROM points_history WHERE guild_id = @guild AND at < ${PRUNE_LIMIT} LIMIT 1 OFFSET 1`,
    PER_GUILD,
  ),
  // `kept`, the guild's latest row before the limit, is one row found first; the older rows are
  // then a range of the index from the guild's start to kept.at. Compared in the database.
  deleteOlder: statement<{ guild: string; before: string; rows: number }>(
    `DELETE FROM points_history WHERE id IN (
      SELECT old.id
      FROM (SELECT at, id FROM points_history WHERE guild_id = @guild AND at < ${PRUNE_LIMIT}
            ORDER BY at DESC, id DESC LIMIT 1) AS kept
      CROSS JOIN points_history AS old
      WHERE old.guild_id = @guild AND old.at <= kept.at AND (old.at < kept.at OR old.id < kept.id)
      LIMIT @rows)`,
    PER_GUILD,
  ),
  // The guild's oldest row left: the row before it is gone, so the ledger tells none of its
  // changes (src/store/ledger.ts), and its who and why go with them.
  markBaseline: statement<{ guild: string }>(
    `UPDATE points_history SET source = 'baseline', by_user = NULL, for_user = NULL, reason = NULL,
       undone = 0
     WHERE id = (SELECT id FROM points_history WHERE guild_id = @guild ORDER BY at, id LIMIT 1)`,
    PER_GUILD,
  ),
};

function* historyBatch(from: string, before: string, limits: BatchLimits): Op<PruneBatch> {
  const { guildFrom, guildAfter, prunable, deleteOlder, markBaseline } = PRUNE_HISTORY;
  let removed = 0;
  let guild = (yield* first(guildFrom, { from }))?.guild ?? null;
  for (let visited = 0; guild !== null && visited < limits.guilds; visited++) {
    if (yield* first(prunable, { guild, before })) {
      const gone = yield* run(deleteOlder, { guild, before, rows: limits.rows - removed });
      if (gone > 0) yield* run(markBaseline, { guild });
      removed += gone;
      if (removed >= limits.rows) return { removed, next: guild };
    }
    guild = (yield* first(guildAfter, { after: guild }))?.guild ?? null;
  }
  return { removed, next: guild };
}

/** The history's batch on `db`; `signal` stops a batch waiting for the write lock. */
export function historyPruneBatch(db: SqlDb, signal?: AbortSignal): PruneBatchStep {
  return (from, before, limits) => db.write(historyBatch(from, before, limits), { signal });
}
