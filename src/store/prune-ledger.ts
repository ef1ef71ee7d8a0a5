import type { BatchLimits, PruneBatch, PruneBatchStep } from './prune-history.js';
import { PRUNE_LIMIT } from './prune-history.js';
import type { SqlDb } from './sql/db.js';
import { first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';

/*
 * Pruning the ledger with the points history (HISTORY_DAYS), by the history's rule
 * (prune-history.ts): each guild's entries older than its limit go (the limit moved back to its
 * first term's start, so a term's entries stay whole), except each house's latest before it,
 * whose total the next entry of that house counts from (src/store/*\/triggers.ts). Guilds
 * in guild_id order, each found by one seek of points_ledger_guild_at, its old entries a range of
 * that index, in batches of at most PRUNE_BATCH_ROWS rows and PRUNE_BATCH_GUILDS guilds.
 */

type Guild = { guild: string | null };
const options = { planEachRun: true };

const PRUNE_LEDGER = {
  guildFrom: statement<{ from: string }, Guild>(
    'SELECT min(guild_id) AS guild FROM points_ledger WHERE guild_id >= @from',
    options,
  ),
  guildAfter: statement<{ after: string }, Guild>(
    'SELECT min(guild_id) AS guild FROM points_ledger WHERE guild_id > @after',
    options,
  ),
  // The houses' latest old entries are found once (one pass over the old entries, which go).
  deleteOlder: statement<{ guild: string; before: string; rows: number }>(
    `DELETE FROM points_ledger WHERE id IN (
      SELECT old.id FROM points_ledger AS old
      WHERE old.guild_id = @guild AND old.at < ${PRUNE_LIMIT}
        AND old.id NOT IN (
          SELECT max(kept.id) FROM points_ledger AS kept
          WHERE kept.guild_id = @guild AND kept.at < ${PRUNE_LIMIT} GROUP BY kept.house)
      LIMIT @rows)`,
    options,
  ),
};

function* ledgerBatch(from: string, before: string, limits: BatchLimits): Op<PruneBatch> {
  const { guildFrom, guildAfter, deleteOlder } = PRUNE_LEDGER;
  let removed = 0;
  let guild = (yield* first(guildFrom, { from }))?.guild ?? null;
  for (let visited = 0; guild !== null && visited < limits.guilds; visited++) {
    removed += yield* run(deleteOlder, { guild, before, rows: limits.rows - removed });
    if (removed >= limits.rows) return { removed, next: guild };
    guild = (yield* first(guildAfter, { after: guild }))?.guild ?? null;
  }
  return { removed, next: guild };
}

/** The ledger's batch on `db`; `signal` stops a batch waiting for the write lock. */
export function ledgerPruneBatch(db: SqlDb, signal?: AbortSignal): PruneBatchStep {
  return (from, before, limits) => db.write(ledgerBatch(from, before, limits), { signal });
}
