import { CHANGE_SOURCES, type ChangeArea } from '../../records/guild-changes.js';
import type { RecordDefinition } from '../../records/record.js';

/*
 * PostgreSQL's side of the one record of what changed (src/records/guild-changes.ts). On every
 * table of guild data, statement-level triggers give each guild the statement changed the next
 * number of the sequence guild_change_numbers in guild_changes, for the table's area, in the
 * transaction that changed it, whoever writes. An INSERT and a DELETE always count; an UPDATE
 * counts the guilds of the rows it changed: the rows of `new_rows EXCEPT old_rows` and back,
 * whole rows compared, so every column (one added later too) is compared, and a write that
 * leaves its rows as they were records nothing. A TRUNCATE records every guild the table held.
 *
 * Statement triggers, not row triggers: an import inserts a guild's 30,000 profiles in one
 * statement, and a row trigger would update one guild_changes row 30,000 times in one
 * transaction (each a new row version, every one of which the next update must step over).
 * The guilds are written in guild order, so two statements never take two guilds' rows in
 * opposite orders.
 *
 * Every node learns of a change from guild_changes itself: its triggers notify
 * `housecup_changes` with `g:<guild>` (what src/store/postgres/changes.ts listens for), so a write
 * that changes nothing notifies nobody. test/store/change-triggers-migration.test.ts holds
 * drizzle/postgres/0007_guild_changes.sql to this module.
 */

/** The SQL of the functions the triggers call, as migration 0007 creates them. */
export const CHANGE_FUNCTIONS = [
  `CREATE FUNCTION housecup_record_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Take the transaction's id before any number: a reader past a cursor (changes.ts) relies on
  -- every number having been taken by a transaction it can see running.
  PERFORM pg_current_xact_id();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO guild_changes (guild_id, area, seq)
      SELECT guild_id, TG_ARGV[0], nextval('guild_change_numbers')
      FROM (SELECT DISTINCT guild_id FROM new_rows ORDER BY guild_id) AS changed
      ON CONFLICT (guild_id, area) DO UPDATE SET seq = excluded.seq;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO guild_changes (guild_id, area, seq)
      SELECT guild_id, TG_ARGV[0], nextval('guild_change_numbers')
      FROM (SELECT DISTINCT guild_id FROM old_rows ORDER BY guild_id) AS changed
      ON CONFLICT (guild_id, area) DO UPDATE SET seq = excluded.seq;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO guild_changes (guild_id, area, seq)
      SELECT guild_id, TG_ARGV[0], nextval('guild_change_numbers')
      FROM (
        SELECT guild_id FROM (SELECT * FROM new_rows EXCEPT SELECT * FROM old_rows) AS added
        UNION
        SELECT guild_id FROM (SELECT * FROM old_rows EXCEPT SELECT * FROM new_rows) AS removed
        ORDER BY guild_id
      ) AS changed
      ON CONFLICT (guild_id, area) DO UPDATE SET seq = excluded.seq;
  ELSE
    EXECUTE format(
      'INSERT INTO guild_changes (guild_id, area, seq)
         SELECT guild_id, $1, nextval(''guild_change_numbers'')
         FROM (SELECT DISTINCT guild_id FROM %I ORDER BY guild_id) AS changed
         ON CONFLICT (guild_id, area) DO UPDATE SET seq = excluded.seq',
      TG_TABLE_NAME) USING TG_ARGV[0];
  END IF;
  RETURN NULL;
END $$;`,
  `CREATE FUNCTION housecup_notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('housecup_changes', 'g:' || guild_id)
    FROM (SELECT DISTINCT guild_id FROM changed_rows ORDER BY guild_id) AS guilds;
  RETURN NULL;
END $$;`,
];

/** The four statements creating the change triggers of `record`'s table, for `area`. */
export function changeTriggers(source: {
  record: RecordDefinition;
  area: ChangeArea;
  onlyDirect?: boolean;
}): string[] {
  const { table } = source.record;
  // A table another table's triggers write (profile_changes, by the period triggers on
  // profiles) records only the writes made to it directly: the others come with a change of
  // that table already recorded, and recording them again, one statement per profile, updated
  // one guild_changes row once per profile of an import (a new row version each: 10,000
  // changed profiles took 24 s where they took 1.7 s).
  const when = source.onlyDirect ? 'WHEN (pg_trigger_depth() = 0) ' : '';
  const run = `FOR EACH STATEMENT ${when}EXECUTE FUNCTION housecup_record_changes('${source.area}')`;
  return [
    `CREATE TRIGGER ${table}_changes_inserted AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows ${run};`,
    `CREATE TRIGGER ${table}_changes_updated AFTER UPDATE ON "${table}" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows ${run};`,
    `CREATE TRIGGER ${table}_changes_deleted AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows ${run};`,
    `CREATE TRIGGER ${table}_changes_truncated BEFORE TRUNCATE ON "${table}" ${run};`,
  ];
}

/** guild_changes' own triggers: each guild it records a change for is announced to every node. */
export const NOTIFY_TRIGGERS = [
  'CREATE TRIGGER guild_changes_notify_inserted AFTER INSERT ON "guild_changes" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_changes();',
  'CREATE TRIGGER guild_changes_notify_updated AFTER UPDATE ON "guild_changes" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_changes();',
];

/**
 * A row for every guild and area that holds data, numbered in (guild, area) order: what the
 * migration gives a database that had no guild_changes.
 */
export function existingChanges(): string {
  const areas = CHANGE_SOURCES.filter((source) => !source.since)
    .map(({ record, area }) => `SELECT guild_id, '${area}' AS area FROM "${record.table}"`)
    .join('\n  UNION ');
  return `INSERT INTO guild_changes (guild_id, area, seq)
SELECT guild_id, area, nextval('guild_change_numbers') FROM (
  ${areas}
  ORDER BY guild_id, area
) AS existing;`;
}
