import {
  type CheckBuilder,
  check,
  type ForeignKeyBuilder,
  foreignKey,
  type IndexBuilder,
  index,
  integer,
  type PrimaryKeyBuilder,
  primaryKey,
  type SQLiteColumn,
  type SQLiteColumnBuilderBase,
  type SQLiteTableWithColumns,
  sqliteTable,
  text,
} from 'drizzle-orm/sqlite-core';
import type { Field } from '../../records/field.js';
import type { RecordDefinition } from '../../records/record.js';
import { tablePartsOf, tablesOf } from '../table-parts.js';

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
function sqliteTableOf(record: RecordDefinition, built: ReadonlyMap<string, AnyTable>): AnyTable {
  const columns = Object.fromEntries(
    Object.entries(record.fields).map(([name, field]) => [name, column(name, field)]),
  );
  return sqliteTable(record.table, columns, (t) =>
    tablePartsOf<SQLiteColumn, PrimaryKeyBuilder | IndexBuilder | ForeignKeyBuilder | CheckBuilder>(
      record,
      (name) => t[name] as SQLiteColumn,
      built,
      {
        primaryKey: (columns) => primaryKey({ columns }),
        index: (name, [first, ...rest]) => index(name).on(first, ...rest),
        foreignKey: (name, columns, foreignColumns) =>
          foreignKey({ name, columns, foreignColumns }),
        check,
      },
      { safeIntegers: false },
    ),
  ) as AnyTable;
}

/** Every record's table, keyed by table name, built in dependency order. */
export const sqliteTablesOf = (records: readonly RecordDefinition[]) =>
  tablesOf(records, sqliteTableOf);
