import { describe, expect, it } from 'vitest';
import { CHANGE_SOURCES } from '../../src/records/guild-changes.js';
import * as postgres from '../../src/store/postgres/triggers.js';
import * as sqlite from '../../src/store/sqlite/triggers.js';
import { lastCreating } from '../support/migrations.js';

/*
 * The change triggers that write guild_changes are written out in migrations
 * (drizzle/*\/0007_guild_changes.sql) from the record definitions (src/store/*\/triggers.ts).
 * This holds the migrations to the records: a table of guild data added to CHANGE_SOURCES, or on
 * SQLite a field added to one of those records (its UPDATE trigger compares every column),
 * without a migration that writes the table's triggers again fails here. What the triggers do is
 * guild-changes.test.ts's.
 */

describe('the change triggers on SQLite', () => {
  it.each(CHANGE_SOURCES.map((source) => [source.record.table, source] as const))(
    'of %s are the ones its record implies',
    (_table, source) => {
      for (const statement of sqlite.changeTriggers(source)) {
        const name = /CREATE TRIGGER (`[a-z_]+`)/.exec(statement)?.[1] ?? '';
        const sql = lastCreating('sqlite', `CREATE TRIGGER ${name}`);
        expect(sql, `no migration creates ${name}`).toBeDefined();
        expect(sql).toContain(statement);
      }
    },
  );

  it('count the keys’ own changes, as the module writes them', () => {
    for (const statement of sqlite.KEY_CHANGES_SQL) {
      const opening =
        /^(?:CREATE (?:TABLE|TRIGGER) `[a-z_]+`|INSERT INTO `[a-z_]+`)/.exec(statement)?.[0] ?? '';
      const sql = lastCreating('sqlite', opening);
      expect(sql, `no migration has ${opening}`).toBeDefined();
      expect(sql).toContain(statement);
    }
  });

  it('start every guild that holds data with numbers of its own', () => {
    expect(lastCreating('sqlite', 'CREATE TABLE `guild_changes`')).toContain(
      sqlite.existingChanges(),
    );
  });
});

describe('the change triggers on PostgreSQL', () => {
  it.each(CHANGE_SOURCES.map((source) => [source.record.table, source] as const))(
    'of %s are the ones its record implies',
    (_table, source) => {
      for (const statement of postgres.changeTriggers(source)) {
        const name = /CREATE TRIGGER ([a-z_]+)/.exec(statement)?.[1] ?? '';
        const sql = lastCreating('postgres', `CREATE TRIGGER ${name} `);
        expect(sql, `no migration creates ${name}`).toBeDefined();
        expect(sql).toContain(statement);
      }
    },
  );

  it.each(
    CHANGE_SOURCES.filter((source) => source.roster).map(
      (source) => [source.record.table, source] as const,
    ),
  )('of %s number its roster as the module writes it', (_table, source) => {
    for (const statement of postgres.rosterTriggers(source)) {
      const opening = /^CREATE (?:FUNCTION|TRIGGER) [a-z_]+/.exec(statement)?.[0] ?? '';
      const sql = lastCreating('postgres', opening);
      expect(sql, `no migration has ${opening}`).toBeDefined();
      expect(sql).toContain(statement);
    }
    expect(lastCreating('postgres', 'CREATE SEQUENCE')).toContain(
      `CREATE SEQUENCE ${postgres.ROSTER_NUMBERS};`,
    );
  });

  it('call the functions, and notify from guild_changes, as the module writes them', () => {
    for (const statement of [...postgres.CHANGE_FUNCTIONS, ...postgres.NOTIFY_TRIGGERS]) {
      const name = /CREATE (?:FUNCTION|TRIGGER) ([a-z_]+)/.exec(statement)?.[1] ?? '';
      const sql = lastCreating('postgres', `CREATE ${statement.split(' ')[1]} ${name}`);
      expect(sql, `no migration creates ${name}`).toBeDefined();
      expect(sql).toContain(statement);
    }
    expect(lastCreating('postgres', 'CREATE TABLE "guild_changes"')).toContain(
      postgres.existingChanges(),
    );
  });
});
