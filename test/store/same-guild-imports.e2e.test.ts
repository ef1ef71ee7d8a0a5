import { readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOUSES } from '../../src/records/houses.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import { writeJson } from '../support/big-guild.js';
import { type Child, killChildren, spawnTs } from '../support/child.js';
import { until } from '../support/eventually.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * Two `housecup import` processes replacing the same guild at once: the guild ends as one file's
 * guild, whole (its profiles and no other, its points), the import that came second waiting for
 * the first. The race is made certain rather than hoped for: the test holds a lock that the
 * first import meets part-way, and lets go only once both imports wait.
 */

const GUILD = '5566778899001122330';
const PLAYERS = 2_000;
const RUNS = 5;

/** A version of the guild; `firstId` numbers its profiles, or they come without ids. */
function guildFile(variant: 'A' | 'B' | 'seed', players: number, firstId: number | null) {
  const seed = variant.charCodeAt(0);
  return {
    guilds: [
      {
        id: GUILD,
        points: {
          gryffindor: seed,
          slytherin: seed + 1,
          ravenclaw: seed + 2,
          hufflepuff: seed + 3,
        },
        jobs: [{ id: seed, name: `Job ${variant}`, salary: seed }],
        players: Array.from({ length: players }, (_, i) => ({
          ...(firstId === null ? {} : { id: firstId + i }),
          user_id: String(300_000_000_000_000_000n + BigInt(i)),
          name: `Player ${i} of ${variant}`,
          house: HOUSES[i % 4],
        })),
      },
    ],
  };
}

type GuildFile = ReturnType<typeof guildFile>;

/** What the guild holds, to compare with a file's guild: its players (by name) and points. */
async function guildState(store: Store) {
  const [guild] = (await store.exportData([GUILD])).guilds;
  return {
    players: (guild?.players ?? []).map((player) => player.name).sort(),
    points: guild?.points,
    jobs: (guild?.jobs ?? []).map((job) => job.name),
  };
}

function stateOf(file: GuildFile) {
  const [guild] = file.guilds;
  return {
    players: (guild?.players ?? []).map((player) => player.name).sort(),
    points: guild?.points,
    jobs: (guild?.jobs ?? []).map((job) => job.name),
  };
}

function importIn(env: Record<string, string>, path: string): Child {
  return spawnTs('src/cli/main.ts', ['import', path], { ...env, LOG_LEVEL: 'silent' });
}

async function exitedOk(child: Child): Promise<void> {
  expect(await child.exited, child.stderr()).toBe(0);
}

afterEach(killChildren);

const modes = [
  { name: 'with explicit, non-overlapping ids', ids: { A: 1_001, B: 1_001 + PLAYERS } },
  { name: 'without ids', ids: { A: null, B: null } },
] as const;

describe.runIf(storeKinds(import.meta.filename).includes('postgres'))(
  'two imports of one guild at once on PostgreSQL',
  () => {
    let test: TestStore;
    /** Holds the lock the imports meet. */
    let admin: pg.Client;
    /** Watches them, outside admin's transaction (which sees pg_stat_activity as it began). */
    let watcher: pg.Client;
    beforeAll(async () => {
      test = await openTestStore('postgres');
      admin = new pg.Client({ connectionString: test.env.DATABASE_URL });
      watcher = new pg.Client({ connectionString: test.env.DATABASE_URL });
      await admin.connect();
      await watcher.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await watcher?.end();
      await test?.cleanup();
    });

    /** housecup's connections now waiting for a lock (a row's, a table's or an advisory one). */
    const waiting = async () =>
      Number(
        (
          await watcher.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity
             WHERE datname = current_database() AND application_name = 'housecup'
               AND wait_event_type = 'Lock'`,
          )
        ).rows[0]?.n,
      );

    for (const mode of modes) {
      it(`${mode.name}: the second waits, then leaves its file's guild whole (${RUNS} runs)`, async () => {
        const files = {
          A: guildFile('A', PLAYERS, mode.ids.A),
          B: guildFile('B', PLAYERS, mode.ids.B),
        };
        const paths = {
          A: writeJson(join(test.dir, 'A.json'), files.A),
          B: writeJson(join(test.dir, 'B.json'), files.B),
        };
        for (let run = 0; run < RUNS; run++) {
          await test.store.importData(guildFile('seed', 10, 1));
          // The seed's points row, locked: the first import stops at it, part-way, having read
          // the guild and deleted its profiles.
          await admin.query('BEGIN');
          await admin.query('SELECT 1 FROM house_points WHERE guild_id = $1 FOR UPDATE', [GUILD]);
          const first = importIn(test.env, paths.A);
          await until(async () => (await waiting()) === 1, 'the first import waits');
          const second = importIn(test.env, paths.B);
          await until(async () => (await waiting()) === 2, 'both imports wait');
          await admin.query('ROLLBACK');
          await exitedOk(first);
          await exitedOk(second);
          // The second waited for the first to commit, then replaced its guild whole.
          expect(await guildState(test.store), `run ${run + 1}`).toEqual(stateOf(files.B));
        }
      });
    }

    it('an import and `copy --to postgres --replace` at once: one after the other, no deadlock', async () => {
      const source = join(test.dir, 'source.db');
      const copied = guildFile('seed', 50, 1);
      const sqlite = openSqliteStore(source);
      await sqlite.importData(copied);
      await sqlite.close();
      const path = writeJson(join(test.dir, 'A-copy.json'), guildFile('A', PLAYERS, 1_001));
      await test.store.importData(guildFile('B', 10, 1));
      // The import has read `jobs` and waits to read `profiles`; the copy has locked the tables
      // before it and waits for `profiles` too. Released, both hold `profiles`: the copy then
      // waited for the import's read lock, and the import for the copy's, until PostgreSQL ended
      // one of them ("deadlock detected").
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE profiles IN ACCESS EXCLUSIVE MODE');
      const importing = importIn(test.env, path);
      await until(async () => (await waiting()) === 1, 'the import waits');
      const copying = spawnTs(
        'src/cli/main.ts',
        ['copy', '--to', test.env.DATABASE_URL ?? '', '--replace'],
        { DATABASE_PATH: source, LOG_LEVEL: 'silent' },
      );
      await until(async () => (await waiting()) === 2, 'the copy waits');
      await admin.query('ROLLBACK');
      await exitedOk(importing);
      await exitedOk(copying);
      // The import went first, so the copy's data is what stands.
      expect(await guildState(test.store)).toEqual(stateOf(copied));
    });
  },
);

describe('two imports of one guild at once on SQLite', () => {
  let test: TestStore;
  beforeAll(async () => {
    test = await openTestStore('sqlite');
  });
  afterAll(async () => test?.cleanup());

  const path = () => test.env.DATABASE_PATH ?? '';
  /** Whether the process has the database file open: it has started its import. */
  const opened = (child: Child) => {
    try {
      const fds = `/proc/${child.process.pid}/fd`;
      return readdirSync(fds).some((fd) => {
        try {
          return readlinkSync(join(fds, fd)) === path();
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  };

  /** Two imports started while the test holds the write lock; released after `holdMs` more. */
  async function race(files: Record<'A' | 'B', GuildFile>, holdMs: number) {
    const paths = {
      A: writeJson(join(test.dir, 'A.json'), files.A),
      B: writeJson(join(test.dir, 'B.json'), files.B),
    };
    await test.store.importData(guildFile('seed', 10, 1));
    const holder = new Sqlite(path());
    holder.prepare('BEGIN IMMEDIATE').run();
    try {
      const first = importIn(test.env, paths.A);
      const second = importIn(test.env, paths.B);
      await until(() => opened(first) && opened(second), 'both imports have the file open');
      await sleep(holdMs);
      holder.prepare('ROLLBACK').run();
      await exitedOk(first);
      await exitedOk(second);
    } finally {
      if (holder.inTransaction) holder.prepare('ROLLBACK').run();
      holder.close();
    }
    // SQLite writes one transaction at a time: the last to take the lock stands, whole.
    const state = await guildState(test.store);
    expect([stateOf(files.A), stateOf(files.B)]).toContainEqual(state);
  }

  for (const mode of modes) {
    it(`${mode.name}: one file's guild, whole (${RUNS} runs)`, async () => {
      const files = {
        A: guildFile('A', PLAYERS, mode.ids.A),
        B: guildFile('B', PLAYERS, mode.ids.B),
      };
      for (let run = 0; run < RUNS; run++) await race(files, 0);
    });
  }

  it('the second waits for the lock past SQLite busy timeout (5 s), then replaces the guild', async () => {
    const files = { A: guildFile('A', PLAYERS, null), B: guildFile('B', PLAYERS, null) };
    // Held beyond the 5 s a connection waits inside SQLite: both imports outwait it.
    await race(files, 6_000);
  });
});
