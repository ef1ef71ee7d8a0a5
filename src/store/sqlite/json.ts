import { columnNames, type RecordDefinition } from '../../records/record.js';

/**
 * SQLite's expression for one row of `record` as a JSON object, keys in field order: what the
 * API answers for that record, serialized by SQLite itself (no JS object per row).
 */
export function sqliteJsonObject(record: RecordDefinition): string {
  const pairs = columnNames(record).map((name) => `'${name}', ${name}`);
  return `json_object(${pairs.join(', ')})`;
}
