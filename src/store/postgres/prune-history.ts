import type pg from 'pg';
import { PERIOD_KINDS } from '../../records/periods.js';
import type { PruneBatch, PruneBatchStep } from '../prune-history.js';
import { keptFrom, PRUNE_PERIODS_SQL } from '../prune-periods.js';
import { numbered, valuesFor } from './named.js';
import { inTransaction } from './transaction.js';

/*
 * PostgreSQL's batch of the history prune (src/store/prune-history.ts), on the index
 * points_history_guild_at (guild_id, at). Unnamed statements, so each is planned for its guild:
 * a generic plan does not know how many rows the guild has.
 */

/** The guild's own limit: see src/store/sqlite/prune-history.ts (every term keeps its rows). */
const LIMIT = `LEAST($2::timestamptz, (SELECT min(started_at) FROM terms WHERE guild_id = $1))`;

const PRUNE_SQL = {
  guildFrom: 'SELECT min(guild_id) AS guild FROM points_history WHERE guild_id >= $1',
  guildAfter: 'SELECT min(guild_id) AS guild FROM points_history WHERE guild_id > $1',
  prunable: `SELECT 1 FROM points_history WHERE guild_id = $1 AND at < ${LIMIT} OFFSET 1 LIMIT 1`,
  // `kept` is compared in the database: `at` has microseconds, which a JavaScript Date drops.
  deleteOlder: `DELETE FROM points_history WHERE id IN (
      SELECT old.id
      FROM (SELECT at, id FROM points_history WHERE guild_id = $1 AND at < ${LIMIT}
            ORDER BY at DESC, id DESC LIMIT 1) AS kept
      CROSS JOIN points_history AS old
      WHERE old.guild_id = $1 AND old.at <= kept.at AND (old.at < kept.at OR old.id < kept.id)
      LIMIT $3)`,
} as const;

export function postgresPruneBatch(pool: pg.Pool): PruneBatchStep {
  return (from, before, limits) =>
    inTransaction(pool, 'BEGIN', async (client): Promise<PruneBatch> => {
      const guildOf = async (sql: string, value: string) =>
        (await client.query<{ guild: string | null }>(sql, [value])).rows[0]?.guild ?? null;
      let removed = 0;
      let guild = await guildOf(PRUNE_SQL.guildFrom, from);
      for (let visited = 0; guild !== null && visited < limits.guilds; visited++) {
        const { rowCount } = await client.query(PRUNE_SQL.prunable, [guild, before]);
        if (rowCount) {
          const deleted = await client.query(PRUNE_SQL.deleteOlder, [
            guild,
            before,
            limits.rows - removed,
          ]);
          removed += deleted.rowCount ?? 0;
          if (removed >= limits.rows) return { removed, next: guild };
        }
        guild = await guildOf(PRUNE_SQL.guildAfter, guild);
      }
      return { removed, next: guild };
    });
}

const PERIODS = {
  guildFrom: numbered(PRUNE_PERIODS_SQL.guildFrom),
  guildAfter: numbered(PRUNE_PERIODS_SQL.guildAfter),
  deleteOld: numbered(PRUNE_PERIODS_SQL.deleteOld),
};

/** PostgreSQL's batch of the periods' prune (src/store/prune-periods.ts). */
export function postgresPrunePeriodsBatch(pool: pg.Pool): PruneBatchStep {
  return (from, before, limits) =>
    inTransaction(pool, 'BEGIN', async (client): Promise<PruneBatch> => {
      const guildOf = async (statement: typeof PERIODS.guildFrom, values: Record<string, string>) =>
        (await client.query<{ guild: string | null }>(statement.text, valuesFor(statement, values)))
          .rows[0]?.guild ?? null;
      const kept = keptFrom(before);
      let removed = 0;
      let guild = await guildOf(PERIODS.guildFrom, { from });
      for (let visited = 0; guild !== null && visited < limits.guilds; visited++) {
        for (const kind of PERIOD_KINDS) {
          const deleted = await client.query(
            PERIODS.deleteOld.text,
            valuesFor(PERIODS.deleteOld, {
              guild,
              kind,
              kept: kept[kind],
              rows: limits.rows - removed,
            }),
          );
          removed += deleted.rowCount ?? 0;
          if (removed >= limits.rows) return { removed, next: guild };
        }
        guild = await guildOf(PERIODS.guildAfter, { after: guild });
      }
      return { removed, next: guild };
    });
}
