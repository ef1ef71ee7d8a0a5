import { PERIOD_KINDS } from '../../records/periods.js';
import type { BatchLimits, PruneBatch, PruneBatchStep } from '../prune-history.js';
import { keptFrom, PRUNE_PERIODS_SQL } from '../prune-periods.js';
import type { Database } from './database.js';
import { writeWhenFree } from './write-when-free.js';

/*
 * SQLite's batch of the history prune (src/store/prune-history.ts). Every statement runs on the
 * index points_history_guild_at (guild_id, at), which holds the rowid (id) as its last column,
 * so "latest before the limit" is one backward step of it, with no sort
 * (test/store/prune-history.test.ts reads the plans).
 */

/**
 * The guild's own limit: HISTORY_DAYS', or the start of its first term when earlier, so every
 * term keeps its rows (and the last one before its start): a term's series stays whole
 * (docs/http-api.md, "Terms"). One probe of terms' (guild_id, started_at) index.
 */
const LIMIT = `min(@before, coalesce((SELECT min(started_at) FROM terms WHERE guild_id = @guild), @before))`;

export const PRUNE_SQL = {
  guildFrom: 'SELECT min(guild_id) FROM points_history WHERE guild_id >= @from',
  guildAfter: 'SELECT min(guild_id) FROM points_history WHERE guild_id > @after',
  // A second row before the limit: the first of them is then not the one kept.
  prunable: `SELECT 1 FROM points_history WHERE guild_id = @guild AND at < ${LIMIT} LIMIT 1 OFFSET 1`,
  // `kept`, the guild's latest row before the limit, is one row found first; the older rows are
  // then a range of the index from the guild's start to kept.at.
  deleteOlder: `DELETE FROM points_history WHERE id IN (
      SELECT old.id
      FROM (SELECT at, id FROM points_history WHERE guild_id = @guild AND at < ${LIMIT}
            ORDER BY at DESC, id DESC LIMIT 1) AS kept
      CROSS JOIN points_history AS old
      WHERE old.guild_id = @guild AND old.at <= kept.at AND (old.at < kept.at OR old.id < kept.id)
      LIMIT @rows)`,
} as const;

export function sqlitePruneBatch(db: Database, signal?: AbortSignal): PruneBatchStep {
  const { sqlite } = db;
  const guildFrom = sqlite.prepare<[{ from: string }], string | null>(PRUNE_SQL.guildFrom).pluck();
  const guildAfter = sqlite
    .prepare<[{ after: string }], string | null>(PRUNE_SQL.guildAfter)
    .pluck();
  const prunable = sqlite.prepare<[{ guild: string; before: string }]>(PRUNE_SQL.prunable);
  const deleteOlder = sqlite.prepare<[{ guild: string; before: string; rows: number }]>(
    PRUNE_SQL.deleteOlder,
  );
  // Deferred: the reads take no lock, so a batch that finds nothing to remove writes nothing.
  const batch = sqlite.transaction(
    (from: string, before: string, limits: BatchLimits): PruneBatch => {
      let removed = 0;
      let guild = guildFrom.get({ from }) ?? null;
      for (let visited = 0; guild !== null && visited < limits.guilds; visited++) {
        if (prunable.get({ guild, before })) {
          removed += deleteOlder.run({ guild, before, rows: limits.rows - removed }).changes;
          if (removed >= limits.rows) return { removed, next: guild };
        }
        guild = guildAfter.get({ after: guild }) ?? null;
      }
      return { removed, next: guild };
    },
  );
  // Like the server's other writes: never wait for another connection's lock inside SQLite (the
  // loop would stop), and stop waiting when the service stops.
  return (from, before, limits) =>
    writeWhenFree(sqlite, () => batch(from, before, limits), { signal });
}

/** SQLite's batch of the periods' prune (src/store/prune-periods.ts). */
export function sqlitePrunePeriodsBatch(db: Database, signal?: AbortSignal): PruneBatchStep {
  const { sqlite } = db;
  const guildFrom = sqlite
    .prepare<[{ from: string }], string | null>(PRUNE_PERIODS_SQL.guildFrom)
    .pluck();
  const guildAfter = sqlite
    .prepare<[{ after: string }], string | null>(PRUNE_PERIODS_SQL.guildAfter)
    .pluck();
  const deleteOld = sqlite.prepare<[{ guild: string; kind: string; kept: string; rows: number }]>(
    PRUNE_PERIODS_SQL.deleteOld,
  );
  const batch = sqlite.transaction(
    (from: string, before: string, limits: BatchLimits): PruneBatch => {
      const kept = keptFrom(before);
      let removed = 0;
      let guild = guildFrom.get({ from }) ?? null;
      for (let visited = 0; guild !== null && visited < limits.guilds; visited++) {
        for (const kind of PERIOD_KINDS) {
          removed += deleteOld.run({
            guild,
            kind,
            kept: kept[kind],
            rows: limits.rows - removed,
          }).changes;
          if (removed >= limits.rows) return { removed, next: guild };
        }
        guild = guildAfter.get({ after: guild }) ?? null;
      }
      return { removed, next: guild };
    },
  );
  return (from, before, limits) =>
    writeWhenFree(sqlite, () => batch(from, before, limits), { signal });
}
