import type BetterSqlite3 from 'better-sqlite3';
import { type Field, needsSafeBounds, SAFE_INTEGER } from '../../records/field.js';
import { RECORDS } from '../../records/index.js';
import { profileChange } from '../../records/profile-change.js';
import type { RecordDefinition } from '../../records/record.js';

/** All records but profile_changes (docs/architecture.md, "What each engine keeps of its own"). */
export const TYPE_CHECKED: readonly RecordDefinition[] = RECORDS.filter(
  (record) => record !== profileChange,
);

interface ColumnCheck {
  column: string;
  /** SQL, true for a value the column refuses; `value` is the column or `NEW.column`. */
  refuses(value: string): string;
  /** The trigger's message: `house_points.gryffindor must be an integer`. */
  message: string;
}

/** Values of `typeof()` a column takes: its kind, or null (left to NOT NULL). */
const typeIs =
  (kind: 'integer' | 'text') =>
  (value: string): string =>
    `typeof(${value}) NOT IN ('${kind}', 'null')`;

/** What the field refuses and how its message says what it takes; none when SQLite enforces it. */
function checksOf(field: Field): { refuses(value: string): string; takes: string }[] {
  switch (field.kind) {
    case 'rowId':
    case 'integer': {
      // An INTEGER PRIMARY KEY is the rowid: SQLite refuses anything but an integer itself.
      if (field.generated) return [];
      // Affinity has turned '12' and 12.0 into 12; a real or text left over is what bigint refuses.
      const kind = { refuses: typeIs('integer'), takes: 'an integer' };
      if (!needsSafeBounds(field)) return [kind];
      // Then its size: PostgreSQL's own CHECK (`<table>_<column>_safe`), the same bounds.
      return [
        kind,
        {
          refuses: (value) => `${value} NOT BETWEEN -${SAFE_INTEGER} AND ${SAFE_INTEGER}`,
          takes: `an integer from -${SAFE_INTEGER} to ${SAFE_INTEGER}`,
        },
      ];
    }
    case 'timestamp':
      // One written form of an instant: text order is time order (the history is read by `at`).
      return [
        {
          refuses: (value) =>
            `${value} IS NOT NULL AND ${value} IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', ${value})`,
          takes: 'a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ',
        },
      ];
    default:
      // Text affinity has already turned numbers into text; a blob is what text refuses.
      return [{ refuses: typeIs('text'), takes: 'text' }];
  }
}

const quoted = (name: string) => `\`${name}\``;

/** The checks of `record`'s columns, in field order (a column's kind before its size). */
function columnChecks(record: RecordDefinition): ColumnCheck[] {
  return Object.entries(record.fields).flatMap(([column, field]) =>
    checksOf(field).map((check) => ({
      column,
      refuses: check.refuses,
      message: `${record.table}.${column} must be ${check.takes}`,
    })),
  );
}

/** `record`'s two triggers as the migration writes them; any SQLite reads a literal message. */
export function typeCheckTriggers(record: RecordDefinition): string[] {
  const checks = columnChecks(record);
  const cases = checks
    .map(
      (check) =>
        `    WHEN ${check.refuses(`NEW.${quoted(check.column)}`)} THEN RAISE(ABORT, '${check.message}')`,
    )
    .join('\n');
  return (['INSERT', 'UPDATE'] as const).map(
    (event) =>
      `CREATE TRIGGER ${quoted(`${record.table}_types_${event === 'INSERT' ? 'inserted' : 'updated'}`)} BEFORE ${event} ON ${quoted(record.table)} BEGIN\n  SELECT CASE\n${cases}\n  END;\nEND;`,
  );
}

/** Whether any column of the stored row breaks the checks: SQL over the bare column names. */
function anyRefused(record: RecordDefinition): string {
  return columnChecks(record)
    .map((check) => `(${check.refuses(quoted(check.column))})`)
    .join(' OR ');
}

/** The statement that writes again each row breaking the checks, so the migration stops on it. */
export function existingRowsCheck(record: RecordDefinition): string {
  const first = Object.keys(record.fields)[0] ?? 'rowid';
  return `UPDATE ${quoted(record.table)} SET ${quoted(first)} = ${quoted(first)} WHERE ${anyRefused(record)};`;
}

/** One stored value the checks refuse, said so that an operator can find and correct it. */
export interface RefusedValue {
  table: string;
  /** `guild_id = 'g'` or `id = 17`: a WHERE clause for the row. */
  where: string;
  column: string;
  /** The value as an SQL literal (`'oops'`, `-1.0e+308`, `X'01'`). */
  value: string;
  message: string;
}

/** Up to `limit` stored values that the checks refuse, in the columns the tables have so far. */
export function refusedValues(
  sqlite: BetterSqlite3.Database,
  records: readonly RecordDefinition[],
  limit: number,
): RefusedValue[] {
  const found: RefusedValue[] = [];
  const columnsOf = sqlite
    .prepare<[string], string>('SELECT name FROM pragma_table_info(?)')
    .pluck();
  for (const record of records) {
    const primaryKey = record.primaryKey ?? ['id'];
    const where = primaryKey
      .map((column) => `'${column} = ' || quote(${quoted(column)})`)
      .join(" || ' AND ' || ");
    const present = new Set(columnsOf.all(record.table));
    for (const check of columnChecks(record)) {
      if (!present.has(check.column)) continue;
      if (found.length >= limit) return found;
      const rows = sqlite
        .prepare<[number], { where: string; value: string }>(
          `SELECT ${where} AS "where", quote(${quoted(check.column)}) AS value FROM ${quoted(record.table)}
           WHERE ${check.refuses(quoted(check.column))} LIMIT ?`,
        )
        .all(limit - found.length);
      for (const row of rows) {
        found.push({ table: record.table, column: check.column, message: check.message, ...row });
      }
    }
  }
  return found;
}
