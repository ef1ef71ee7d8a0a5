import { isNotNull } from 'drizzle-orm';
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
import { RECORDS } from '../../records/index.js';
import type { RecordDefinition } from '../../records/record.js';
import { namedTables, tablePartsOf, tablesOf } from '../table-parts.js';

// Read by drizzle-kit (drizzle.config.ts): `npm run db:generate` after a record changes.

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
        index: (name, [first, ...rest], whereSet) => {
          const built = index(name).on(first, ...rest);
          return whereSet ? built.where(isNotNull(whereSet)) : built;
        },
        foreignKey: (name, columns, foreignColumns) =>
          foreignKey({ name, columns, foreignColumns }),
        check,
      },
      { safeIntegers: false },
    ),
  ) as AnyTable;
}

const sqliteTablesOf = (records: readonly RecordDefinition[]) => tablesOf(records, sqliteTableOf);

export const {
  apiKeys,
  housePoints,
  jobs,
  pointsHistory,
  premium,
  profiles,
  profileChanges,
  publishedGuilds,
  terms,
  guildChanges,
  liveMessages,
  webhookSubscriptions,
  webhookMessages,
  webhookAttempts,
  webhookCursors,
} = namedTables(sqliteTablesOf(RECORDS));
