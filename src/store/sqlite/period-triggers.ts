import { HOUSES } from '../../records/houses.js';
import { CHANGE_KINDS } from '../../records/periods.js';

/*
 * SQLite's side of the periods' changes (src/records/profile-change.ts): row triggers on
 * `profiles`, so every writer (the game's own SQL, an import, `copy`, the CLI) keeps them alike.
 * - An UPDATE that moves a profile's galleons adds NEW − OLD to the profile's rows of each kind
 *   of period (PERIOD_STARTS), those containing the write's time (the database's clock: 'now',
 *   one value for the whole statement), and of the guild's open term when it has one (kind
 *   `term`, from the term's start: records/terms.ts), inserting a row where there is none: one
 *   upsert statement. The upsert sets `change` alone: a column in its SET list has its indexes rewritten
 *   whether its value moved or not (the user_id and house in the row are the member trigger's).
 *   A row whose change comes back to 0 is deleted by profile_changes' own trigger, which fires
 *   only then (a DELETE in the profiles trigger looked for such rows on every write).
 *   A write that leaves galleons as they were does nothing (the WHEN clause: no trigger body runs).
 * - An INSERT does nothing: a new profile starts at 0, its first galleons are no gain.
 * - A changed house or user_id is written into every row of the profile (past periods too), so a
 *   period's list filters and orders by what the profile is now, as the other lists do.
 * - A DELETE, or a profile moved to another guild or id, removes the profile's rows.
 * drizzle/sqlite/0012_terms.sql holds these written out (0010 and 0011 the ones before), and
 * test/store/period-triggers-migration.test.ts holds the migrations to this module.
 */

const quoted = (name: string) => `\`${name}\``;
const listed = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * The start of the current period of each kind, from the database's clock: a kind added here is
 * kept by the galleons trigger (and needs the table's kind check to allow it).
 */
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

const KINDS = Object.keys(PERIOD_STARTS) as (keyof typeof PERIOD_STARTS)[];

const KEY = ['guild_id', 'profile_id', 'kind', 'start'].map(quoted);

export const PERIOD_TRIGGERS: readonly string[] = [
  `CREATE TRIGGER ${quoted('profiles_periods_galleons')} AFTER UPDATE OF ${quoted('galleons')} ON ${quoted('profiles')}
WHEN OLD.${quoted('galleons')} IS NOT NEW.${quoted('galleons')} AND ${keptKey}
BEGIN
  INSERT INTO ${T} (${COLUMNS})
  ${KINDS.map((kind) => gained(kind, PERIOD_STARTS[kind])).join('\n  UNION ALL ')}
  UNION ALL ${gained('term', quoted('started_at'))} ${OPEN_TERM}
  ON CONFLICT (${KEY.join(', ')}) DO UPDATE SET ${quoted('change')} = ${quoted('change')} + excluded.${quoted('change')};
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
  // Only non-zero changes are kept: the row an upsert brought back to 0 goes, by its key.
  `CREATE TRIGGER ${quoted('profile_changes_returned_to_zero')} AFTER UPDATE OF ${quoted('change')} ON ${T}
WHEN NEW.${quoted('change')} = 0
BEGIN
  DELETE FROM ${T} WHERE ${KEY.map((column) => `${column} = NEW.${column}`).join(' AND ')};
END;`,
];

/**
 * The table, WITHOUT ROWID: its rows live in the primary key's b-tree, one b-tree less to write
 * per row than a rowid table and its primary key index (drizzle's schema cannot say it: the
 * migration that made it so writes the table out, and this is its text).
 */
export const PERIOD_TABLE = `CREATE TABLE ${T} (
	${quoted('guild_id')} text NOT NULL,
	${quoted('profile_id')} integer NOT NULL,
	${quoted('user_id')} text NOT NULL,
	${quoted('kind')} text NOT NULL,
	${quoted('start')} text NOT NULL,
	${quoted('house')} text,
	${quoted('change')} integer NOT NULL,
	PRIMARY KEY(${KEY.join(', ')}),
	CONSTRAINT "profile_changes_kind_known" CHECK("profile_changes"."kind" IN (${listed(CHANGE_KINDS)})),
	CONSTRAINT "profile_changes_house_known" CHECK("profile_changes"."house" IS NULL OR "profile_changes"."house" IN (${listed(HOUSES)}))
) WITHOUT ROWID;`;
