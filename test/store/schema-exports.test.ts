import { getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECORDS } from '../../src/records/index.js';
import * as postgresSchema from '../../src/store/postgres/schema.js';
import * as sqliteSchema from '../../src/store/sqlite/schema.js';

/*
 * drizzle-kit makes a migration only for the tables a schema module exports by name, so each
 * engine's schema.ts names every table once more. A record whose table one of them forgets would
 * have no migration on that engine: this holds both lists to the records.
 */

const exportedTables = (schema: Record<string, unknown>) =>
  Object.values(schema)
    .filter((value) => is(value, Table))
    .map((table) => getTableName(table as Table))
    .sort();

const recordTables = RECORDS.map((record) => record.table).sort();

describe('the schema modules drizzle-kit reads', () => {
  it.each([
    ['SQLite', sqliteSchema],
    ['PostgreSQL', postgresSchema],
  ])('%s exports one table per record, no more', (_engine, schema) => {
    expect(exportedTables(schema)).toEqual(recordTables);
  });
});
