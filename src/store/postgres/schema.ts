import { isNotNull } from 'drizzle-orm';
import {
  bigint,
  type CheckBuilder,
  check,
  customType,
  type ForeignKeyBuilder,
  foreignKey,
  type IndexBuilder,
  index,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
  type PrimaryKeyBuilder,
  pgTable,
  primaryKey,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { Field } from '../../records/field.js';
import { RECORDS } from '../../records/index.js';
import type { RecordDefinition } from '../../records/record.js';
import { namedTables, tablePartsOf, tablesOf } from '../table-parts.js';

// Read by drizzle-kit (drizzle.postgres.config.ts): `npm run db:generate` after a record changes.

// biome-ignore lint/suspicious/noExplicitAny: drizzle's own name for "a table of any columns".
type AnyTable = PgTableWithColumns<any>;

/** Text compared by code points, as SQLite's BINARY: the same order whatever the collation. */
const codePointText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

function column(name: string, field: Field): PgColumnBuilderBase {
  if (field.generated) {
    return bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
  }
  if (field.kind === 'timestamp') {
    const stamp = timestamp(name, { withTimezone: true, precision: 3, mode: 'string' });
    return field.nullable ? stamp : stamp.notNull();
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

function pgTableOf(record: RecordDefinition, built: ReadonlyMap<string, AnyTable>): AnyTable {
  const columns = Object.fromEntries(
    Object.entries(record.fields).map(([name, field]) => [name, column(name, field)]),
  );
  return pgTable(record.table, columns, (t) =>
    tablePartsOf<PgColumn, PrimaryKeyBuilder | IndexBuilder | ForeignKeyBuilder | CheckBuilder>(
      record,
      (name) => t[name] as PgColumn,
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
      { safeIntegers: true },
    ),
  ) as AnyTable;
}

const pgTablesOf = (records: readonly RecordDefinition[]) => tablesOf(records, pgTableOf);

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
} = namedTables(pgTablesOf(RECORDS));
