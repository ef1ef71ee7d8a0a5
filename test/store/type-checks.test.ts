import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import Sqlite from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/sqlite/database.js';
import { migrationsBefore } from '../support/migrations.js';
import { openTestStore, type TestStore } from '../support/store.js';

/*
 * SQLite refuses what PostgreSQL's column types refuse, whoever writes: the game's own SQL on a
 * connection of its own, on a real file. The issue this answers: `UPDATE house_points SET
 * gryffindor = 'oops'` (or -1e308) was stored, copied into the history by its trigger, and then
 * aborted the process on every chart for a month.
 */

const GUILD = 'g1';
const NOW = Date.now();
const recent = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

const data = {
  guilds: [
    {
      id: GUILD,
      points: { gryffindor: 120, slytherin: 95, ravenclaw: 80, hufflepuff: 101 },
      history: [{ at: recent(3), gryffindor: 100, slytherin: 90, ravenclaw: 80, hufflepuff: 100 }],
      jobs: [{ id: 1, name: 'Auror', salary: 10 }],
      players: [
        { id: 1, user_id: '42', name: 'Luna', house: 'ravenclaw', year: 4, job_id: 1, galleons: 7 },
      ],
      premium: { expiresAt: null },
    },
  ],
};

/** Every row of every table of the file (the checks guard them, or their triggers write them). */
function everything(db: BetterSqlite3.Database): Record<string, unknown[]> {
  const tables = db
    .prepare<[], string>(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    .pluck()
    .all();
  return Object.fromEntries(
    tables.map((table) => [
      table,
      // profile_changes is WITHOUT ROWID: its key orders it.
      db
        .prepare(
          `SELECT * FROM ${table} ORDER BY ${table === 'profile_changes' ? 'guild_id, profile_id, kind, start' : 'rowid'}`,
        )
        .all(),
    ]),
  );
}

describe('SQLite refuses what PostgreSQL refuses', () => {
  let test: TestStore;
  let game: BetterSqlite3.Database;
  beforeAll(async () => {
    test = await openTestStore('sqlite', data);
    await test.store.publication.publish(GUILD);
    // The game: another connection, as docs/cli-and-data.md tells it to open the file.
    game = new Sqlite(test.env.DATABASE_PATH ?? '');
    game.pragma('foreign_keys = ON');
    game.pragma('busy_timeout = 5000');
  });
  afterAll(async () => {
    game?.close();
    await test?.cleanup();
  });

  it.each([
    [`UPDATE house_points SET gryffindor = 'oops'`, 'house_points.gryffindor must be an integer'],
    ['UPDATE house_points SET slytherin = -1e308', 'house_points.slytherin must be an integer'],
    ['UPDATE house_points SET ravenclaw = 1.5', 'house_points.ravenclaw must be an integer'],
    // One past PostgreSQL's bigint: SQLite keeps it as a real.
    [
      'UPDATE house_points SET hufflepuff = 9223372036854775808',
      'house_points.hufflepuff must be an integer',
    ],
    [
      `INSERT INTO house_points (guild_id, gryffindor) VALUES ('g2', '"><meta http-equiv="refresh">')`,
      'house_points.gryffindor must be an integer',
    ],
    [`UPDATE profiles SET galleons = 'lots'`, 'profiles.galleons must be an integer'],
    ['UPDATE profiles SET year = 2.5', 'profiles.year must be an integer'],
    [`UPDATE profiles SET name = X'4c756e61'`, 'profiles.name must be text'],
    [`UPDATE profiles SET created_at = X'00'`, 'profiles.created_at must be text'],
    ['UPDATE jobs SET salary = 1e300', 'jobs.salary must be an integer'],
    [
      `INSERT INTO jobs (guild_id, id, name) VALUES ('${GUILD}', 'two', 'Seer')`,
      'jobs.id must be an integer',
    ],
    [`UPDATE premium SET expires_at = X'01'`, 'premium.expires_at must be text'],
    [
      `UPDATE published_guilds SET published_at = X'01'`,
      'published_guilds.published_at must be text',
    ],
    // A column added after the checks (migration 0008) has its triggers written again.
    [`UPDATE published_guilds SET title = X'01'`, 'published_guilds.title must be text'],
    [
      `INSERT INTO points_history (guild_id, at, gryffindor) VALUES ('${GUILD}', '${recent(1)}', 'oops')`,
      'points_history.gryffindor must be an integer',
    ],
    [
      `INSERT INTO points_history (guild_id, at) VALUES ('${GUILD}', 'yesterday')`,
      'points_history.at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ',
    ],
    // A good instant in another form: the history is read by `at` as text, in one form.
    [
      `INSERT INTO points_history (guild_id, at) VALUES ('${GUILD}', '2026-01-02 03:04:05')`,
      'points_history.at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ',
    ],
    ['UPDATE guild_changes SET seq = 0.5', 'guild_changes.seq must be an integer'],
  ])('refuses %s, naming the column, and keeps every row as it was', (sql, message) => {
    const before = everything(game);
    expect(() => game.exec(sql)).toThrow(message);
    expect(everything(game)).toEqual(before);
  });

  it('takes what PostgreSQL takes: integer text and whole reals become integers, nulls where allowed', () => {
    game.exec(
      `UPDATE house_points SET gryffindor = '130', slytherin = 96.0 WHERE guild_id = '${GUILD}'`,
    );
    game.exec(
      `UPDATE profiles SET year = NULL, job_id = NULL, galleons = '8' WHERE guild_id = '${GUILD}'`,
    );
    game.exec(`UPDATE premium SET expires_at = NULL WHERE guild_id = '${GUILD}'`);
    const points = game
      .prepare(
        'SELECT gryffindor, typeof(gryffindor) AS g, slytherin, typeof(slytherin) AS s FROM house_points',
      )
      .get();
    expect(points).toEqual({ gryffindor: 130, g: 'integer', slytherin: 96, s: 'integer' });
    expect(game.prepare('SELECT year, job_id, galleons FROM profiles').get()).toEqual({
      year: null,
      job_id: null,
      galleons: 8,
    });
    // The history trigger recorded the change, through the checks on points_history too.
    const last = game
      .prepare('SELECT gryffindor, slytherin FROM points_history ORDER BY id DESC LIMIT 1')
      .get();
    expect(last).toEqual({ gryffindor: 130, slytherin: 96 });
  });
});

describe('a database holding such values from before the checks', () => {
  const cleanups: (() => void)[] = [];
  afterAll(() => {
    for (const cleanup of cleanups.reverse()) cleanup();
  });

  it('is not migrated: the start stops, naming each value and its row; once corrected, it opens', async () => {
    const test = await openTestStore('sqlite');
    cleanups.push(() => void test.cleanup());
    await test.store.close();
    const path = join(test.dir, 'old.db');
    const old = new Sqlite(path);
    migrate(drizzle(old), {
      migrationsFolder: migrationsBefore('sqlite', '0006_type_checks', cleanups),
    });
    old.exec(`
      INSERT INTO house_points VALUES ('good', 1, 2, 3, 4), ('bad', 1, 2, 3, 4);
      UPDATE house_points SET gryffindor = 'oops', hufflepuff = -1e308 WHERE guild_id = 'bad';
      INSERT INTO jobs (guild_id, id, name, salary) VALUES ('bad', 1, 'Auror', 2.5);`);
    const before = everything(old);
    old.close();

    let refusal = '';
    try {
      openDatabase(path).close();
    } catch (error) {
      refusal = String(error);
    }
    expect(refusal).toMatch(/^StoreOpenError: Cannot migrate database .*old\.db: /);
    for (const named of [
      `house_points WHERE guild_id = 'bad': gryffindor is 'oops' (house_points.gryffindor must be an integer)`,
      `house_points WHERE guild_id = 'bad': hufflepuff is -1.0e+308`,
      `jobs WHERE guild_id = 'bad' AND id = 1: salary is 2.5 (jobs.salary must be an integer)`,
      // The copy the history trigger made of the bad write.
      `points_history WHERE id = 3: gryffindor is 'oops'`,
    ]) {
      expect(refusal).toContain(named);
    }
    expect(refusal).not.toContain(`'good'`);

    // Nothing of the migration was kept: the same rows, no checks yet, the six migrations before.
    const after = new Sqlite(path);
    expect(everything(after)).toEqual(before);
    expect(
      after.prepare(`SELECT count(*) FROM sqlite_master WHERE name LIKE '%_types_%'`).pluck().get(),
    ).toBe(0);
    expect(after.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()).toBe(6);

    // Corrected as the message says, the next start migrates.
    after.exec(`
      UPDATE house_points SET gryffindor = 1, hufflepuff = 4 WHERE guild_id = 'bad';
      UPDATE jobs SET salary = 2 WHERE guild_id = 'bad';
      DELETE FROM points_history WHERE id = 3;`);
    after.close();
    const opened = openDatabase(path);
    expect(() => opened.sqlite.exec(`UPDATE house_points SET gryffindor = 'oops'`)).toThrow(
      'house_points.gryffindor must be an integer',
    );
    opened.close();
  });
});
