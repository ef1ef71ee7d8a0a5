import { CHANGE_SOURCES, type ChangeArea } from '../../records/guild-changes.js';
import { HOUSES } from '../../records/houses.js';
import type { RecordDefinition } from '../../records/record.js';
import { GAIN_REFUSED, gainExceeded, gainMayExceed } from '../gain-bounds.js';

// Why statement or row triggers: docs/architecture.md, "What each engine keeps of its own".

// ── What changed (src/records/guild-changes.ts) ──────────────────────────────────────────────

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
  // Why only direct writes: docs/architecture.md, "What each engine keeps of its own".
  const when = source.onlyDirect ? 'WHEN (pg_trigger_depth() = 0) ' : '';
  const run = `FOR EACH STATEMENT ${when}EXECUTE FUNCTION housecup_record_changes('${source.area}')`;
  return [
    `CREATE TRIGGER ${table}_changes_inserted AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows ${run};`,
    `CREATE TRIGGER ${table}_changes_updated AFTER UPDATE ON "${table}" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows ${run};`,
    `CREATE TRIGGER ${table}_changes_deleted AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows ${run};`,
    `CREATE TRIGGER ${table}_changes_truncated BEFORE TRUNCATE ON "${table}" ${run};`,
  ];
}

/** The sequence numbering the rosters (CHANGE_SOURCES' `roster`). */
export const ROSTER_NUMBERS = 'guild_roster_numbers';

/**
 * Where a table makes its area's roster, the function and triggers giving each guild whose rows
 * were added, removed or moved a new roster number. Inserts, deletes and truncations: statement
 * triggers named after the change triggers, which fire first (by name), so the guild's row is
 * there. Moves: a row trigger on the roster's columns (no transition table takes a column list),
 * which the game's writes to other columns never fire; it fires before the change triggers, so a
 * guild new to the area gets its row from them with no roster: not known, so counted.
 */
export function rosterTriggers(source: {
  record: RecordDefinition;
  area: ChangeArea;
  roster?: readonly string[];
}): string[] {
  if (!source.roster) return [];
  const { table } = source.record;
  const fn = `housecup_${table}_roster`;
  const moved = ['guild_id', ...source.roster];
  const renumber = (guilds: string) =>
    `UPDATE guild_changes SET roster = nextval('${ROSTER_NUMBERS}') WHERE area = '${source.area}' AND guild_id IN (${guilds});`;
  return [
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${renumber('SELECT guild_id FROM new_rows')}
  ELSIF TG_OP = 'DELETE' THEN
    ${renumber('SELECT guild_id FROM old_rows')}
  ELSIF TG_OP = 'UPDATE' THEN
    ${renumber('OLD.guild_id, NEW.guild_id')}
  ELSE
    ${renumber(`SELECT guild_id FROM "${table}"`)}
  END IF;
  RETURN NULL;
END $$;`,
    `CREATE TRIGGER ${table}_roster_inserted AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`,
    `CREATE TRIGGER ${table}_roster_moved AFTER UPDATE OF ${moved.join(', ')} ON "${table}" FOR EACH ROW
WHEN (${moved.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ')})
EXECUTE FUNCTION ${fn}();`,
    `CREATE TRIGGER ${table}_roster_deleted AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`,
    `CREATE TRIGGER ${table}_roster_truncated BEFORE TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`,
  ];
}

/** guild_changes' own triggers: each guild it records a change for is announced to every node. */
export const NOTIFY_TRIGGERS = [
  'CREATE TRIGGER guild_changes_notify_inserted AFTER INSERT ON "guild_changes" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_changes();',
  'CREATE TRIGGER guild_changes_notify_updated AFTER UPDATE ON "guild_changes" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_changes();',
];

/** A first number for every guild and area holding data, in (guild, area) order. */
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

// ── The periods (src/records/profile-change.ts) ──────────────────────────────────────────────

/** The start of the current period of each kind, from the statement's time. */
const PERIOD_STARTS = {
  week: `date_trunc('week', statement_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
  month: `date_trunc('month', statement_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
} as const;

export const PERIOD_FUNCTIONS: readonly string[] = [
  `CREATE FUNCTION housecup_period_gain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profile_changes AS c (guild_id, profile_id, user_id, kind, start, house, change)
  SELECT NEW.guild_id, NEW.id, NEW.user_id, 'week', ${PERIOD_STARTS.week}, NEW.house, NEW.galleons - OLD.galleons
  UNION ALL SELECT NEW.guild_id, NEW.id, NEW.user_id, 'month', ${PERIOD_STARTS.month}, NEW.house, NEW.galleons - OLD.galleons
  UNION ALL SELECT NEW.guild_id, NEW.id, NEW.user_id, 'term', t.started_at, NEW.house, NEW.galleons - OLD.galleons
    FROM terms AS t WHERE t.guild_id = NEW.guild_id AND t.ended_at IS NULL
  ON CONFLICT (guild_id, profile_id, kind, start) DO UPDATE
    SET change = c.change + excluded.change;
  DELETE FROM profile_changes WHERE guild_id = NEW.guild_id AND profile_id = NEW.id AND change = 0;
  RETURN NULL;
END $$;`,
  `CREATE FUNCTION housecup_period_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profile_changes SET user_id = NEW.user_id, house = NEW.house
    WHERE guild_id = NEW.guild_id AND profile_id = NEW.id;
  RETURN NULL;
END $$;`,
  `CREATE FUNCTION housecup_period_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM profile_changes WHERE guild_id = OLD.guild_id AND profile_id = OLD.id;
  RETURN NULL;
END $$;`,
  `CREATE FUNCTION housecup_period_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM profile_changes;
  ELSE
    DELETE FROM profile_changes AS c USING old_rows AS o
      WHERE c.guild_id = o.guild_id AND c.profile_id = o.id;
  END IF;
  RETURN NULL;
END $$;`,
];

export const PERIOD_TRIGGERS: readonly string[] = [
  `CREATE TRIGGER profiles_periods_galleons AFTER UPDATE OF galleons ON "profiles" FOR EACH ROW
WHEN (OLD.galleons IS DISTINCT FROM NEW.galleons AND OLD.guild_id = NEW.guild_id AND OLD.id = NEW.id)
EXECUTE FUNCTION housecup_period_gain();`,
  `CREATE TRIGGER profiles_periods_member AFTER UPDATE OF user_id, house ON "profiles" FOR EACH ROW
WHEN ((OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.house IS DISTINCT FROM NEW.house) AND OLD.guild_id = NEW.guild_id AND OLD.id = NEW.id)
EXECUTE FUNCTION housecup_period_member();`,
  `CREATE TRIGGER profiles_periods_moved AFTER UPDATE OF guild_id, id ON "profiles" FOR EACH ROW
WHEN (OLD.guild_id IS DISTINCT FROM NEW.guild_id OR OLD.id IS DISTINCT FROM NEW.id)
EXECUTE FUNCTION housecup_period_moved();`,
  'CREATE TRIGGER profiles_periods_deleted AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_period_deleted();',
  'CREATE TRIGGER profiles_periods_truncated AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION housecup_period_deleted();',
];

// ── The history, and so the ledger (src/records/points-history.ts) ────────────────────────────

/** The setting, local to the writing transaction, that holds its context. */
export const CONTEXT_SETTING = 'housecup.ledger';

/** The trigger that writes the history at commit: awards fire it early (SET CONSTRAINTS). */
export const HISTORY_TRIGGER_NAME = 'house_points_history';

const STANDINGS = HOUSES.join(', ');
const unchanged = HOUSES.map(
  (house) => `last_points.${house} IS NOT DISTINCT FROM now_points.${house}`,
).join('\n     AND ');

const MAX = Number.MAX_SAFE_INTEGER;
const nowPoints = (house: string) => `now_points.${house}`;
const tooLarge = HOUSES.map(
  (house) => `abs(coalesce(now_points.${house}, 0) - coalesce(last_points.${house}, 0)) > ${MAX}`,
).join('\n       OR ');

/**
 * At commit, for each changed row of house_points: the standings of its guild (and of the guild
 * a row moved from) as committed, unless they equal the guild's last row, with the transaction's
 * context (who and why; none: the game). A change of more than the largest safe integer is
 * refused: the ledger serves it; so are points past it from this week's or the open term's
 * start (src/store/gain-bounds.ts). A guild an import lists in housecup_history_replaced has the
 * file's history instead.
 */
export const HISTORY_FUNCTION = `CREATE OR REPLACE FUNCTION housecup_record_points() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  guild text;
  now_points record;
  last_points record;
  context jsonb := nullif(current_setting('${CONTEXT_SETTING}', true), '')::jsonb;
BEGIN
  FOREACH guild IN ARRAY CASE
    WHEN TG_OP = 'DELETE' THEN ARRAY[OLD.guild_id]
    WHEN TG_OP = 'UPDATE' AND OLD.guild_id IS DISTINCT FROM NEW.guild_id
      THEN ARRAY[OLD.guild_id, NEW.guild_id]
    ELSE ARRAY[NEW.guild_id] END
  LOOP
    IF to_regclass('pg_temp.housecup_history_replaced') IS NOT NULL THEN
      CONTINUE WHEN EXISTS (SELECT 1 FROM pg_temp.housecup_history_replaced WHERE guild_id = guild);
    END IF;
    SELECT ${STANDINGS} INTO now_points FROM house_points WHERE guild_id = guild;
    SELECT ${STANDINGS} INTO last_points
      FROM points_history WHERE guild_id = guild ORDER BY at DESC, id DESC LIMIT 1;
    CONTINUE WHEN NOT FOUND AND now_points IS NULL;
    CONTINUE WHEN FOUND AND ${unchanged};
    IF ${tooLarge} THEN
      RAISE EXCEPTION 'house_points of guild %: a change of a house''s points must be within ${MAX} (its ledger entry''s delta)', guild
        USING ERRCODE = 'check_violation';
    END IF;
    IF ${gainMayExceed(nowPoints, 'guild')} THEN
      IF ${gainExceeded(nowPoints, 'guild', PERIOD_STARTS.week)} THEN
        RAISE EXCEPTION 'house_points of guild %: ${GAIN_REFUSED.replaceAll("'", "''")}', guild
          USING ERRCODE = 'check_violation';
      END IF;
    END IF;
    INSERT INTO points_history (guild_id, at, ${STANDINGS}, source, by_user, for_user, reason)
    VALUES (guild, date_trunc('milliseconds', clock_timestamp()), ${HOUSES.map((house) => `now_points.${house}`).join(', ')},
            context ->> 'source', context ->> 'by', context ->> 'for', context ->> 'reason');
  END LOOP;
  RETURN NULL;
END $$;`;
