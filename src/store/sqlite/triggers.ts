import { CHANGE_SOURCES, type ChangeArea } from '../../records/guild-changes.js';
import { HOUSES } from '../../records/houses.js';
import { CHANGE_KINDS } from '../../records/periods.js';
import type { RecordDefinition } from '../../records/record.js';
import { sqliteDialect } from './dialect.js';

// The migrations' texts (test/store/*-migration.test.ts); row triggers, as SQLite has no others.

const quoted = (name: string) => `\`${name}\``;
const listed = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// ── What changed (src/records/guild-changes.ts) ──────────────────────────────────────────────

const NEXT = `(SELECT coalesce(max(${quoted('seq')}), 0) + 1 FROM ${quoted('guild_changes')})`;
const UPSERT_TAIL = `ON CONFLICT (${quoted('guild_id')}, ${quoted('area')}) DO UPDATE SET ${quoted('seq')} = excluded.${quoted('seq')};`;
const INTO = `INSERT INTO ${quoted('guild_changes')} (${quoted('guild_id')}, ${quoted('area')}, ${quoted('seq')})`;

function record(row: 'NEW' | 'OLD', area: ChangeArea): string {
  return `  ${INTO} VALUES (${row}.${quoted('guild_id')}, '${area}', ${NEXT}) ${UPSERT_TAIL}`;
}

function rowChanged(record: RecordDefinition): string {
  return Object.keys(record.fields)
    .map((column) => `OLD.${quoted(column)} IS NOT NEW.${quoted(column)}`)
    .join(' OR ');
}

/** The three statements creating the change triggers of `record`'s table, for `area`. */
export function changeTriggers(source: { record: RecordDefinition; area: ChangeArea }): string[] {
  const { record: table, area } = source;
  const name = (event: string) => quoted(`${table.table}_changes_${event}`);
  const on = quoted(table.table);
  return [
    `CREATE TRIGGER ${name('inserted')} AFTER INSERT ON ${on} BEGIN\n${record('NEW', area)}\nEND;`,
    // A row moved to another guild changes both guilds.
    `CREATE TRIGGER ${name('updated')} AFTER UPDATE ON ${on}\nWHEN ${rowChanged(table)}\nBEGIN\n${record('NEW', area)}\n  ${INTO} SELECT OLD.${quoted('guild_id')}, '${area}', ${NEXT} WHERE OLD.${quoted('guild_id')} IS NOT NEW.${quoted('guild_id')} ${UPSERT_TAIL}\nEND;`,
    `CREATE TRIGGER ${name('deleted')} AFTER DELETE ON ${on} BEGIN\n${record('OLD', area)}\nEND;`,
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
  return `${INTO}\nSELECT ${quoted('guild_id')}, ${quoted('area')}, row_number() OVER (ORDER BY ${quoted('guild_id')}, ${quoted('area')}) FROM (\n  ${areas}\n) AS ${quoted('existing')};`;
}

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

// ── The ledger (src/records/points-ledger.ts) ────────────────────────────────────────────────
// Why from the last total, not OLD: docs/architecture.md, "What each engine keeps of its own".

/** The table the writing transaction's context is in, while it writes. */
export const CONTEXT_TABLE = 'points_ledger_context';

export const CONTEXT_TABLE_SQL = `CREATE TABLE \`${CONTEXT_TABLE}\` (
  \`one\` integer PRIMARY KEY NOT NULL CHECK (\`one\` = 1),
  \`context\` text NOT NULL
);`;

const LEDGER_COLUMNS =
  'guild_id, at, house, delta, total, source, by_user, for_user, reason, undoes';

const context = (member: string) => `json_extract(c.context, '$.${member}')`;

const lastTotal = (guild: string, house: string) =>
  `coalesce((SELECT total FROM points_ledger WHERE guild_id = ${guild} AND house = '${house}' ORDER BY id DESC LIMIT 1), 0)`;

/** The entries of `guild` at `points(house)`, for the houses `looked` lets through. */
function entries(
  guild: string,
  points: (house: string) => string,
  looked: (house: string) => string = () => '',
): string {
  const houses = HOUSES.map(
    (house, i) =>
      `SELECT ${i + 1} AS ord, '${house}' AS house, ${points(house)} AS total, ${lastTotal(guild, house)} AS before${looked(house)}`,
  ).join('\n      UNION ALL ');
  return `  INSERT INTO points_ledger (${LEDGER_COLUMNS})
  SELECT ${guild}, ${sqliteDialect.now}, h.house, h.total - h.before, h.total,
    coalesce(${context('source')}, 'game'), ${context('by')}, ${context('for')}, ${context('reason')}, ${context('undoes')}
  FROM (${houses}) AS h
  LEFT JOIN ${CONTEXT_TABLE} AS c ON 1
  WHERE h.total IS NOT h.before
  ORDER BY h.ord;`;
}

const anyChanged = HOUSES.map((house) => `OLD.${house} IS NOT NEW.${house}`).join(' OR ');

export const LEDGER_TRIGGERS: readonly string[] = [
  `CREATE TRIGGER \`house_points_ledger_inserted\` AFTER INSERT ON \`house_points\` BEGIN
${entries('NEW.guild_id', (house) => `NEW.${house}`)}
END;`,
  // The game's usual write, a house or two: only the houses it changed are looked at.
  `CREATE TRIGGER \`house_points_ledger_updated\` AFTER UPDATE ON \`house_points\`
WHEN OLD.guild_id IS NEW.guild_id AND (${anyChanged})
BEGIN
${entries(
  'NEW.guild_id',
  (house) => `NEW.${house}`,
  (house) => ` WHERE OLD.${house} IS NOT NEW.${house}`,
)}
END;`,
  // A row moved to another guild: the guild it left has no points any more.
  `CREATE TRIGGER \`house_points_ledger_moved\` AFTER UPDATE ON \`house_points\`
WHEN OLD.guild_id IS NOT NEW.guild_id
BEGIN
${entries('OLD.guild_id', () => '0')}
${entries('NEW.guild_id', (house) => `NEW.${house}`)}
END;`,
  `CREATE TRIGGER \`house_points_ledger_deleted\` AFTER DELETE ON \`house_points\` BEGIN
${entries('OLD.guild_id', () => '0')}
END;`,
];

const eachHouse = HOUSES.map((house, i) => `SELECT ${i + 1} AS ord, '${house}' AS house`).join(
  ' UNION ALL ',
);
const pointsOf = `CASE o.house ${HOUSES.map((house) => `WHEN '${house}' THEN p.${house}`).join(' ')} END`;

/** The first entries of a database that had points before the ledger: from 0, as the game's. */
export const OPENING_ENTRIES = `INSERT INTO points_ledger (${LEDGER_COLUMNS})
SELECT guild_id, ${sqliteDialect.now}, house, total, total, 'game', NULL, NULL, NULL, NULL FROM (
  SELECT p.guild_id, o.ord, o.house, ${pointsOf} AS total
  FROM house_points AS p CROSS JOIN (${eachHouse}) AS o
) WHERE total <> 0 ORDER BY guild_id, ord;`;
