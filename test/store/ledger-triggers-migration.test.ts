import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as sqliteMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import * as postgres from '../../src/store/postgres/triggers.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import * as sqlite from '../../src/store/sqlite/triggers.js';
import type { Store } from '../../src/store/store.js';
import { migrationsBefore, migrationTexts } from '../support/migrations.js';
import { createTestDatabase, openTestStore, storeKinds } from '../support/store.js';

/*
 * The ledger's triggers are written out in a migration of each engine
 * (drizzle/sqlite/0017_points_ledger.sql, drizzle/postgres/0016_points_ledger.sql) from their
 * modules (src/store/*\/triggers.ts): this holds the migrations to the modules, so that a
 * change of a trigger without a migration that makes it again fails here. And a database of the
 * version before, holding points, opened by this one: each house's points are the ledger's first
 * entries, so that the next change counts from them, and nothing was recorded as a change.
 */

const TAG = { sqlite: '0017_points_ledger', postgres: '0016_points_ledger' } as const;

/** The SQL of the last migration of `dialect` whose text contains `creating`. */
function lastCreating(dialect: 'sqlite' | 'postgres', creating: string): string | undefined {
  return migrationTexts(dialect)
    .filter(({ sql }) => sql.includes(creating))
    .at(-1)?.sql;
}

describe('the ledger triggers in the migrations', () => {
  it('on SQLite are the module’s, with its context table and first entries', () => {
    for (const statement of [...sqlite.LEDGER_TRIGGERS, sqlite.CONTEXT_TABLE_SQL]) {
      const name = /CREATE (?:TRIGGER|TABLE) (`[a-z_]+`)/.exec(statement)?.[1] ?? '';
      const sql = lastCreating('sqlite', `${statement.split(' ').slice(0, 2).join(' ')} ${name}`);
      expect(sql, `no migration creates ${name}`).toBeDefined();
      expect(sql).toContain(statement);
    }
    expect(lastCreating('sqlite', 'CREATE TABLE `points_ledger`')).toContain(
      sqlite.OPENING_ENTRIES,
    );
  });

  it('on PostgreSQL are the module’s, with its function and first entries', () => {
    for (const statement of [...postgres.LEDGER_TRIGGERS, postgres.LEDGER_FUNCTION]) {
      const name = /CREATE (?:TRIGGER|FUNCTION) ([a-z_]+)/.exec(statement)?.[1] ?? '';
      const sql = lastCreating('postgres', `${statement.split(' ').slice(0, 2).join(' ')} ${name}`);
      expect(sql, `no migration creates ${name}`).toBeDefined();
      expect(sql).toContain(statement);
    }
    expect(lastCreating('postgres', 'CREATE TABLE "points_ledger"')).toContain(
      postgres.OPENING_ENTRIES,
    );
  });
});

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs statements on a connection of its own; the rows of the last. */
async function run(kind: 'sqlite' | 'postgres', where: string, statements: readonly string[]) {
  let rows: unknown[] = [];
  if (kind === 'sqlite') {
    const db = new Sqlite(where);
    try {
      for (const sql of statements) {
        const statement = db.prepare(sql);
        if (statement.reader) rows = statement.all();
        else {
          statement.run();
          rows = [];
        }
      }
    } finally {
      db.close();
    }
    return rows;
  }
  const client = new pg.Client({ connectionString: where });
  await client.connect();
  try {
    for (const sql of statements) rows = (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
  return rows;
}

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

const CHANGES = 'SELECT guild_id, area, seq FROM guild_changes ORDER BY guild_id, area';

describe.each(storeKinds(import.meta.filename))('the ledger migration on %s', (kind) => {
  it('opens the ledger with the points stored before it, recording no change', async () => {
    const where = await before(kind);
    await run(kind, where, [
      `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff)
       VALUES ('a', 150, 0, -20, 100), ('b', 0, 0, 0, 0)`,
    ]);
    const recorded = await run(kind, where, [CHANGES]);
    const store: Store =
      kind === 'sqlite'
        ? openSqliteStore(where)
        : await openPostgresStore(where, { logger: createLogger({ level: 'silent' }) });
    cleanups.push(() => store.close());

    const opening = await store.read.ledger.list('a', { limit: 10 });
    expect(
      opening.items.map(({ house, delta, total, source, by }) => [house, delta, total, source, by]),
    ).toEqual([
      ['hufflepuff', 100, 100, 'game', null],
      ['ravenclaw', -20, -20, 'game', null],
      ['gryffindor', 150, 150, 'game', null],
    ]);
    expect((await store.read.ledger.list('b', { limit: 10 })).items).toEqual([]);
    expect(await run(kind, where, [CHANGES])).toEqual(recorded);

    // The next change counts from them.
    await run(kind, where, [`UPDATE house_points SET gryffindor = 155 WHERE guild_id = 'a'`]);
    const [latest] = (await store.read.ledger.list('a', { limit: 1 })).items;
    expect(latest).toMatchObject({ house: 'gryffindor', delta: 5, total: 155, source: 'game' });
  });
});
