import { describe, expect, it } from 'vitest';
import * as postgres from '../../../src/store/postgres/triggers.js';
import * as sqlite from '../../../src/store/sqlite/triggers.js';
import { lastCreating } from '../../support/migrations.js';

/*
 * The triggers that keep the periods' changes are written out in migrations
 * (drizzle/sqlite/0010_profile_changes.sql and 0011_profile_changes_lean.sql,
 * drizzle/postgres/0009_profile_changes.sql) from
 * src/store/*\/triggers.ts: this holds the last migration creating each trigger or
 * function to the module, so a change to one without a migration fails here. What they do is
 * periods.test.ts's.
 */

describe('the period triggers', () => {
  it.each(sqlite.PERIOD_TRIGGERS.map((statement) => [statement.split('\n')[0], statement]))(
    'SQLite: %s',
    (_name, statement) => {
      const name = /CREATE TRIGGER (`[a-z_]+`)/.exec(statement)?.[1] ?? '';
      expect(lastCreating('sqlite', `CREATE TRIGGER ${name}`)).toContain(statement);
    },
  );

  it('SQLite: the table, WITHOUT ROWID', () => {
    expect(lastCreating('sqlite', 'CREATE TABLE `profile_changes`')).toContain(sqlite.PERIOD_TABLE);
  });

  it.each(
    [...postgres.PERIOD_FUNCTIONS, ...postgres.PERIOD_TRIGGERS].map((statement) => [
      statement.split('\n')[0],
      statement,
    ]),
  )('PostgreSQL: %s', (_name, statement) => {
    const name = /CREATE (?:FUNCTION|TRIGGER) ([a-z_]+)/.exec(statement)?.[0] ?? '';
    expect(lastCreating('postgres', name)).toContain(statement);
  });
});
