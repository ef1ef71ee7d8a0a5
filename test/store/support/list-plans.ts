import type pg from 'pg';
import type { ProfileCursor } from '../../../src/read/types.js';
import type { ProfileView } from '../../../src/records/profile-order.js';
import { profileList } from '../../../src/store/players.js';
import { postgresDialect } from '../../../src/store/postgres/dialect.js';
import { listParameters, segmentIndexOf, segmentsOf } from '../../../src/store/profile-lists.js';
import { valuesOf } from '../../../src/store/sql/statement.js';
import type { Database } from '../../../src/store/sqlite/database.js';
import { sqliteDialect } from '../../../src/store/sqlite/dialect.js';

/*
 * The query plans of the statements the stores read a list's JSON with (src/store/players.ts,
 * src/store/keyset-lists.ts): SQLite's EXPLAIN QUERY PLAN of a page's (or chunk's) arrays, one per
 * segment, PostgreSQL's EXPLAIN of its one page statement, for a view and a start.
 */

/** A cursor in the middle of the list, of the right shape for the view. */
export function middleCursor(view: ProfileView, nullYear = false): ProfileCursor {
  if (view.sort === 'user_id') return { userId: '100', id: 5 };
  const sortKey = { galleons: 25, name: 'M', year: nullYear ? null : 4, created_at: '2026-01-01' }[
    view.sort
  ];
  return { sortKey, userId: '100', id: 5 };
}

/**
 * SQLite reads a list segment by segment (one range each; the next only when a page is not
 * full): the plan of each segment's read that a page from `after` may run.
 */
export function sqlitePlan(
  db: Database,
  guildId: string,
  view: ProfileView,
  after: ProfileCursor | undefined,
  limit: number,
): string[] {
  const first = after ? segmentIndexOf(view, after) : 0;
  return segmentsOf(view)
    .slice(first)
    .flatMap((_segment, i) => {
      const cursor = i === 0 ? after : undefined;
      const array = profileList(guildId, view).arrays?.array(first + i, cursor !== undefined);
      if (!array) throw new Error('SQLite reads a profile list as arrays');
      const rows = db.sqlite
        .prepare(`EXPLAIN QUERY PLAN ${array.render(sqliteDialect).text}`)
        .all({ ...listParameters(guildId, view, cursor), limit }) as { detail: string }[];
      return rows.map((row) => row.detail);
    });
}

export async function postgresPlan(
  pool: pg.Pool,
  guildId: string,
  view: ProfileView,
  after: ProfileCursor | undefined,
  limit: number,
): Promise<string[]> {
  const list = profileList(guildId, view);
  const first = after ? list.rangeOf(after) : 0;
  // PostgreSQL reads the segments from the cursor's in one statement (a page: its rows and one).
  const statement = list.json(first, list.ranges - first, after !== undefined);
  const rendered = statement.render(postgresDialect);
  const values = valuesOf(rendered, { ...listParameters(guildId, view, after), limit: limit + 1 });
  const client = await pool.connect();
  try {
    // Planned as a prepared statement is, after its first runs: for its parameters' values.
    await client.query('SET plan_cache_mode = force_custom_plan');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ${rendered.text}`,
      values,
    );
    return rows.map((row) => row['QUERY PLAN']);
  } finally {
    client.release();
  }
}
