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
 * Inserts rows (values in the record's field order, as rowOf gives them) into the record's table
 * (or `table`, a table of the same columns) in batches: one
 * statement per batch, every column sent as an array and unnested by PostgreSQL, so 50,000
 * profiles are a handful of round trips rather than 50,000.
 */
export async function insertRows(
  client: pg.ClientBase,
  record: RecordDefinition,
  rows: readonly (readonly unknown[])[],
  table = record.table,
): Promise<void> {
  const names = columnNames(record);
  const fields = names.map((name) => record.fields[name] as Field);
  const text = `INSERT INTO ${table} (${names.join(', ')})
    SELECT * FROM unnest(${fields.map((field, i) => `$${i + 1}::${arrayType(field)}`).join(', ')})`;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const columns = names.map((_, i) => batch.map((row) => row[i] ?? null));
    await client.query(text, columns);
  }
}

/** The rows' columns as arrays, and the unnest() that makes them rows `s` again. */
function unnested(record: RecordDefinition, names: readonly string[], first = 1) {
  const fields = names.map((name) => record.fields[name] as Field);
  return `unnest(${fields.map((field, i) => `$${i + first}::${arrayType(field)}`).join(', ')}) AS s(${names.join(', ')})`;
}

/**
 * Writes rows (values in field order) over the stored rows with the same primary key, in
 * batches: one UPDATE … FROM unnest() per batch.
 */
export async function updateRows(
  client: pg.ClientBase,
  record: RecordDefinition,
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const names = columnNames(record);
  const primaryKey = record.primaryKey ?? ['id'];
  const text = `UPDATE ${record.table} AS t SET ${names
    .filter((name) => !primaryKey.includes(name))
    .map((name) => `${name} = s.${name}`)
    .join(', ')}
    FROM ${unnested(record, names)}
    WHERE ${primaryKey.map((name) => `t.${name} = s.${name}`).join(' AND ')}`;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    await client.query(
      text,
      names.map((_, i) => batch.map((row) => row[i] ?? null)),
    );
  }
}

/** Deletes the stored rows with the primary keys of `rows` (values in field order), in batches. */
export async function deleteRows(
  client: pg.ClientBase,
  record: RecordDefinition,
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const names = columnNames(record);
  const primaryKey = record.primaryKey ?? ['id'];
  const positions = primaryKey.map((name) => names.indexOf(name));
  const text = `DELETE FROM ${record.table} AS t USING ${unnested(record, primaryKey)}
    WHERE ${primaryKey.map((name) => `t.${name} = s.${name}`).join(' AND ')}`;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    await client.query(
      text,
      positions.map((at) => batch.map((row) => row[at] ?? null)),
    );
  }
}
