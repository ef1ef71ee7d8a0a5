import type pg from 'pg';
import type { Field } from '../../records/field.js';
import { columnNames, type RecordDefinition } from '../../records/record.js';

/** Rows per INSERT statement: each column goes as one array parameter. */
const BATCH_ROWS = 10_000;

function arrayType(field: Field): string {
  if (field.kind === 'timestamp') return 'timestamptz[]';
  return field.kind === 'rowId' || field.kind === 'integer' ? 'bigint[]' : 'text[]';
}

/**
 * Inserts rows (values in the record's field order, as rowOf gives them) in batches: one
 * statement per batch, every column sent as an array and unnested by PostgreSQL, so 50,000
 * profiles are a handful of round trips rather than 50,000.
 */
export async function insertRows(
  client: pg.ClientBase,
  record: RecordDefinition,
  rows: readonly unknown[][],
): Promise<void> {
  const names = columnNames(record);
  const fields = names.map((name) => record.fields[name] as Field);
  const text = `INSERT INTO ${record.table} (${names.join(', ')})
    SELECT * FROM unnest(${fields.map((field, i) => `$${i + 1}::${arrayType(field)}`).join(', ')})`;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const columns = names.map((_, i) => batch.map((row) => row[i] ?? null));
    await client.query(text, columns);
  }
}
