import { HOUSES } from '../records/houses.js';
import { startColumn } from '../records/terms.js';
import type { StoredTermRow } from '../transfer/terms.js';

/*
 * The SQL both stores' imports and exports read and write a file's terms with
 * (src/transfer/terms.ts), in their own placeholders (`?` for SQLite, `$n` for PostgreSQL) and
 * their own way of writing an instant as text.
 */

/** The points a term ended with, then those it started from. */
const POINTS = [...HOUSES, ...HOUSES.map(startColumn)] as const;
const COLUMNS = ['guild_id', 'id', 'name', 'started_at', 'ended_at', ...POINTS];

/**
 * The SELECT list of a stored term (FROM terms) as StoredTermRow holds it; `instant` writes an
 * instant column as `YYYY-MM-DDTHH:MM:SS.sssZ` (SQLite's are that text already).
 */
export function storedTermColumns(
  instant: (column: string) => string = (column) => column,
): string {
  return [
    'id',
    'name',
    `${instant('started_at')} AS started_at`,
    `${instant('ended_at')} AS ended_at`,
    ...POINTS,
  ].join(', ');
}

export function termUpsertSql(placeholder: (n: number) => string): string {
  const values = COLUMNS.map((_, i) => placeholder(i + 1)).join(', ');
  const set = COLUMNS.slice(2)
    .map((column) => `${column} = excluded.${column}`)
    .join(', ');
  return `INSERT INTO terms (${COLUMNS.join(', ')}) VALUES (${values})
    ON CONFLICT (guild_id, id) DO UPDATE SET ${set}`;
}

/** The values termUpsertSql takes for `row` of guild `guildId`, in its order. */
export function termUpsertValues(guildId: string, row: StoredTermRow): unknown[] {
  return [
    guildId,
    row.id,
    row.name,
    row.started_at,
    row.ended_at,
    ...POINTS.map((column) => row[column]),
  ];
}
