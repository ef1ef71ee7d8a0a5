import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileCursor } from '../../../src/read/types.js';
import { type ChangeView, periodAt } from '../../../src/records/periods.js';
import {
  armsOf,
  changeParameters,
  changeSegmentCountSql,
  changeSegmentOf,
  changeSegmentPositionSql,
} from '../../../src/store/period-lists.js';
import { periodList } from '../../../src/store/period-players.js';
import { postgresDialect } from '../../../src/store/postgres/dialect.js';
import { listParameters } from '../../../src/store/profile-lists.js';
import { type RankView, rowsAroundSql, rowsBeforeSql } from '../../../src/store/rank-counts.js';
import { type Statement, statement, valuesOf } from '../../../src/store/sql/statement.js';
import { sqliteDialect } from '../../../src/store/sqlite/dialect.js';
import { foreignWrite } from '../../support/history.js';
import {
  openTestStore,
  plainPool,
  sqliteOf,
  storeKinds,
  type TestStore,
} from '../../support/store.js';

/*
 * A rank is a sum of index range counts, and a period's list a range of an index per segment:
 * the plans of the statements the stores run, on a guild large enough that the planners weigh
 * a seek against a scan as in production. SQLite: every read a SEARCH of an index (a covering
 * one for the counts), never a SCAN of a table nor a sort. PostgreSQL: never a sequential scan;
 * counts from index-only scans once the table is vacuumed (autovacuum's work in production);
 * a list sorted only as the union of its segments' pages. `PRINT_PLANS=1` prints them.
 */

const GUILD = 'plans';
const SIZE = 20_000;
const HOUSES = ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff', null];
const players = Array.from({ length: SIZE }, (_, i) => ({
  id: i + 1,
  user_id: String(100_000 + ((i * 31) % 15_000)),
  name: `N${i}`,
  house: HOUSES[i % 5],
  year: i % 8 === 0 ? null : (i % 7) + 1,
  galleons: (i * 7919) % 100_000,
}));
const WEEK = periodAt('week', new Date());

const views: RankView[] = [];
for (const order of ['asc', 'desc'] as const) {
  for (const house of [null, 'gryffindor', 'none'] as const) {
    views.push({ sort: 'change', order, house, period: WEEK });
    views.push({ sort: 'galleons', order, house });
    views.push({ sort: 'year', order, house });
    views.push({ sort: 'user_id', order, house });
  }
}

/** A position in each segment of the view's list. */
function positions(view: RankView): ProfileCursor[] {
  if (view.sort === 'change') {
    return [5, 0, -2].map((key) => ({ sortKey: key, userId: '110000', id: 100 }));
  }
  if (view.sort === 'year')
    return [3, null].map((key) => ({ sortKey: key, userId: '110000', id: 100 }));
  if (view.sort === 'user_id') return [{ userId: '110000', id: 100 }];
  return [{ sortKey: 500, userId: '110000', id: 100 }];
}

const parameters = (view: RankView, position: ProfileCursor | undefined) =>
  view.sort === 'change'
    ? changeParameters(GUILD, view, position)
    : listParameters(GUILD, view, position);

describe.each(storeKinds(import.meta.filename))('rank and period list plans (%s)', (kind) => {
  let t: TestStore;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    t = await openTestStore(kind, {
      guilds: [
        { id: GUILD, players },
        { id: 'other', players: players.slice(0, 300) },
      ],
    });
    await foreignWrite(
      t,
      `UPDATE profiles SET galleons = galleons + (id % 11) WHERE guild_id = '${GUILD}' AND id % 2 = 0;
       UPDATE profiles SET galleons = galleons - 1 - (id % 3) WHERE guild_id = '${GUILD}' AND id % 6 = 1 AND galleons > 5;`,
    );
    if (kind === 'postgres') {
      pool = plainPool(t.env.DATABASE_URL ?? '', 1);
      await pool.query('VACUUM ANALYZE');
    } else {
      sqliteOf(t.store).db.sqlite.exec('ANALYZE');
    }
  });
  afterAll(async () => {
    await pool?.end();
    await t?.cleanup();
  });

  const plan = async (
    sql: string | Statement,
    values: Record<string, unknown>,
  ): Promise<string> => {
    const made = typeof sql === 'string' ? statement(sql) : sql;
    if (kind === 'sqlite') {
      const rows = sqliteOf(t.store)
        .db.sqlite.prepare(`EXPLAIN QUERY PLAN ${made.render(sqliteDialect).text}`)
        .all(values) as { detail: string }[];
      return rows.map((row) => row.detail).join('\n');
    }
    const rendered = made.render(postgresDialect);
    const client = await (pool as pg.Pool).connect();
    try {
      await client.query('SET plan_cache_mode = force_custom_plan');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${rendered.text}`,
        valuesOf(rendered, values),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      client.release();
    }
  };

  // The index-only scans need a fresh visibility map, and the game's writes age it.
  it.runIf(kind === 'postgres')('has the tables ranks count vacuumed early', async () => {
    const { rows } = await (pool as pg.Pool).query<{ relname: string; reloptions: string[] }>(
      `SELECT relname, reloptions FROM pg_class
        WHERE relname IN ('profiles', 'profile_changes') AND relkind = 'r' ORDER BY relname`,
    );
    const early = ['autovacuum_vacuum_scale_factor=0.01', 'autovacuum_vacuum_threshold=200'];
    expect(rows).toEqual([
      { relname: 'profile_changes', reloptions: early },
      { relname: 'profiles', reloptions: early },
    ]);
  });

  it('counts a rank by index ranges only', async () => {
    for (const view of views) {
      for (const position of positions(view)) {
        // As each store counts; the first rank after a change counts the rows after it too.
        const bound = (kind === 'sqlite' ? sqliteDialect : postgresDialect).countBound;
        const text = [
          await plan(rowsBeforeSql(view, position, bound), parameters(view, position)),
          await plan(rowsAroundSql(view, position, bound), parameters(view, position)),
        ].join('\n');
        if (process.env.PRINT_PLANS)
          console.log(`${kind} rank ${JSON.stringify(view)} ${position.sortKey}\n${text}`);
        if (kind === 'sqlite') {
          const reads = text
            .split('\n')
            .filter((line) => /^(SEARCH|SCAN) (?!CONSTANT ROW)/.test(line));
          expect(reads.length, text).toBeGreaterThan(0);
          for (const line of reads)
            expect(line, text).toMatch(/^SEARCH \w+ USING COVERING INDEX \w+ \(guild_id=\?/);
          expect(text).not.toMatch(/TEMP B-TREE/);
        } else {
          expect(text).not.toMatch(/Seq Scan|Sort|Bitmap Heap Scan/);
          expect(text).toMatch(/Index Only Scan/);
        }
      }
    }
  });

  it("reads a period's list as a range of an index per segment", async () => {
    for (const view of views.filter((each): each is ChangeView => each.sort === 'change')) {
      for (const after of [undefined, ...positions(view)]) {
        if (kind === 'sqlite') {
          const first = after ? changeSegmentOf(view, after) : 0;
          for (let index = first; index < armsOf(view).length; index++) {
            const cursor = index === first ? after : undefined;
            const text = await plan(periodList(GUILD, view).json(index, 1, cursor !== undefined), {
              ...changeParameters(GUILD, view, cursor),
              limit: 101,
            });
            if (process.env.PRINT_PLANS)
              console.log(`${kind} list ${JSON.stringify(view)} ${index}\n${text}`);
            const reads = text.split('\n').filter((line) => /^(SEARCH|SCAN) /.test(line));
            // profile_changes is WITHOUT ROWID: its key is its table.
            for (const line of reads)
              expect(line, text).toMatch(
                /^SEARCH \w+ USING ((COVERING )?INDEX \w+|PRIMARY KEY) \(guild_id=\?/,
              );
            expect(text).not.toMatch(/TEMP B-TREE/);
          }
        } else {
          const first = after ? changeSegmentOf(view, after) : 0;
          const text = await plan(
            periodList(GUILD, view).json(first, armsOf(view).length - first, after !== undefined),
            {
              ...changeParameters(GUILD, view, after),
              limit: 101,
            },
          );
          if (process.env.PRINT_PLANS) console.log(`${kind} list ${JSON.stringify(view)}\n${text}`);
          expect(text).not.toMatch(/Seq Scan/);
          // Only the union of the segments' pages is sorted: one sort at the top at most.
          expect(
            text.split('\n').filter((line) => /Sort {2}\(/.test(line)).length,
            text,
          ).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it("places a numbered page of a period's list by counts and an offset of one index", async () => {
    for (const view of views.filter((each): each is ChangeView => each.sort === 'change')) {
      for (let index = 0; index < armsOf(view).length; index++) {
        const values = { ...changeParameters(GUILD, view, undefined), skip: 500 };
        const text = [
          await plan(changeSegmentCountSql(view, index), values),
          await plan(changeSegmentPositionSql(view, index), values),
        ].join('\n');
        if (process.env.PRINT_PLANS) console.log(`${kind} slice ${JSON.stringify(view)}\n${text}`);
        if (kind === 'sqlite') {
          for (const line of text
            .split('\n')
            .filter((each) => /^(SEARCH|SCAN) (?!CONSTANT ROW)/.test(each)))
            expect(line, text).toMatch(
              /^SEARCH \w+ USING ((COVERING )?INDEX \w+|PRIMARY KEY) \(guild_id=\?/,
            );
          expect(text).not.toMatch(/TEMP B-TREE/);
        } else {
          expect(text).not.toMatch(/Seq Scan|Sort/);
        }
      }
    }
  });
});
