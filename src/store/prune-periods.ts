import { PERIOD_KINDS, periodAt } from '../records/periods.js';
import {
  type BatchLimits,
  guildSeeks,
  PER_GUILD,
  type PruneBatch,
  type PruneBatchStep,
} from './prune-history.js';
import type { SqlDb } from './sql/db.js';
import { first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';

/*
 * Pruning the periods' changes (profile_changes) with the points history (HISTORY_DAYS): a
 * period that ended at or before the limit goes, the one containing the limit stays whole. Done
 * as the history is (prune-history.ts): guilds in guild_id order, each found by one seek of the
 * primary key, rows deleted by ranges of profile_changes_list (guild_id, kind, start, …) in
 * batches of at most PRUNE_BATCH_ROWS rows and PRUNE_BATCH_GUILDS guilds per transaction.
 */

/** The oldest start kept of each kind: the start of the period containing `before`. */
function keptFrom(before: string): { week: string; month: string } {
  const at = new Date(before);
  const [week, month] = PERIOD_KINDS.map((kind) => periodAt(kind, at).from);
  return { week: week as string, month: month as string };
}

const PRUNE_PERIODS = {
  ...guildSeeks('profile_changes'),
  // One kind's old rows of one guild, at most @rows of them: a range of profile_changes_list.
  deleteOld: statement<{ guild: string; kind: string; kept: string; rows: number }>(
    `DELETE FROM profile_changes WHERE (guild_id, profile_id, kind, start) IN (
      SELECT guild_id, profile_id, kind, start FROM profile_changes
      WHERE guild_id = @guild AND kind = @kind AND start < @kept LIMIT @rows)`,
    PER_GUILD,
  ),
};

function* periodsBatch(from: string, before: string, limits: BatchLimits): Op<PruneBatch> {
  const { guildFrom, guildAfter, deleteOld } = PRUNE_PERIODS;
  const kept = keptFrom(before);
  let removed = 0;
  let guild = (yield* first(guildFrom, { from }))?.guild ?? null;
  for (let visited = 0; guild !== null && visited < limits.guilds; visited++) {
    for (const kind of PERIOD_KINDS) {
      const rows = limits.rows - removed;
      removed += yield* run(deleteOld, { guild, kind, kept: kept[kind], rows });
      if (removed >= limits.rows) return { removed, next: guild };
    }
    guild = (yield* first(guildAfter, { after: guild }))?.guild ?? null;
  }
  return { removed, next: guild };
}

/** The periods' batch on `db`; `signal` stops a batch waiting for the write lock. */
export function periodsPruneBatch(db: SqlDb, signal?: AbortSignal): PruneBatchStep {
  return (from, before, limits) => db.write(periodsBatch(from, before, limits), { signal });
}
