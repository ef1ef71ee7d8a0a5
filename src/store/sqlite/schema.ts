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
import { type Core, recordTables } from '../table-parts.js';

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

const core: Core<
  AnyTable,
  SQLiteColumn,
  PrimaryKeyBuilder | IndexBuilder | ForeignKeyBuilder | CheckBuilder
> = {
  table: sqliteTable,
  column,
  primaryKey,
  index,
  foreignKey,
  check,
};

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
} = recordTables(core, { safeIntegers: false });
