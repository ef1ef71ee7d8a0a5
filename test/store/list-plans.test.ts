import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewKey } from '../../src/records/profile-order.js';
import { everyView, sortedFixture } from '../support/sorted-profiles.js';
import {
  openTestStore,
  plainPool,
  sqliteOf,
  storeKinds,
  type TestStore,
} from '../support/store.js';
import { middleCursor, postgresPlan, sqlitePlan } from './support/list-plans.js';

/*
 * Every sorted or filtered list is read as a range of its own index, on both stores: the plans
 * of the statements the stores run, for every view, from the start and from a cursor, for a
 * page and for a chunk of a whole list. A full scan of the table, or of the guild followed by a
 * sort, fails. SQLite never sorts. PostgreSQL may sort about a page's rows: year's merge of its
 * two ranges (nulls, then years; see src/store/profile-lists.ts), the page's own rows when it
 * numbers them, and a range it reads by bitmap when it estimates it at most twice the page.
 * `PRINT_PLANS=1` prints them (docs/decisions.md shows some).
 */

const BIG = 'plans-guild';
// Enough rows that PostgreSQL's planner weighs a seek against a scan as it would in production.
const big = sortedFixture(50_000).map((p, i) => ({
  ...p,
  user_id: String(100_000 + ((i * 31) % 40_000)),
  name: `N${(i * 104_729) % 50_000}`,
  galleons: (i * 7919) % 100_000,
}));
const others = Array.from({ length: 10 }, (_, g) => ({
  id: `other-${g}`,
  players: sortedFixture(500),
}));

const starts = (view: ReturnType<typeof everyView>[number]) =>
  view.sort === 'year'
    ? [undefined, middleCursor(view), middleCursor(view, true)]
    : [undefined, middleCursor(view)];

describe.each(storeKinds(import.meta.filename))('list query plans (%s)', (kind) => {
  let t: TestStore;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    t = await openTestStore(kind, { guilds: [{ id: BIG, players: big }, ...others] });
    if (kind === 'postgres') {
      pool = plainPool(t.env.DATABASE_URL ?? '', 1);
      await pool.query('ANALYZE');
    } else {
      sqliteOf(t.store).db.sqlite.exec('ANALYZE');
    }
  });
  afterAll(async () => {
    await pool?.end();
    await t?.cleanup();
  });

  it.each(everyView().map((view) => [viewKey(view), view] as const))(
    '%s: a range of its own index, never a scan or a sort of the guild',
    async (_name, view) => {
      const index = `profiles_guild_${view.house === null ? '' : 'house_'}${view.sort}`;
      for (const after of starts(view)) {
        for (const limit of [101, 2000]) {
          const plan =
            kind === 'postgres' && pool
              ? await postgresPlan(pool, BIG, view, after, limit)
              : sqlitePlan(sqliteOf(t.store).db, BIG, view, after, limit);
          const text = plan.join('\n');
          if (process.env.PRINT_PLANS) {
            console.log(`${kind} ${viewKey(view)} ${after ? 'after' : 'start'} ${limit}\n${text}`);
          }
          // Year's two ranges are read together only from the start or across the nulls' end:
          // by PostgreSQL in one statement (merged), by SQLite one after the other.
          const both =
            view.sort === 'year' && (!after || (after.sortKey === null) === (view.order === 'asc'));
          const merged = /MERGE \(UNION ALL\)|Append/.test(text);
          expect(merged, text).toBe(kind === 'postgres' && both);
          if (kind === 'sqlite') {
            const reads = plan.filter((line) => /\b(SEARCH|SCAN) profiles\b/.test(line));
            expect(reads.length, text).toBeGreaterThan(0);
            for (const line of reads)
              expect(line, text).toMatch(
                new RegExp(`^SEARCH profiles USING (COVERING )?INDEX ${index} \\(`),
              );
            expect(reads.length, text).toBe(both ? 2 : 1);
            expect(text).not.toMatch(/TEMP B-TREE/);
          } else {
            // The page's rows (the CTE), apart from the guild's one-row existence probe.
            const page = text.split('InitPlan')[0] ?? '';
            expect(page, text).not.toMatch(/Seq Scan/);
            const scans = page.match(/Index (Only )?Scan( Backward)? (using|on) \w+/g) ?? [];
            expect(scans.length, text).toBeGreaterThan(0);
            for (const scan of scans)
              expect(scan, text).toMatch(new RegExp(`(using|on) ${index}$`));
            // The planner may take a range by bitmap and sort it instead of walking the index,
            // when it estimates the range to be barely more than the page (the last pages, a
            // small house's null years): never when the range is more than twice the page.
            for (const [, rows] of page.matchAll(/Bitmap Index Scan.*rows=(\d+)/g)) {
              expect(Number(rows), text).toBeLessThanOrEqual(2 * (limit + 1));
            }
            // Sorts only of the page's rows: over a Limit, or over the Append of two Limits.
            const sorted = page.split('\n').filter((line) => /->\s+Sort /.test(line)).length;
            const bitmaps = page.match(/Bitmap Heap Scan/g)?.length ?? 0;
            expect(sorted, text).toBeLessThanOrEqual((merged ? 2 : 1) + bitmaps);
          }
        }
      }
    },
  );
});
