import { CHANGE_SOURCES, type ChangeArea } from '../../records/guild-changes.js';
import { HOUSES } from '../../records/houses.js';
import { CHANGE_KINDS } from '../../records/periods.js';
import type { RecordDefinition } from '../../records/record.js';
import { GAIN_REFUSED, gainExceeded, gainMayExceed } from '../gain-bounds.js';
import { sqliteDialect } from './dialect.js';

// The migrations' texts (test/store/*-migration.test.ts); row triggers, as SQLite has no others.

const quoted = (name: string) => `\`${name}\``;
const listed = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// ── What changed (src/records/guild-changes.ts) ──────────────────────────────────────────────

const NEXT = `(SELECT coalesce(max(${quoted('seq')}), 0) + 1 FROM ${quoted('guild_changes')})`;
const EXCLUDED = (column: string) => `${quoted(column)} = excluded.${quoted(column)}`;

/**
 * The upsert marking the guild `guild` (the trigger's row) changed in `area`, when `where` holds
 * if given; with `roster`, its roster too, always (`true`) or when that condition holds.
 */
function marked(
  guild: 'NEW' | 'OLD',
  area: ChangeArea,
  options: { where?: string; roster?: true | string } = {},
): string {
  const { where, roster } = options;
  const columns = ['guild_id', 'area', 'seq', ...(roster ? ['roster'] : [])];
  const values = [`${guild}.${quoted('guild_id')}`, `'${area}'`, NEXT, ...(roster ? [NEXT] : [])];
  const rows = where
    ? `SELECT ${values.join(', ')} WHERE ${where}`
    : `VALUES (${values.join(', ')})`;
  const set = [EXCLUDED('seq')];
  if (roster === true) set.push(EXCLUDED('roster'));
  else if (roster) {
    set.push(
      `${quoted('roster')} = CASE WHEN ${roster} THEN excluded.${quoted('roster')} ELSE ${quoted('roster')} END`,
    );
  }
  return `  INSERT INTO ${quoted('guild_changes')} (${columns.map(quoted).join(', ')}) ${rows} ON CONFLICT (${quoted('guild_id')}, ${quoted('area')}) DO UPDATE SET ${set.join(', ')};`;
}

const differs = (column: string) => `OLD.${quoted(column)} IS NOT NEW.${quoted(column)}`;

/** The three statements creating the change triggers of `record`'s table, for `area`. */
export function changeTriggers(source: {
  record: RecordDefinition;
  area: ChangeArea;
  roster?: readonly string[];
}): string[] {
  const { record: table, area, roster } = source;
  const name = (event: string) => quoted(`${table.table}_changes_${event}`);
  const on = quoted(table.table);
  const always = roster ? { roster: true as const } : {};
  const moved = roster ? { roster: ['guild_id', ...roster].map(differs).join(' OR ') } : {};
  const rowChanged = Object.keys(table.fields).map(differs).join(' OR ');
  return [
    `CREATE TRIGGER ${name('inserted')} AFTER INSERT ON ${on} BEGIN\n${marked('NEW', area, always)}\nEND;`,
    // A row moved to another guild changes both guilds.
    `CREATE TRIGGER ${name('updated')} AFTER UPDATE ON ${on}\nWHEN ${rowChanged}\nBEGIN\n${marked('NEW', area, moved)}\n${marked('OLD', area, { where: differs('guild_id'), ...always })}\nEND;`,
    `CREATE TRIGGER ${name('deleted')} AFTER DELETE ON ${on} BEGIN\n${marked('OLD', area, always)}\nEND;`,
  ];
}

/** A first number for every guild and area holding data, in (guild, area) order. */
export function existingChanges(): string {
  const areas = CHANGE_SOURCES.filter((source) => !source.since)
    .map(
      ({ record: table, area }) =>
        `SELECT DISTINCT ${quoted('guild_id')}, '${area}' AS ${quoted('area')} FROM ${quoted(table.table)}`,
    )
    .join('\n  UNION ');
  return `INSERT INTO ${quoted('guild_changes')} (${['guild_id', 'area', 'seq'].map(quoted).join(', ')})\nSELECT ${quoted('guild_id')}, ${quoted('area')}, row_number() OVER (ORDER BY ${quoted('guild_id')}, ${quoted('area')}) FROM (\n  ${areas}\n) AS ${quoted('existing')};`;
}

// ── The keys' changes (src/records/api-key.ts) ───────────────────────────────────────────────
// data_version says that some connection committed, not what: this number says the key check's
// rows changed, so the game's writes never make it read the keys again. The columns are those
// PostgreSQL's key notifications follow (drizzle/postgres/0001_change_notifications.sql).

export const KEY_CHANGES_TABLE = 'key_changes';

export const KEY_CHANGES_SQL = [
  `CREATE TABLE ${quoted(KEY_CHANGES_TABLE)} (
  ${quoted('one')} integer PRIMARY KEY NOT NULL CHECK (${quoted('one')} = 1),
  ${quoted('seq')} integer NOT NULL
);`,
  `INSERT INTO ${quoted(KEY_CHANGES_TABLE)} (${quoted('one')}, ${quoted('seq')}) VALUES (1, 0);`,
  ...(
    [
      ['inserted', 'AFTER INSERT'],
      [
        'updated',
        `AFTER UPDATE OF ${['digest', 'guilds', 'rate_limit', 'revoked_at'].map(quoted).join(', ')}`,
      ],
      ['deleted', 'AFTER DELETE'],
    ] as const
  ).map(
    ([event, when]) =>
      `CREATE TRIGGER ${quoted(`api_keys_changes_${event}`)} ${when} ON ${quoted('api_keys')} BEGIN
  UPDATE ${quoted(KEY_CHANGES_TABLE)} SET ${quoted('seq')} = ${quoted('seq')} + 1;
END;`,
  ),
];

// ── The periods (src/records/profile-change.ts) ──────────────────────────────────────────────
// Why one upsert sets `change` alone: docs/architecture.md, "What each engine keeps of its own".

/** The start of the current period of each kind, by the database's clock. */
const PERIOD_STARTS = {
  week: `strftime('%Y-%m-%dT00:00:00.000Z', 'now', '-6 days', 'weekday 1')`,
  month: `strftime('%Y-%m-01T00:00:00.000Z', 'now')`,
} as const;

const T = quoted('profile_changes');
const PERIOD_COLUMNS = ['guild_id', 'profile_id', 'user_id', 'kind', 'start', 'house', 'change']
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
  INSERT INTO ${T} (${PERIOD_COLUMNS})
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
  `CREATE TRIGGER ${quoted('profile_changes_returned_to_zero')} AFTER UPDATE OF ${quoted('change')} ON ${T}
WHEN NEW.${quoted('change')} = 0
BEGIN
  DELETE FROM ${T} WHERE ${KEY.map((column) => `${column} = NEW.${column}`).join(' AND ')};
END;`,
];

/** The table, WITHOUT ROWID (one b-tree less per row), which drizzle's schema cannot say. */
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

// ── The history, and so the ledger (src/records/points-history.ts) ────────────────────────────

/** The table the writing transaction's context is in, while it writes. */
export const CONTEXT_TABLE = 'points_ledger_context';

const STANDINGS = HOUSES.join(', ');
/** Who and why, named as the history's own columns, so a trigger copies them as they are. */
export const CONTEXT_COLUMNS = ['source', 'by_user', 'for_user', 'reason'] as const;

// Columns, not one JSON text: the triggers copy them onto every row without parsing anything.
export const CONTEXT_TABLE_SQL = `CREATE TABLE \`${CONTEXT_TABLE}\` (
  \`one\` integer PRIMARY KEY NOT NULL CHECK (\`one\` = 1),
${CONTEXT_COLUMNS.map((column) => `  \`${column}\` text`).join(',\n')}
);`;

const context = CONTEXT_COLUMNS.map((column) => `c.${column}`).join(', ');

/**
 * A history row of `guild` holding `points` (a house's expression), under the context if any;
 * `from` and `where` what else the row is read with and kept by.
 */
const historyRow = (guild: string, points: (house: string) => string, from = '', where = '') =>
  `  INSERT INTO points_history (guild_id, at, ${STANDINGS}, ${CONTEXT_COLUMNS.join(', ')})
  SELECT ${guild}, ${sqliteDialect.now}, ${HOUSES.map(points).join(', ')}, ${context}
  FROM (SELECT 1)${from} LEFT JOIN ${CONTEXT_TABLE} AS c ON 1${where ? `\n  WHERE ${where}` : ''};`;

const MAX = Number.MAX_SAFE_INTEGER;
/** True, or the refusal of a change larger than the largest safe integer: the ledger serves it. */
const notTooLarge = (before: string) =>
  `CASE WHEN ${HOUSES.map((house) => `abs(NEW.${house} - coalesce(${before}.${house}, 0)) > ${MAX}`).join(' OR ')}
    THEN RAISE(ABORT, 'house_points: a change of a house''s points must be within ${MAX} (its ledger entry''s delta)') ELSE 1 END`;
const newPoints = (house: string) => `NEW.${house}`;
/** True, or the refusal of points whose week's or open term's gain would pass the safe integers. */
const withinGains = `CASE WHEN (${gainMayExceed(newPoints, 'NEW.guild_id')})
    AND (${gainExceeded(newPoints, 'NEW.guild_id', PERIOD_STARTS.week)})
    THEN RAISE(ABORT, 'house_points: ${GAIN_REFUSED.replaceAll("'", "''")}') ELSE 1 END`;
const LAST = `SELECT ${STANDINGS} FROM points_history WHERE guild_id = NEW.guild_id ORDER BY at DESC, id DESC LIMIT 1`;
const sameAsLast = HOUSES.map((house) => `last.${house} IS NEW.${house}`).join(' AND ');
const anyChanged = HOUSES.map((house) => `OLD.${house} IS NOT NEW.${house}`).join(' OR ');

export const HISTORY_TRIGGERS: readonly string[] = [
  // The guild's last row read once: an insert that leaves the standings as it holds them (a
  // game's INSERT OR REPLACE of the same numbers) records nothing.
  `CREATE TRIGGER \`points_history_inserted\` AFTER INSERT ON \`house_points\` BEGIN
${historyRow('NEW.guild_id', (house) => `NEW.${house}`, ` LEFT JOIN (${LAST}) AS last ON 1`, `NOT (${sameAsLast}) AND ${notTooLarge('last')} AND ${withinGains}`)}
END;`,
  // A row moved to another guild: the guild it left has no points any more.
  `CREATE TRIGGER \`points_history_updated\` AFTER UPDATE ON \`house_points\`
WHEN ${anyChanged} OR OLD.guild_id IS NOT NEW.guild_id
BEGIN
${historyRow('OLD.guild_id', () => 'NULL', '', 'OLD.guild_id IS NOT NEW.guild_id')}
${historyRow('NEW.guild_id', (house) => `NEW.${house}`, '', `${notTooLarge('OLD')} AND ${withinGains}`)}
END;`,
  `CREATE TRIGGER \`points_history_deleted\` AFTER DELETE ON \`house_points\` BEGIN
${historyRow('OLD.guild_id', () => 'NULL')}
END;`,
];
