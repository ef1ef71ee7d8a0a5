import type BetterSqlite3 from 'better-sqlite3';
import { columnNames, type RecordDefinition } from '../../records/record.js';
import { primaryKeyPositions, type RowValues } from '../../transfer/row-diff.js';

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

/** Writes a row (values in field order) over the stored row with its primary key. */
export function updater(
  sqlite: BetterSqlite3.Database,
  record: RecordDefinition,
): (row: RowValues) => void {
  const names = columnNames(record);
  const primaryKey = primaryKeyPositions(record);
  const others = names.map((_, i) => i).filter((i) => !primaryKey.includes(i));
  const statement = sqlite.prepare(
    `UPDATE ${record.table} SET ${others.map((i) => `${names[i]} = ?`).join(', ')}
     WHERE ${primaryKey.map((i) => `${names[i]} = ?`).join(' AND ')}`,
  );
  return (row) => statement.run(...others.map((i) => row[i]), ...primaryKey.map((i) => row[i]));
}

/** Deletes the stored row with the primary key of `row` (values in field order). */
export function deleter(
  sqlite: BetterSqlite3.Database,
  record: RecordDefinition,
): (row: RowValues) => void {
  const names = columnNames(record);
  const primaryKey = primaryKeyPositions(record);
  const statement = sqlite.prepare(
    `DELETE FROM ${record.table} WHERE ${primaryKey.map((i) => `${names[i]} = ?`).join(' AND ')}`,
  );
  return (row) => statement.run(...primaryKey.map((i) => row[i]));
}
