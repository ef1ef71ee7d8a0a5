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
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import { points } from '../support/history.js';
import { migrationsBefore, runStatements } from '../support/migrations.js';
import { createTestDatabase, openTestStore, storeKinds } from '../support/store.js';

/*
 * A database of the version before terms kept the points they started from, opened by this one:
 * the migration reads each stored term's start from the points history (its last change at or
 * before the term's start), so a term ended before the change keeps its gain where the history
 * still holds its start, and its totals where it does not; an open term's cup counts from its
 * start too. Nothing is recorded as a change of the terms (no webhook message, no live edit).
 */

const TAG = { sqlite: '0016_term_starts', postgres: '0015_term_starts' } as const;

/** What the game and housecup had written on the previous version's schema (its triggers ran). */
const WRITES = [
  // a: its history holds every term's start.
  `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES ('a', 150, 100, 90, 100)`,
  `DELETE FROM points_history WHERE guild_id = 'a'`,
  `INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES
     ('a', '2025-12-20T00:00:00.000Z', 100, 100, 100, 100),
     ('a', '2026-01-15T00:00:00.000Z', 130, 100, 90, 100),
     ('a', '2026-02-10T00:00:00.000Z', 150, 100, 90, 100)`,
  `INSERT INTO terms (guild_id, id, name, started_at, ended_at, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES
     ('a', 1, 'Spring', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', 130, 100, 90, 100)`,
  `INSERT INTO terms (guild_id, id, name, started_at) VALUES ('a', 2, 'Summer', '2026-02-01T00:00:00.000Z')`,
  // b: its history no longer holds its term's start (nothing before this year's points).
  `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES ('b', 7, 7, 7, 7)`,
  `INSERT INTO terms (guild_id, id, name, started_at, ended_at, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES
     ('b', 1, 'Long ago', '2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z', 500, 400, 300, 200)`,
];

const TERMS_SEQ = `SELECT guild_id, seq FROM guild_changes WHERE area = 'terms' ORDER BY guild_id`;
const STARTS = `SELECT guild_id, id, start_gryffindor, start_slytherin, start_ravenclaw, start_hufflepuff
  FROM terms ORDER BY guild_id, id`;

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store of `kind` at the previous version holding WRITES; what it recorded; then migrated. */
async function migrated(kind: 'sqlite' | 'postgres') {
  const test = await openTestStore(kind);
  cleanups.push(() => test.cleanup());
  await test.store.close();
  const folder = migrationsBefore(kind, TAG[kind], cleanups as (() => void)[]);
  let where: string;
  if (kind === 'sqlite') {
    where = join(test.dir, 'old.db');
    const old = new Sqlite(where);
    sqliteMigrate(sqliteDrizzle(old), { migrationsFolder: folder });
    old.close();
  } else {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    where = database.url;
    const client = new pg.Client({ connectionString: where });
    await client.connect();
    try {
      await pgMigrate(pgDrizzle(client), { migrationsFolder: folder });
    } finally {
      await client.end();
    }
  }
  await runStatements(kind, where, WRITES);
  const recorded = await runStatements(kind, where, [TERMS_SEQ]);
  const store: Store =
    kind === 'sqlite'
      ? openSqliteStore(where)
      : await openPostgresStore(where, { logger: createLogger({ level: 'silent' }) });
  cleanups.push(() => store.close());
  return { store, recorded, query: (sql: string) => runStatements(kind, where, [sql]) };
}

describe.each(storeKinds(import.meta.filename))('the term starts migration on %s', (kind) => {
  it('fills each term’s start from the history: gains where it holds the start, totals where not', async () => {
    const { store, recorded, query } = await migrated(kind);
    const number = (value: unknown) => (value === null ? null : Number(value));
    const starts = (await query(STARTS)) as Record<string, unknown>[];
    expect(
      starts.map((row) => [
        row.guild_id,
        Number(row.id),
        number(row.start_gryffindor),
        number(row.start_slytherin),
        number(row.start_ravenclaw),
        number(row.start_hufflepuff),
      ]),
    ).toEqual([
      ['a', 1, 100, 100, 100, 100],
      ['a', 2, 130, 100, 90, 100],
      ['b', 1, null, null, null, null],
    ]);

    const [summer, spring] = (await store.read.terms.list('a')).items;
    expect(spring).toMatchObject({
      standings: points(30, 0, -10, 0),
      totals: points(130, 100, 90, 100),
      winners: ['gryffindor'],
    });
    expect(summer).toMatchObject({
      standings: points(20, 0, 0, 0),
      totals: points(150, 100, 90, 100),
      winners: null,
    });
    // The history no longer holds its start: what can be known, its totals.
    expect((await store.read.terms.list('b')).items).toMatchObject([
      { standings: points(500, 400, 300, 200), totals: points(500, 400, 300, 200) },
    ]);
    expect((await store.read.terms.list('b')).items[0]?.winners).toEqual(['gryffindor']);

    // Filled without a change of the terms: no term message, no live edit, no cache dropped.
    expect(await query(TERMS_SEQ)).toEqual(recorded);
    // Later writes of a term are recorded as ever, the new columns compared too.
    await query(`UPDATE terms SET start_gryffindor = 1 WHERE guild_id = 'b'`);
    expect(await query(TERMS_SEQ)).not.toEqual(recorded);
  });
});
