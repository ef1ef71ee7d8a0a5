import { HOUSES } from '../../records/houses.js';

/*
 * PostgreSQL's side of the ledger (src/records/points-ledger.ts): statement triggers on
 * house_points, so every writer leaves its entries in the transaction that wrote the points, as
 * SQLite's row triggers do (src/store/sqlite/ledger-triggers.ts, which says why an entry counts
 * from the house's last total in the ledger). Statement triggers, as the change triggers are
 * (change-triggers.ts): an import writes a whole file's points in one statement, and one INSERT
 * then writes all their entries. A TRUNCATE takes every guild's points to 0.
 *
 * Who and why: the writing transaction's context is the setting `housecup.ledger`, set with
 * `set_config('housecup.ledger', '<json>', true)` (src/store/ledger-context.ts): local to that
 * transaction, so no other sees it. Without one (the game's SQL, psql) the change is the game's.
 * drizzle/postgres/0016_points_ledger.sql holds these written out, and
 * test/store/ledger-triggers-migration.test.ts holds it to this module.
 */

/** The setting that holds the writing transaction's context. */
export const CONTEXT_SETTING = 'housecup.ledger';

const COLUMNS = 'guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes';
const zeros = HOUSES.map((house) => `0 AS ${house}`).join(', ');
const points = HOUSES.join(', ');

/**
 * The entries of the guilds in `rows` (guild_id and the four houses: the points now). With
 * `was`, rows also hold `was_<house>`, the guild's points before the statement (NULL: none), and
 * a house whose points the statement left as they were is not looked at: its entries already end
 * at its points, so its last total is not even read (a game's write changes a house or two).
 */
function entries(rows: string, was = false): string {
  const values = HOUSES.map(
    (house, i) => `(${i + 1}, '${house}', p.${house}${was ? `, p.was_${house}` : ''})`,
  ).join(', ');
  return `INSERT INTO points_ledger (${COLUMNS})
      SELECT p.guild_id, stamp, h.house, h.total - last.total, h.total,
        coalesce(context ->> 'source', 'game'), context ->> 'by', context ->> 'for',
        context ->> 'reason', (context ->> 'undoes')::bigint
      FROM (${rows}) AS p
      CROSS JOIN LATERAL (VALUES ${values}) AS h(ord, house, total${was ? ', was' : ''})
      CROSS JOIN LATERAL (SELECT coalesce((SELECT l.total FROM points_ledger AS l
        WHERE l.guild_id = p.guild_id AND l.house = h.house ORDER BY l.id DESC LIMIT 1), 0) AS total) AS last
      WHERE ${was ? 'h.total IS DISTINCT FROM h.was AND ' : ''}h.total <> last.total
      ORDER BY p.guild_id, h.ord;`;
}

const wasOld = HOUSES.map((house) => `o.${house} AS was_${house}`).join(', ');
const wasNone = HOUSES.map((house) => `NULL::bigint AS was_${house}`).join(', ');

export const LEDGER_FUNCTION = `CREATE FUNCTION housecup_ledger_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  context jsonb := nullif(current_setting('${CONTEXT_SETTING}', true), '')::jsonb;
  stamp timestamptz := date_trunc('milliseconds', clock_timestamp());
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${entries(`SELECT guild_id, ${points} FROM new_rows`)}
  ELSIF TG_OP = 'UPDATE' THEN
    -- A row moved to another guild: the guild it left has no points any more.
    ${entries(
      `SELECT n.guild_id, ${HOUSES.map((house) => `n.${house}`).join(', ')}, ${wasOld}
        FROM new_rows AS n LEFT JOIN old_rows AS o ON o.guild_id = n.guild_id
        UNION ALL SELECT guild_id, ${zeros}, ${wasNone} FROM old_rows
        WHERE guild_id NOT IN (SELECT guild_id FROM new_rows)`,
      true,
    )}
  ELSIF TG_OP = 'DELETE' THEN
    ${entries(`SELECT guild_id, ${zeros} FROM old_rows`)}
  ELSE
    ${entries(`SELECT guild_id, ${zeros} FROM house_points`)}
  END IF;
  RETURN NULL;
END $$;`;

const run = 'FOR EACH STATEMENT EXECUTE FUNCTION housecup_ledger_entries()';

export const LEDGER_TRIGGERS: readonly string[] = [
  `CREATE TRIGGER house_points_ledger_inserted AFTER INSERT ON "house_points" REFERENCING NEW TABLE AS new_rows ${run};`,
  `CREATE TRIGGER house_points_ledger_updated AFTER UPDATE ON "house_points" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows ${run};`,
  `CREATE TRIGGER house_points_ledger_deleted AFTER DELETE ON "house_points" REFERENCING OLD TABLE AS old_rows ${run};`,
  `CREATE TRIGGER house_points_ledger_truncated BEFORE TRUNCATE ON "house_points" ${run};`,
];

/**
 * The ledger's first entries, for a database that had points before it: one per house with
 * points, counting them from 0 as the game's, so that the next change counts from them.
 */
export const OPENING_ENTRIES = `INSERT INTO points_ledger (${COLUMNS})
SELECT p.guild_id, date_trunc('milliseconds', now()), h.house, h.total, h.total, 'game', NULL, NULL, NULL, NULL
FROM house_points AS p
CROSS JOIN LATERAL (VALUES ${HOUSES.map((house, i) => `(${i + 1}, '${house}', p.${house})`).join(', ')}) AS h(ord, house, total)
WHERE h.total <> 0
ORDER BY p.guild_id, h.ord;`;
