import {
  bigint,
  check,
  customType,
  foreignKey,
  index,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
  pgTable,
  primaryKey,
} from 'drizzle-orm/pg-core';
import type { Field } from '../../records/field.js';
import type { RecordDefinition } from '../../records/record.js';
import { checkOf } from '../constraints.js';

/*
 * PostgreSQL tables built from the record definitions, as the SQLite ones are: the schema
 * drizzle-kit generates PostgreSQL migrations from. Same table and column names, same checks.
 */

// biome-ignore lint/suspicious/noExplicitAny: drizzle's own name for "a table of any columns".
type AnyTable = PgTableWithColumns<any>;

/**
 * Text compared by code points, as SQLite's BINARY does: ids and names sort the same on both
 * stores whatever the database's own collation (en_US would put `_` and case elsewhere).
 */
const codePointText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

function column(name: string, field: Field): PgColumnBuilderBase {
  if (field.generated) {
    return bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
  }
  // Integers are 64-bit, as SQLite's: galleons and ids may pass 2^31.
  let built =
    field.kind === 'rowId' || field.kind === 'integer'
      ? bigint(name, { mode: 'number' })
      : codePointText(name);
  if (!field.nullable) built = built.notNull();
  if (field.defaultValue !== undefined) built = built.default(field.defaultValue as never);
  if (field.unique) built = built.unique();
  return built;
}

export function pgTableOf(record: RecordDefinition, built: ReadonlyMap<string, AnyTable>) {
  const columns = Object.fromEntries(
    Object.entries(record.fields).map(([name, field]) => [name, column(name, field)]),
  );
  return pgTable(record.table, columns, (t) => {
    const col = (name: string) => t[name] as PgColumn;
    const parts = [];
    if (record.primaryKey) {
      const [first, ...rest] = record.primaryKey.map(col);
      if (first) parts.push(primaryKey({ columns: [first, ...rest] }));
    }
    for (const [name, columns] of Object.entries(record.indexes ?? {})) {
      const [first, ...rest] = columns.map(col);
      if (first) parts.push(index(name).on(first, ...rest));
    }
    for (const reference of record.references ?? []) {
      const target = built.get(reference.table);
      if (!target) throw new Error(`${record.table}: ${reference.table} must be built first`);
      parts.push(
        foreignKey({
          name: reference.name,
          columns: reference.columns.map(col) as [PgColumn, ...PgColumn[]],
          foreignColumns: reference.foreignColumns.map((name) => target[name]) as [
            PgColumn,
            ...PgColumn[],
          ],
        }),
      );
    }
    for (const [name, field] of Object.entries(record.fields)) {
      for (const spec of checkOf(record.table, name, field, col(name))) {
        parts.push(check(spec.name, spec.expression));
      }
    }
    return parts;
  }) as AnyTable;
}

export function pgTablesOf(records: readonly RecordDefinition[]): Map<string, AnyTable> {
  const built = new Map<string, AnyTable>();
  for (const record of records) built.set(record.table, pgTableOf(record, built));
  return built;
}
