import { CHANGE_SOURCES, type ChangeArea } from '../../records/guild-changes.js';
import { HOUSES } from '../../records/houses.js';
import type { RecordDefinition } from '../../records/record.js';

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

// ── The ledger (src/records/points-ledger.ts) ────────────────────────────────────────────────

/** The setting, local to the writing transaction, that holds its context. */
export const CONTEXT_SETTING = 'housecup.ledger';

const LEDGER_COLUMNS =
  'guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes';
const zeros = HOUSES.map((house) => `0 AS ${house}`).join(', ');
const points = HOUSES.join(', ');

/** Entries of the guilds in `rows`; with `was`, a house the statement left as it was is skipped. */
function entries(rows: string, was = false): string {
  const values = HOUSES.map(
    (house, i) => `(${i + 1}, '${house}', p.${house}${was ? `, p.was_${house}` : ''})`,
  ).join(', ');
  return `INSERT INTO points_ledger (${LEDGER_COLUMNS})
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

const ledgerRun = 'FOR EACH STATEMENT EXECUTE FUNCTION housecup_ledger_entries()';

export const LEDGER_TRIGGERS: readonly string[] = [
  `CREATE TRIGGER house_points_ledger_inserted AFTER INSERT ON "house_points" REFERENCING NEW TABLE AS new_rows ${ledgerRun};`,
  `CREATE TRIGGER house_points_ledger_updated AFTER UPDATE ON "house_points" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows ${ledgerRun};`,
  `CREATE TRIGGER house_points_ledger_deleted AFTER DELETE ON "house_points" REFERENCING OLD TABLE AS old_rows ${ledgerRun};`,
  `CREATE TRIGGER house_points_ledger_truncated BEFORE TRUNCATE ON "house_points" ${ledgerRun};`,
];

/** The first entries of a database that had points before the ledger: from 0, as the game's. */
export const OPENING_ENTRIES = `INSERT INTO points_ledger (${LEDGER_COLUMNS})
SELECT p.guild_id, date_trunc('milliseconds', now()), h.house, h.total, h.total, 'game', NULL, NULL, NULL, NULL
FROM house_points AS p
CROSS JOIN LATERAL (VALUES ${HOUSES.map((house, i) => `(${i + 1}, '${house}', p.${house})`).join(', ')}) AS h(ord, house, total)
WHERE h.total <> 0
ORDER BY p.guild_id, h.ord;`;
