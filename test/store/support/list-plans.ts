import type pg from 'pg';
import type { ProfileCursor } from '../../../src/read/types.js';
import type { ProfileView } from '../../../src/records/profile-order.js';
import { numbered, valuesFor } from '../../../src/store/postgres/named.js';
import { pageSql } from '../../../src/store/postgres/players.js';
import { listParameters, segmentIndexOf, segmentsOf } from '../../../src/store/profile-lists.js';
import type { Database } from '../../../src/store/sqlite/database.js';
import { chunkSql } from '../../../src/store/sqlite/players.js';

/*
 * The query plans of the statements the stores read a list with: SQLite's EXPLAIN QUERY PLAN of
 * a page (or chunk), PostgreSQL's EXPLAIN of its one page statement, for a view and a start.
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
      const rows = db.sqlite
        .prepare(`EXPLAIN QUERY PLAN ${chunkSql(view, first + i, cursor)}`)
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
  const statement = numbered(pageSql(view, after));
  const values = valuesFor(statement, { ...listParameters(guildId, view, after), limit });
  const client = await pool.connect();
  try {
    // Planned as a prepared statement is, after its first runs: for its parameters' values.
    await client.query('SET plan_cache_mode = force_custom_plan');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ${statement.text}`,
      values,
    );
    return rows.map((row) => row['QUERY PLAN']);
  } finally {
    client.release();
  }
}
