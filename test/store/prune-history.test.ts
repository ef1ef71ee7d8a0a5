import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb } from '../../src/store/postgres/driver.js';
import {
  historyPruneBatch,
  PRUNE_HISTORY,
  type PruneBatchStep,
  pruneHistoryInBatches,
} from '../../src/store/prune-history.js';
import { sqliteDialect } from '../../src/store/sqlite/dialect.js';
import { createSqliteDb } from '../../src/store/sqlite/driver.js';
import {
  openTestStore,
  plainPool,
  sqliteOf,
  storeKinds,
  type TestStore,
} from '../support/store.js';

/*
 * Pruning the points history past HISTORY_DAYS: the same result as the plain rule (every row
 * older than the limit goes, but each guild's latest one before it), reached in small batches
 * along the (guild_id, at) index, with the event loop free between them.
 */

const BASE = Date.parse('2026-01-01T00:00:00.000Z');
const minute = (n: number) => new Date(BASE + n * 60_000).toISOString();

interface Row {
  id: number;
  guild: string;
  at: number;
}

/** The plain rule, on rows in memory: the ids that stay. */
function keptByRule(rows: readonly Row[], limit: number): number[] {
  const latestOld = new Map<string, Row>();
  for (const row of rows) {
    if (row.at >= limit) continue;
    const latest = latestOld.get(row.guild);
    const later = !latest || row.at > latest.at || (row.at === latest.at && row.id > latest.id);
    if (later) latestOld.set(row.guild, row);
  }
  return rows
    .filter((row) => row.at >= limit || latestOld.get(row.guild) === row)
    .map((row) => row.id)
    .sort((a, b) => a - b);
}

/** Direct access to one store's table, as a test (or the game) has it. */
interface Table {
  batch: PruneBatchStep;
  /** Empties the table, then inserts the rows in the given order; returns their ids. */
  fill(rows: readonly { guild: string; at: number }[]): Promise<number[]>;
  ids(): Promise<number[]>;
  close(): Promise<void>;
}

function sqliteTable(test: TestStore): Table {
  const { db } = sqliteOf(test.store);
  const insert = db.sqlite.prepare(
    'INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES (?, ?, 1, 2, 3, 4)',
  );
  const fill = db.sqlite.transaction((rows: readonly { guild: string; at: number }[]) => {
    db.sqlite.prepare('DELETE FROM points_history').run();
    return rows.map((row) => Number(insert.run(row.guild, minute(row.at)).lastInsertRowid));
  });
  const ids = db.sqlite.prepare<[], number>('SELECT id FROM points_history ORDER BY id').pluck();
  return {
    batch: historyPruneBatch(createSqliteDb(db.sqlite)),
    fill: async (rows) => fill(rows),
    ids: async () => ids.all(),
    close: async () => {},
  };
}

function postgresTable(test: TestStore): Table {
  const pool = plainPool(test.env.DATABASE_URL ?? '', 2);
  return {
    batch: historyPruneBatch(createPostgresDb(pool)),
    async fill(rows) {
      await pool.query('DELETE FROM points_history');
      const { rows: inserted } = await pool.query<{ id: number }>(
        `INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff)
         SELECT guild, at, 1, 2, 3, 4 FROM unnest($1::text[], $2::timestamptz[]) WITH ORDINALITY AS r(guild, at, n)
         ORDER BY n RETURNING id`,
        [rows.map((row) => row.guild), rows.map((row) => minute(row.at))],
      );
      return inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
    },
    async ids() {
      const { rows } = await pool.query<{ id: string }>(
        'SELECT id FROM points_history ORDER BY id',
      );
      return rows.map((row) => Number(row.id));
    },
    close: () => pool.end(),
  };
}

for (const kind of storeKinds(import.meta.filename)) {
  describe(`history pruning on ${kind}`, () => {
    let test: TestStore;
    let table: Table;
    beforeAll(async () => {
      test = await openTestStore(kind);
      table = kind === 'sqlite' ? sqliteTable(test) : postgresTable(test);
    });
    afterAll(async () => {
      await table?.close();
      await test?.cleanup();
    });

    it('keeps exactly what the plain rule keeps, whatever the histories and batch size', async () => {
      // Few guilds and instants, so that ties on `at` and guilds with 0, 1 or many old rows all
      // come up; small batches, so that a guild takes several and a batch ends mid-guild, or
      // after a few guilds.
      const row = fc.record({ guild: fc.constantFrom('a', 'b', 'c', 'd'), at: fc.nat(12) });
      await fc.assert(
        fc.asyncProperty(
          fc.array(row, { maxLength: 40 }),
          fc.integer({ min: 0, max: 13 }),
          fc.record({
            rows: fc.integer({ min: 1, max: 5 }),
            guilds: fc.integer({ min: 1, max: 3 }),
          }),
          async (rows, limit, limits) => {
            const ids = await table.fill(rows);
            const withIds = rows.map((r, i) => ({ ...r, id: ids[i] ?? -1 }));
            const expected = keptByRule(withIds, limit);
            const removed = await pruneHistoryInBatches(table.batch, minute(limit), { limits });
            expect(await table.ids()).toEqual(expected);
            expect(removed).toBe(rows.length - expected.length);
          },
        ),
        { numRuns: kind === 'sqlite' ? 300 : 60 },
      );
    });
  });
}

describe('history pruning on sqlite: the event loop and the plan', () => {
  const OLD_ROWS = 20_001;
  let test: TestStore;
  afterEach(async () => {
    await test?.cleanup();
  });

  async function oldHistory(rows: number): Promise<() => number> {
    test = await openTestStore('sqlite');
    const { sqlite } = sqliteOf(test.store).db;
    const insert = sqlite.prepare(
      'INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES (?, ?, 1, 2, 3, 4)',
    );
    sqlite.transaction(() => {
      for (let i = 0; i < rows; i++) insert.run('big', minute(i));
      insert.run('big', minute(rows + 100));
    })();
    const count = sqlite.prepare<[], number>('SELECT count(*) FROM points_history').pluck();
    return () => count.get() ?? 0;
  }

  /** Runs `whileRunning` at every turn of the event loop until `work` settles. */
  async function everyTurn<T>(work: Promise<T>, whileRunning: () => void): Promise<T> {
    let done = false;
    const turn = () => {
      if (done) return;
      whileRunning();
      setImmediate(turn);
    };
    setImmediate(turn);
    try {
      return await work;
    } finally {
      done = true;
    }
  }

  it('gives the event loop turns between batches of at most 5,000 rows', async () => {
    const count = await oldHistory(OLD_ROWS);
    const seen: number[] = [];
    const removed = await everyTurn(test.store.pruneHistory(minute(OLD_ROWS)), () => {
      const now = count();
      if (seen.at(-1) !== now) seen.push(now);
    });
    expect(removed).toBe(OLD_ROWS - 1);
    // Other work ran after each batch (the first one starts at once), and saw the table shrink
    // by one batch at a time.
    expect(seen).toEqual([15_002, 10_002, 5_002, 2]);
  });

  it('ends between two batches when its signal is aborted, keeping what went', async () => {
    const count = await oldHistory(OLD_ROWS);
    const stop = new AbortController();
    const removed = await everyTurn(test.store.pruneHistory(minute(OLD_ROWS), stop.signal), () => {
      if (count() < OLD_ROWS + 1) stop.abort();
    });
    expect(removed).toBe(5_000);
    expect(count()).toBe(OLD_ROWS + 1 - 5_000);
  });

  it('reads only ranges of the (guild_id, at) index: no full scan, no correlated subquery', async () => {
    await oldHistory(10);
    const { sqlite } = sqliteOf(test.store).db;
    const parameters = { from: '', after: 'a', guild: 'big', before: minute(5), rows: 5_000 };
    for (const [name, statement] of Object.entries(PRUNE_HISTORY)) {
      const sql = statement.render(sqliteDialect).text;
      const plan = sqlite
        .prepare<[typeof parameters], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(parameters)
        .map((line) => line.detail);
      const tableReads = plan.filter((line) => / (points_history|old)\b/.test(line));
      expect(tableReads.length, `${name}: ${plan.join(' | ')}`).toBeGreaterThan(0);
      for (const line of tableReads) {
        expect(line, name).toMatch(
          // min(guild_id) is one step to the index's first entry: no constraint shown.
          /^SEARCH (points_history|old) USING (COVERING INDEX points_history_guild_at($| \(guild_id[=>]\?)|INTEGER PRIMARY KEY)/,
        );
      }
      expect(plan.join(' | '), name).not.toMatch(
        /CORRELATED|TEMP B-TREE|^SCAN (points_history|old)/m,
      );
    }
  });
});
