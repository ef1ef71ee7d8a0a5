import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as sqliteMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { GAIN_INDEXES } from '../../src/store/gain-bounds.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import * as postgres from '../../src/store/postgres/triggers.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import * as sqlite from '../../src/store/sqlite/triggers.js';
import type { Store } from '../../src/store/store.js';
import { lastCreating, migrationsBefore, runStatements } from '../support/migrations.js';
import { createTestDatabase, openTestStore, storeKinds } from '../support/store.js';

/*
 * The history's triggers, which write who and why onto each row (the ledger is read off them),
 * are written out in a migration of each engine (drizzle/sqlite/0021_ledger_on_history.sql,
 * drizzle/postgres/0020_ledger_on_history.sql) from their modules (src/store/*\/triggers.ts):
 * this holds the migrations to the modules. And a database of the version before, whose ledger
 * had a table of its own, opened by this one: the same entries, who and why on them, the award
 * undone still undone, and the next change counted from the points.
 */

const TAG = { sqlite: '0021_ledger_on_history', postgres: '0020_ledger_on_history' } as const;

describe('the history triggers in the migrations', () => {
  it('on SQLite are the module’s, with its context table', () => {
    for (const statement of [...sqlite.HISTORY_TRIGGERS, sqlite.CONTEXT_TABLE_SQL]) {
      const name = /CREATE (?:TRIGGER|TABLE) (`[a-z_]+`)/.exec(statement)?.[1] ?? '';
      const sql = lastCreating('sqlite', `${statement.split(' ').slice(0, 2).join(' ')} ${name}`);
      expect(sql, `no migration creates ${name}`).toBeDefined();
      expect(sql).toContain(statement);
    }
  });

  it('on PostgreSQL are the module’s function', () => {
    expect(lastCreating('postgres', 'FUNCTION housecup_record_points()')).toContain(
      postgres.HISTORY_FUNCTION,
    );
  });

  it('on both, with the partial indexes the bounds of a gain probe', () => {
    for (const kind of ['sqlite', 'postgres'] as const) {
      for (const index of GAIN_INDEXES) {
        const name = /INDEX (\w+) ON/.exec(index)?.[1] ?? '';
        expect(lastCreating(kind, `INDEX ${name}`), name).toContain(index);
      }
    }
  });
});

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database of `kind` migrated up to before the ledger, at `where`. */
async function before(kind: 'sqlite' | 'postgres'): Promise<string> {
  const folder = migrationsBefore(kind, TAG[kind], cleanups as (() => void)[]);
  if (kind === 'sqlite') {
    const test = await openTestStore(kind);
    cleanups.push(() => test.cleanup());
    await test.store.close();
    const where = join(test.dir, 'old.db');
    const old = new Sqlite(where);
    sqliteMigrate(sqliteDrizzle(old), { migrationsFolder: folder });
    old.close();
    return where;
  }
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await pgMigrate(pgDrizzle(client), { migrationsFolder: folder });
  } finally {
    await client.end();
  }
  return database.url;
}

/** Who and why, as the version before took them: its triggers read them for each entry. */
const context = (kind: 'sqlite' | 'postgres', json: object) =>
  kind === 'sqlite'
    ? `INSERT OR REPLACE INTO points_ledger_context (one, context) VALUES (1, '${JSON.stringify(json)}')`
    : `SELECT set_config('housecup.ledger', '${JSON.stringify(json)}', false)`;
const noContext = (kind: 'sqlite' | 'postgres') =>
  kind === 'sqlite'
    ? 'DELETE FROM points_ledger_context'
    : "SELECT set_config('housecup.ledger', '', false)";

describe.each(storeKinds(import.meta.filename))(
  'the ledger’s move onto the history on %s',
  (kind) => {
    it('keeps every entry, who and why on them, and counts the next change from the points', async () => {
      const where = await before(kind);
      const award = {
        source: 'award',
        by: '300000000000000001',
        for: '200000000000000001',
        reason: 'Best potion',
      };
      await runStatements(kind, where, [
        `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff)
       VALUES ('a', 150, 0, -20, 100), ('b', 0, 0, 0, 0)`,
        context(kind, award),
        `UPDATE house_points SET slytherin = slytherin + 10 WHERE guild_id = 'a'`,
        noContext(kind),
        `UPDATE house_points SET hufflepuff = 90 WHERE guild_id = 'a'`,
        `UPDATE points_ledger SET undone = 1 WHERE source = 'award'`,
      ]);
      const store: Store =
        kind === 'sqlite'
          ? openSqliteStore(where)
          : await openPostgresStore(where, { logger: createLogger({ level: 'silent' }) });
      cleanups.push(() => store.close());

      const { items } = await store.read.ledger.list('a', { limit: 10 });
      expect(
        items.map(({ house, delta, total, source, by, for: to, reason, undone }) => [
          ...[house, delta, total, source],
          ...[by, to, reason, undone],
        ]),
      ).toEqual([
        ['hufflepuff', -10, 90, 'game', null, null, null, false],
        ['slytherin', 10, 10, 'award', award.by, award.for, award.reason, true],
        ['hufflepuff', 100, 100, 'game', null, null, null, false],
        ['ravenclaw', -20, -20, 'game', null, null, null, false],
        ['gryffindor', 150, 150, 'game', null, null, null, false],
      ]);
      expect((await store.read.ledger.list('b', { limit: 10 })).items).toEqual([]);

      await runStatements(kind, where, [
        `UPDATE house_points SET gryffindor = 155 WHERE guild_id = 'a'`,
      ]);
      const [latest] = (await store.read.ledger.list('a', { limit: 1 })).items;
      expect(latest).toMatchObject({ house: 'gryffindor', delta: 5, total: 155, source: 'game' });
    });
  },
);
