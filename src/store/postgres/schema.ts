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
import { type Core, recordTables } from '../table-parts.js';

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

const core: Core<
  AnyTable,
  PgColumn,
  PrimaryKeyBuilder | IndexBuilder | ForeignKeyBuilder | CheckBuilder
> = {
  table: pgTable,
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
} = recordTables(core, { safeIntegers: true });
