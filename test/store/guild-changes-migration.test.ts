import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as sqliteMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import type { ChangeArea } from '../../src/records/guild-changes.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import { eventually } from '../support/eventually.js';
import { historyOf } from '../support/history.js';
import { migrationsBefore, migrationsThrough } from '../support/migrations.js';
import { createTestDatabase, openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * A database of the previous version (migrations up to 0006, with guild_generations and
 * area_changes) opened by this one: migration 0007 gives every guild that holds data a number per
 * area it has data in, so each guild's generation is its own from the first request and a change
 * of one guild leaves the others' cached answers valid; it records the standings now where a
 * guild's last history row is not its points (earlier imports could leave that); on PostgreSQL,
 * nodes of the previous version still running read their players and jobs marks from a view.
 */

/** A version a database may be at when this one opens it. */
interface Previous {
  name: string;
  folder(kind: 'sqlite' | 'postgres', cleanups: (() => void)[]): string;
}

const PREVIOUS: Previous[] = [
  {
    name: 'the version before it (0006)',
    folder: (kind, cleanups) => migrationsBefore(kind, '0007_guild_changes', cleanups),
  },
  {
    // 0008 was merged before 0007 and has the earlier timestamp: 0007 must still be applied.
    name: 'a version with 0008 and without it',
    folder: (kind, cleanups) =>
      // Nor anything after 0008: later migrations expect 0007 applied before them.
      migrationsThrough(kind, '0008_published_guild_titles', ['0007_guild_changes'], cleanups),
  },
];

/** What the game had written, on the previous version's schema (its triggers ran). */
const WRITES = [
  `INSERT INTO jobs (guild_id, id, name) VALUES ('a', 1, 'Auror')`,
  `INSERT INTO profiles (guild_id, id, user_id, name, job_id, created_at)
   VALUES ('a', 1, '1', 'Harry', 1, '2026-01-01T00:00:00.000Z')`,
  `INSERT INTO house_points (guild_id, gryffindor) VALUES ('a', 10)`,
  `INSERT INTO premium (guild_id, expires_at) VALUES ('a', NULL)`,
  `INSERT INTO published_guilds (guild_id, published_at) VALUES ('a', '2026-01-01T00:00:00.000Z')`,
  `INSERT INTO house_points (guild_id, gryffindor) VALUES ('b', 5)`,
  // c: an import of before left the file's last entry after the points it wrote.
  `INSERT INTO house_points (guild_id, gryffindor) VALUES ('c', 1312)`,
  `UPDATE points_history SET gryffindor = 1012 WHERE guild_id = 'c'`,
  // d: points removed; its history ends with four nulls.
  `INSERT INTO house_points (guild_id, gryffindor) VALUES ('d', 7)`,
  `DELETE FROM house_points WHERE guild_id = 'd'`,
];

const AREAS: Record<string, ChangeArea[]> = {
  a: ['history', 'jobs', 'players', 'points', 'premium', 'publication'],
  b: ['history', 'points'],
  c: ['history', 'points'],
  d: ['history'],
};

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store of `kind` at the previous version holding WRITES, then opened (and migrated) by this one. */
async function migrated(
  kind: 'sqlite' | 'postgres',
  previous: Previous,
): Promise<{ store: Store; test: TestStore }> {
  const test = await openTestStore(kind);
  cleanups.push(() => test.cleanup());
  await test.store.close();
  const folder = previous.folder(kind, cleanups as (() => void)[]);
  if (kind === 'sqlite') {
    const path = join(test.dir, 'old.db');
    const old = new Sqlite(path);
    sqliteMigrate(sqliteDrizzle(old), { migrationsFolder: folder });
    for (const sql of WRITES) old.exec(sql);
    old.close();
    const store = openSqliteStore(path);
    cleanups.push(() => store.close());
    return { store, test: { ...test, store, env: { DATABASE_PATH: path } } };
  }
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await pgMigrate(pgDrizzle(client), { migrationsFolder: folder });
    for (const sql of WRITES) await client.query(sql);
  } finally {
    await client.end();
  }
  const store = await openPostgresStore(database.url, {
    logger: createLogger({ level: 'silent' }),
  });
  cleanups.push(() => store.close());
  return { store, test: { ...test, store, env: { DATABASE_URL: database.url } } };
}

/** Runs SQL on a connection of its own, as the game. */
async function gameWrites(test: TestStore, sql: string): Promise<unknown[]> {
  if (test.kind === 'sqlite') {
    const db = new Sqlite(test.env.DATABASE_PATH ?? '');
    try {
      const statement = db.prepare(sql);
      if (statement.reader) return statement.all();
      statement.run();
      return [];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: test.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.each(
  storeKinds(import.meta.filename).flatMap((kind) =>
    PREVIOUS.map((previous) => [kind, previous.name, previous] as const),
  ),
)('migration 0007 on %s, from %s', (kind, _name, previous) => {
  it('numbers every guild’s areas, keeps the generations apart, and ends each history at its points', async () => {
    const { store, test } = await migrated(kind, previous);
    const { read } = store;
    for (const [guild, areas] of Object.entries(AREAS)) {
      const changes = await read.changes.of(guild);
      const recorded = (Object.keys(changes) as ChangeArea[]).filter((area) => changes[area] > 0);
      expect(recorded.sort(), guild).toEqual(areas);
    }
    const numbers = (await read.changes.since(null)).changes.map((change) => change.seq);
    expect(new Set(numbers).size).toBe(numbers.length);

    // Each guild's last history row is its points now; only c needed a row for it.
    expect((await historyOf(test, 'c')).map((row) => row.gryffindor)).toEqual([1012, 1312]);
    expect((await historyOf(test, 'a')).map((row) => row.gryffindor)).toEqual([10]);
    expect((await historyOf(test, 'd')).map((row) => row.gryffindor)).toEqual([7, null]);

    // A change of one guild moves its generation and no other's. (The tokens say nothing across
    // nodes: SQLite's start every guild at the highest number, PostgreSQL's count the
    // notifications since the node listened.)
    const generations = Object.keys(AREAS).map((guild) => read.generation(guild));
    await gameWrites(test, `UPDATE house_points SET gryffindor = 6 WHERE guild_id = 'b'`);
    await eventually(
      async () => read.generation('b'),
      (generation) => generation !== generations[1],
    );
    expect(read.generation('b')).not.toBe(generations[1]);
    expect(read.generation('a')).toBe(generations[0]);

    if (kind === 'postgres') {
      // What a node of the previous version reads for its players and jobs events.
      const rows = await gameWrites(
        test,
        `SELECT area, changes FROM area_changes WHERE guild_id = 'a' ORDER BY area`,
      );
      expect(rows).toEqual([
        { area: 'jobs', changes: expect.any(String) },
        { area: 'players', changes: expect.any(String) },
      ]);
    }
  });
});
