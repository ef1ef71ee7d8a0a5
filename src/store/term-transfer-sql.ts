import { HOUSES } from '../records/houses.js';

/*
 * The SQL both stores' imports write a file's terms with (src/transfer/terms.ts), in their own
 * placeholders: `?` for SQLite, `$n` for PostgreSQL.
 */

const COLUMNS = ['guild_id', 'id', 'name', 'started_at', 'ended_at', ...HOUSES];

export function termUpsertSql(placeholder: (n: number) => string): string {
  const values = COLUMNS.map((_, i) => placeholder(i + 1)).join(', ');
  const set = COLUMNS.slice(2)
    .map((column) => `${column} = excluded.${column}`)
    .join(', ');
  return `INSERT INTO terms (${COLUMNS.join(', ')}) VALUES (${values})
    ON CONFLICT (guild_id, id) DO UPDATE SET ${set}`;
}
