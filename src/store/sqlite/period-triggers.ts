/*
 * SQLite's side of the periods' changes (src/records/profile-change.ts): row triggers on
 * `profiles`, so every writer (the game's own SQL, an import, `copy`, the CLI) keeps them alike.
 * - An UPDATE that moves a profile's galleons adds NEW − OLD to the profile's rows of the week
 *   and the month that contain the write's time (the database's clock: 'now', one value for the
 *   whole statement), and of the guild's open term when it has one (kind `term`, starting at the
 *   term's start: records/terms.ts), inserting a row where there is none, deleting one whose
 *   change returns to 0.
 *   The upsert sets `change` alone: a column in its SET list has its indexes rewritten whether
 *   its value moved or not (the user_id and house in the row are the member trigger's).
 *   A write that leaves galleons as they were does nothing (the WHEN clause: no trigger body runs).
 * - An INSERT does nothing: a new profile starts at 0, its first galleons are no gain.
 * - A changed house or user_id is written into every row of the profile (past periods too), so a
 *   period's list filters and orders by what the profile is now, as the other lists do.
 * - A DELETE, or a profile moved to another guild or id, removes the profile's rows.
 * drizzle/sqlite/0010_profile_changes.sql and 0012_terms.sql hold these written out, and
 * test/store/period-triggers-migration.test.ts holds that file to this module.
 */

const quoted = (name: string) => `\`${name}\``;

/** The start of the current period of each kind, from the database's clock. */
export const PERIOD_STARTS = {
  week: `strftime('%Y-%m-%dT00:00:00.000Z', 'now', '-6 days', 'weekday 1')`,
  month: `strftime('%Y-%m-01T00:00:00.000Z', 'now')`,
} as const;

const T = quoted('profile_changes');
const COLUMNS = ['guild_id', 'profile_id', 'user_id', 'kind', 'start', 'house', 'change']
  .map(quoted)
  .join(', ');

const sameProfile = (row: 'NEW' | 'OLD') =>
  `${quoted('guild_id')} = ${row}.${quoted('guild_id')} AND ${quoted('profile_id')} = ${row}.${quoted('id')}`;

const keptKey = `OLD.${quoted('guild_id')} IS NEW.${quoted('guild_id')} AND OLD.${quoted('id')} IS NEW.${quoted('id')}`;

const gained = (kind: string, start: string) =>
  `SELECT NEW.${quoted('guild_id')}, NEW.${quoted('id')}, NEW.${quoted('user_id')}, '${kind}', ${start}, NEW.${quoted('house')}, NEW.${quoted('galleons')} - OLD.${quoted('galleons')}`;

/** The guild's open term, if any: one probe of the partial index terms_one_open. */
const OPEN_TERM = `FROM ${quoted('terms')} WHERE ${quoted('guild_id')} = NEW.${quoted('guild_id')} AND ${quoted('ended_at')} IS NULL`;
const OPEN_TERM_START = `(SELECT ${quoted('started_at')} ${OPEN_TERM})`;

/**
 * Deletes the periods' rows whose change came back to 0, naming kind and start too: without
 * statistics SQLite took `profile_id = … AND change = 0` to a covering list index by the guild
 * alone and read every row of the guild (1.5 ms a write on 10,000 rows, measured). With them,
 * whichever index it takes is a range of the rows at 0, which exist only until this deletes them.
 */
const RETURNED_TO_ZERO = `  DELETE FROM ${T} WHERE ${sameProfile('NEW')} AND ${quoted('kind')} IN ('week', 'month', 'term') AND ${quoted('start')} IN (${PERIOD_STARTS.week}, ${PERIOD_STARTS.month}, ${OPEN_TERM_START}) AND ${quoted('change')} = 0;`;

export const PERIOD_TRIGGERS: readonly string[] = [
  `CREATE TRIGGER ${quoted('profiles_periods_galleons')} AFTER UPDATE OF ${quoted('galleons')} ON ${quoted('profiles')}
WHEN OLD.${quoted('galleons')} IS NOT NEW.${quoted('galleons')} AND ${keptKey}
BEGIN
  INSERT INTO ${T} (${COLUMNS})
  ${gained('week', PERIOD_STARTS.week)}
  UNION ALL ${gained('month', PERIOD_STARTS.month)}
  UNION ALL ${gained('term', quoted('started_at'))} ${OPEN_TERM}
  ON CONFLICT (${quoted('guild_id')}, ${quoted('profile_id')}, ${quoted('kind')}, ${quoted('start')}) DO UPDATE SET ${quoted('change')} = ${quoted('change')} + excluded.${quoted('change')};
${RETURNED_TO_ZERO}
END;`,
  `CREATE TRIGGER ${quoted('profiles_periods_member')} AFTER UPDATE OF ${quoted('user_id')}, ${quoted('house')} ON ${quoted('profiles')}
WHEN (OLD.${quoted('user_id')} IS NOT NEW.${quoted('user_id')} OR OLD.${quoted('house')} IS NOT NEW.${quoted('house')}) AND ${keptKey}
BEGIN
  UPDATE ${T} SET ${quoted('user_id')} = NEW.${quoted('user_id')}, ${quoted('house')} = NEW.${quoted('house')} WHERE ${sameProfile('NEW')};
END;`,
  `CREATE TRIGGER ${quoted('profiles_periods_moved')} AFTER UPDATE OF ${quoted('guild_id')}, ${quoted('id')} ON ${quoted('profiles')}
WHEN NOT (${keptKey})
BEGIN
  DELETE FROM ${T} WHERE ${sameProfile('OLD')};
END;`,
  `CREATE TRIGGER ${quoted('profiles_periods_deleted')} AFTER DELETE ON ${quoted('profiles')} BEGIN
  DELETE FROM ${T} WHERE ${sameProfile('OLD')};
END;`,
];
