import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as sqliteMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { weekChange } from '../../src/answers/house-cup.js';
import { createLogger } from '../../src/logger.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import { migrationsBefore } from '../support/migrations.js';
import { createTestDatabase, openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * Every integer the store holds is a safe integer (at most 2^53 - 1 in size), refused past that
 * when it is written, whoever writes: the issue this answers is the game's `UPDATE house_points
 * SET gryffindor = 9007199254740993`, which both stores took and which then made the guild's
 * points, chart and public page answer 500. A database holding such a value from before stops
 * its upgrade, naming it, as it did for values of the wrong type.
 */

const GUILD = 'g1';
const MAX = 9007199254740991;
const data = {
  guilds: [
    {
      id: GUILD,
      points: { gryffindor: 120, slytherin: 95, ravenclaw: 80, hufflepuff: 101 },
      jobs: [{ id: 1, name: 'Auror', salary: 10 }],
      players: [{ id: 1, user_id: '42', name: 'Luna', house: 'ravenclaw', galleons: 7 }],
    },
  ],
};

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs SQL on a connection of its own, as the game does; the error's message, or null. */
async function gameWrite(env: Record<string, string>, sql: string): Promise<string | null> {
  try {
    if (env.DATABASE_PATH) {
      const db = new Sqlite(env.DATABASE_PATH);
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
      return null;
    }
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe.each(storeKinds(import.meta.filename))('integers past 2^53 on %s', (kind) => {
  // One store for the refusals: a refused write changes nothing for the next.
  let shared: TestStore;
  beforeAll(async () => {
    shared = await openTestStore(kind, data);
  });
  afterAll(async () => {
    await shared?.cleanup();
  });

  it.each([
    ['UPDATE house_points SET gryffindor = 9007199254740993', 'gryffindor'],
    ['UPDATE house_points SET slytherin = -9007199254740992', 'slytherin'],
    ['UPDATE house_points SET hufflepuff = 9223372036854775807', 'hufflepuff'],
    ['UPDATE profiles SET galleons = 9007199254740992', 'galleons'],
    ['UPDATE jobs SET salary = 1152921504606846976', 'salary'],
    [
      `INSERT INTO points_history (guild_id, at, gryffindor) VALUES ('${GUILD}', '2026-01-01T00:00:00.000Z', 9007199254740992)`,
      'gryffindor',
    ],
    // Safe points, but a change larger than any safe integer: its ledger entry's delta.
    [`UPDATE house_points SET slytherin = -${MAX}`, 'delta'],
  ])('refuses %s, naming the column, and the guild answers as before', async (sql, column) => {
    const refusal = await gameWrite(shared.env, sql);
    expect(refusal).toContain(column);
    expect(await shared.store.read.points.get(GUILD)).toEqual({
      gryffindor: 120,
      slytherin: 95,
      ravenclaw: 80,
      hufflepuff: 101,
    });
  });

  it('takes the largest safe integers, and serves them exactly', async () => {
    // Slytherin from 0: each change and each gain this week within the safe integers, as the
    // ledger serves the one as an entry's delta and the points the other as `this week`.
    const [guild] = data.guilds;
    const test = await openTestStore(kind, {
      guilds: [{ ...guild, points: { ...guild?.points, slytherin: 0 } }],
    });
    cleanups.push(() => test.cleanup());
    // Two commits: PostgreSQL's history records a transaction's change of the points as one.
    expect(await gameWrite(test.env, `UPDATE house_points SET gryffindor = ${MAX}`)).toBeNull();
    expect(
      await gameWrite(
        test.env,
        `UPDATE house_points SET slytherin = -${MAX};
         UPDATE profiles SET galleons = ${MAX}; UPDATE jobs SET salary = ${MAX}`,
      ),
    ).toBeNull();
    expect(await test.store.read.points.get(GUILD)).toMatchObject({
      gryffindor: MAX,
      slytherin: -MAX,
    });
    const [slytherin, gryffindor] = (await test.store.read.ledger.list(GUILD, { limit: 2 })).items;
    expect(slytherin).toMatchObject({ delta: -MAX, total: -MAX });
    expect(gryffindor).toMatchObject({ delta: MAX - 120, total: MAX });
    const [luna] = (await test.store.read.players.ofMember(GUILD, '42')) ?? [];
    expect(luna?.galleons).toBe(MAX);
  });
});

describe.each(storeKinds(import.meta.filename))('gains past 2^53 on %s', (kind) => {
  // Points may be negative: two safe changes can make a gain this week or in a term that is not
  // a safe integer, which `▲ … this week` and a term's cup would then serve. Slytherin is at 95,
  // its first points, this week.
  let test: TestStore;
  beforeEach(async () => {
    test = await openTestStore(kind, data);
    cleanups.push(() => test.cleanup());
  });
  const slytherin = async () => (await test.store.read.points.get(GUILD))?.slytherin;

  it('refuses points further than 2^53 - 1 from the week’s first', async () => {
    expect(await gameWrite(test.env, 'UPDATE house_points SET slytherin = 0')).toBeNull();
    // A change of -MAX: safe as a delta, but the week's gain would be -(MAX + 95).
    expect(await gameWrite(test.env, `UPDATE house_points SET slytherin = -${MAX}`)).toContain(
      'gain',
    );
    expect(await slytherin()).toBe(0);
    expect(
      await gameWrite(test.env, `UPDATE house_points SET slytherin = -${MAX - 95}`),
    ).toBeNull();
    const points = await test.store.read.points.get(GUILD);
    const change = points && (await weekChange(test.store.read, GUILD, points, Date.now()));
    expect(change?.slytherin).toBe(-MAX);
  });

  it('counts the week from the last points before it', async () => {
    // The history's last row before the week: the week counts from MAX, not from 95.
    expect(
      await gameWrite(
        test.env,
        `INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff)
         VALUES ('${GUILD}', '2020-01-06T00:00:00.000Z', 120, ${MAX}, 80, 101)`,
      ),
    ).toBeNull();
    expect(await gameWrite(test.env, 'UPDATE house_points SET slytherin = -1')).toContain('gain');
    expect(await slytherin()).toBe(95);
    expect(await gameWrite(test.env, 'UPDATE house_points SET slytherin = 0')).toBeNull();
  });

  it('refuses points further than 2^53 - 1 from the open term’s start', async () => {
    // A term begun last week at MAX, as another program may write one: this week counts from 95.
    expect(
      await gameWrite(
        test.env,
        `INSERT INTO terms (guild_id, id, name, started_at,
           start_gryffindor, start_slytherin, start_ravenclaw, start_hufflepuff)
         VALUES ('${GUILD}', 1, 'Old', '2020-01-06T00:00:00.000Z', 120, ${MAX}, 80, 101)`,
      ),
    ).toBeNull();
    expect(await gameWrite(test.env, 'UPDATE house_points SET slytherin = -1')).toContain('gain');
    expect(await slytherin()).toBe(95);
    expect(await gameWrite(test.env, 'UPDATE house_points SET slytherin = 0')).toBeNull();
    const [open] = (await test.store.read.terms.list(GUILD, { limit: 1 })).items;
    expect(open?.standings.slytherin).toBe(-MAX);
    // Once ended, its start no longer bounds the points.
    await test.store.terms.end(GUILD);
    expect(await gameWrite(test.env, 'UPDATE house_points SET slytherin = -1')).toBeNull();
  });

  it('counts a term written without its start from the history at its start', async () => {
    // The points before the term began, then the term without starts, as an older version or
    // another program writes one: its cup counts from those points (MAX), while the week counts
    // from 95, the last points before it.
    expect(
      await gameWrite(
        test.env,
        `INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff)
         VALUES ('${GUILD}', '2020-01-06T00:00:00.000Z', 120, ${MAX}, 80, 101),
                ('${GUILD}', '2020-01-08T00:00:00.000Z', 120, 95, 80, 101);
         INSERT INTO terms (guild_id, id, name, started_at) VALUES ('${GUILD}', 1, 'Old', '2020-01-07T00:00:00.000Z')`,
      ),
    ).toBeNull();
    expect(await gameWrite(test.env, 'UPDATE house_points SET slytherin = -1')).toContain('gain');
    const [open] = (await test.store.read.terms.list(GUILD, { limit: 1 })).items;
    expect(open?.standings.slytherin).toBe(95 - MAX);
  });
});

describe.each(storeKinds(import.meta.filename))('a %s database holding one from before', (kind) => {
  it('is not upgraded: the start stops, naming the value; once corrected, it opens', async () => {
    const test: TestStore = await openTestStore(kind);
    cleanups.push(() => test.cleanup());
    await test.store.close();
    const bad = [
      `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff)
       VALUES ('good', 1, 2, 3, 4), ('bad', 9007199254740993, 2, 3, 4)`,
    ];
    const fixed = `UPDATE house_points SET gryffindor = 1 WHERE guild_id = 'bad';
      DELETE FROM points_history WHERE gryffindor > ${MAX}`;
    const logger = createLogger({ level: 'silent' });
    if (kind === 'sqlite') {
      const path = join(test.dir, 'old.db');
      const old = new Sqlite(path);
      const folder = migrationsBefore('sqlite', '0015_safe_integers', cleanups as (() => void)[]);
      sqliteMigrate(sqliteDrizzle(old), { migrationsFolder: folder });
      for (const sql of bad) old.exec(sql);
      old.close();
      let refusal = '';
      try {
        openSqliteStore(path);
      } catch (error) {
        refusal = String(error);
      }
      expect(refusal).toContain(
        `house_points WHERE guild_id = 'bad': gryffindor is 9007199254740993 (house_points.gryffindor must be an integer from -9007199254740991 to 9007199254740991)`,
      );
      expect(refusal).toContain('points_history WHERE id = 2: gryffindor is 9007199254740993');
      expect(refusal).not.toContain(`'good'`);
      expect(await gameWrite({ DATABASE_PATH: path }, fixed)).toBeNull();
      const store = openSqliteStore(path);
      cleanups.push(() => store.close());
      expect(await store.read.points.get('bad')).toMatchObject({ gryffindor: 1 });
      return;
    }
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const folder = migrationsBefore('postgres', '0014_safe_integers', cleanups as (() => void)[]);
      await pgMigrate(pgDrizzle(client), { migrationsFolder: folder });
      for (const sql of bad) await client.query(sql);
    } finally {
      await client.end();
    }
    const refusal = await openPostgresStore(database.url, { logger }).then(
      async (store) => {
        await store.close();
        return '';
      },
      (error: unknown) => String(error),
    );
    expect(refusal).toContain('house_points_gryffindor_safe');
    expect(await gameWrite({ DATABASE_URL: database.url }, fixed)).toBeNull();
    const store = await openPostgresStore(database.url, { logger });
    cleanups.push(() => store.close());
    expect(await store.read.points.get('bad')).toMatchObject({ gryffindor: 1 });
  });
});
