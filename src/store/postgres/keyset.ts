import type pg from 'pg';
import { CHUNK_ROWS, JsonArrayPieces, type SerializedList } from '../../read/json-list.js';

/*
 * Keyset reads of a serialized list on PostgreSQL: a page is one statement (one snapshot), and a
 * whole list is read in chunks inside one repeatable-read, read-only transaction, so it is one
 * consistent snapshot while the event loop stays free between chunks.
 */

/** What one page statement answers. */
export interface PageRow {
  /** The page's JSON array, as UTF-8 bytes. */
  json: Buffer;
  count: number;
  /** Whether any row follows the page. */
  more: boolean;
  /** Whether the guild has any row at all (an empty page after a cursor is still "found"). */
  any: boolean;
}

export interface PageResult<C> {
  list: SerializedList<C>;
  /** Whether the guild has any row at all. */
  any: boolean;
}

/** Runs one page statement of one guild's list; `last` is the cursor of the page's last row. */
export type PageQuery<C> = (
  client: pg.Pool | pg.PoolClient,
  after: C | undefined,
  limit: number,
) => Promise<PageRow & { last: C | null }>;

export async function readPage<C>(
  pool: pg.Pool,
  query: PageQuery<C>,
  after: C | undefined,
  limit: number,
): Promise<PageResult<C>> {
  const row = await query(pool, after, limit);
  return {
    list: { json: [row.json], count: row.count, next: row.more ? row.last : null },
    any: row.any,
  };
}

export async function readAll<C>(pool: pg.Pool, query: PageQuery<C>): Promise<PageResult<C>> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const pieces = new JsonArrayPieces();
    let count = 0;
    let after: C | undefined;
    let any = false;
    for (let chunks = 0; ; chunks++) {
      const row = await query(client, after, CHUNK_ROWS);
      any = row.any;
      // A list that fits one chunk is that chunk's array as it is: no copy.
      if (chunks === 0 && !row.more) {
        await client.query('COMMIT');
        return { list: { json: [row.json], count: row.count, next: null }, any };
      }
      pieces.add(row.json, row.count);
      count += row.count;
      if (!row.more || row.last === null) break;
      after = row.last;
    }
    await client.query('COMMIT');
    return { list: { json: pieces.finish(), count, next: null }, any };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
