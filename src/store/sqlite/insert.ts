import type BetterSqlite3 from 'better-sqlite3';
import { columnNames, type RecordDefinition } from '../../records/record.js';

/** An INSERT of every column of `record`, taking rowOf()'s values in field order. */
export function inserter(
  sqlite: BetterSqlite3.Database,
  record: RecordDefinition,
): BetterSqlite3.Statement<unknown[]> {
  const names = columnNames(record);
  return sqlite.prepare(
    `INSERT INTO ${record.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
  );
}
