import { PERIOD_KINDS, periodAt } from '../records/periods.js';

/*
 * Pruning the periods' changes (profile_changes) with the points history (HISTORY_DAYS): a
 * period that ended at or before the limit goes, the one containing the limit stays whole. Done
 * as the history is (prune-history.ts): guilds in guild_id order, each found by one seek of the
 * primary key, rows deleted by ranges of profile_changes_list (guild_id, kind, start, …) in
 * batches of at most PRUNE_BATCH_ROWS rows and PRUNE_BATCH_GUILDS guilds per transaction.
 * Parameters are named as profile-lists.ts's, each store binding them its way.
 */

/** The oldest start kept of each kind: the start of the period containing `before`. */
export function keptFrom(before: string): { week: string; month: string } {
  const at = new Date(before);
  const [week, month] = PERIOD_KINDS.map((kind) => periodAt(kind, at).from);
  return { week: week as string, month: month as string };
}

export const PRUNE_PERIODS_SQL = {
  guildFrom: 'SELECT min(guild_id) AS guild FROM profile_changes WHERE guild_id >= @from',
  guildAfter: 'SELECT min(guild_id) AS guild FROM profile_changes WHERE guild_id > @after',
  // One kind's old rows of one guild, at most @rows of them: a range of profile_changes_list.
  deleteOld: `DELETE FROM profile_changes WHERE (guild_id, profile_id, kind, start) IN (
      SELECT guild_id, profile_id, kind, start FROM profile_changes
      WHERE guild_id = @guild AND kind = @kind AND start < @kept LIMIT @rows)`,
} as const;
