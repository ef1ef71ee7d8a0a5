import {
  check,
  foreignKey,
  index,
  integer,
  primaryKey,
  type SQLiteColumn,
  type SQLiteColumnBuilderBase,
  type SQLiteTableWithColumns,
  sqliteTable,
  text,
} from 'drizzle-orm/sqlite-core';
import type { Field } from '../../records/field.js';
import type { RecordDefinition } from '../../records/record.js';
import { checkOf } from '../constraints.js';

/*
 * SQLite tables built from the record definitions: the schema drizzle-kit generates SQLite
 * migrations from, so a field changed in src/records/ is a migration away from the database.
 */

// biome-ignore lint/suspicious/noExplicitAny: drizzle's own name for "a table of any columns".
type AnyTable = SQLiteTableWithColumns<any>;

function column(name: string, field: Field): SQLiteColumnBuilderBase {
  const numeric = field.kind === 'rowId' || field.kind === 'integer';
  if (field.generated) return integer(name).primaryKey({ autoIncrement: true });
  let built = numeric
    ? integer(name)
    : field.kind === 'choice'
      ? text(name, { enum: field.values as [string, ...string[]] })
      : text(name);
  if (!field.nullable) built = built.notNull();
  if (field.defaultValue !== undefined) built = built.default(field.defaultValue as never);
  if (field.unique) built = built.unique();
  return built;
}

/** The table of `record`; `built` holds the tables already made, for foreign keys. */
export function sqliteTableOf(record: RecordDefinition, built: ReadonlyMap<string, AnyTable>) {
  const columns = Object.fromEntries(
    Object.entries(record.fields).map(([name, field]) => [name, column(name, field)]),
  );
  return sqliteTable(record.table, columns, (t) => {
    const col = (name: string) => t[name] as SQLiteColumn;
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
          columns: reference.columns.map(col) as [SQLiteColumn, ...SQLiteColumn[]],
          foreignColumns: reference.foreignColumns.map((name) => target[name]) as [
            SQLiteColumn,
            ...SQLiteColumn[],
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

/** Every record's table, keyed by table name, built in dependency order. */
export function sqliteTablesOf(records: readonly RecordDefinition[]): Map<string, AnyTable> {
  const built = new Map<string, AnyTable>();
  for (const record of records) built.set(record.table, sqliteTableOf(record, built));
  return built;
}
