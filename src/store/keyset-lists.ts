import {
  CHUNK_ROWS,
  EMPTY_ARRAY,
  JsonArrayPieces,
  type SerializedList,
} from '../read/json-list.js';
import { pageOf } from '../read/service.js';
import type { Page, PageRequest } from '../read/types.js';
import type { SqlDb } from './sql/db.js';
import type { Dialect } from './sql/dialect.js';
import { all, first, type Op, pause } from './sql/op.js';
import type { Params, Statement } from './sql/statement.js';

/*
 * A guild's lists read in keyset order (a view of its profiles, a period's list, its jobs), on
 * either engine: pages of rows, pages answered as JSON, and whole lists as JSON in chunks with the
 * event loop free between them. A list is one or more ranges of an index, each read in the
 * index's order (a view's segments: profile-lists.ts, period-lists.ts); each engine reads them as
 * it is fastest (Dialect.lists).
 */

/** A row of a list's JSON read: one object's text, besides what its position is read from. */
export interface JsonRow {
  json: string;
}

/** A JSON array as the engine gives it: bytes (SQLite) or text (PostgreSQL). */
export interface JsonArray {
  json: Buffer | string;
  count: number;
}

/**
 * A statement's name among a family's (sql/statement.ts): a list's shape coded as a number
 * (`shape`), the ranges read, and whether from a cursor.
 */
export const rangeKey = (shape: number, first: number, span: number, cursor: boolean): number =>
  ((shape * 4 + first) * 4 + span) * 2 + (cursor ? 1 : 0);

/** A statement of `span` ranges from range `first`, after the cursor when `cursor`. */
export type RangeStatement<R> = (
  first: number,
  span: number,
  cursor: boolean,
) => Statement<Params, R>;

/** One list of one guild, as the statements that read it. `R`: what a position is read from. */
export interface KeysetList<C, R> {
  /** How many ranges the list is. */
  readonly ranges: number;
  /** The range a cursor lies in. */
  rangeOf(cursor: C): number;
  /** The parameters of a read from `cursor` (in the first range read), or from the start. */
  params(cursor: C | undefined): Params;
  cursorOf(row: R): C;
  /** Up to `@limit` rows, in list order, as `json` and the row's position. */
  json: RangeStatement<R & JsonRow>;
  /**
   * Where the engine aggregates JSON in the statement (Dialect.lists `ranges`): up to `@limit`
   * rows of one range as one JSON array, and the position of the range's row at `@offset` (the
   * last of a full chunk, where more may follow), or, without `nth`, the array's row holds its
   * last row's position. Without `arrays`, the rows' texts are joined.
   */
  arrays?: {
    array(range: number, cursor: boolean): Statement<Params, JsonArray & Partial<R>>;
    nth?(range: number, cursor: boolean): Statement<Params, R>;
  };
  /** A row (`found`) when the guild has any: an empty read is "none" only when it has none. */
  readonly any: Statement<Params, { found: number }>;
  /** An empty read from the start is "none" at once: the list filters nothing out. */
  readonly whole: boolean;
}

/** A union of ranges numbers its rows by range (`seg`) to order them: not part of a row. */
export function withoutSeg<R>(rows: (R & { seg?: number })[]): R[] {
  if (rows.length === 0 || !('seg' in (rows[0] as object))) return rows;
  return rows.map(({ seg: _seg, ...row }) => row as R);
}

/**
 * Up to `limit` rows (all when null) of the list after `after`, in list order, each range's from
 * `statement`: where the engine reads ranges apart, one statement per range, the next only while
 * more rows are wanted; else one statement.
 */
function* rangeRows<C, R>(
  d: Dialect,
  list: KeysetList<C, unknown>,
  statement: RangeStatement<R>,
  after: C | undefined,
  limit: number | null,
): Op<R[]> {
  const start = after === undefined ? 0 : list.rangeOf(after);
  let rows: R[] = [];
  for (let range = start; range < list.ranges; ) {
    const span = d.lists === 'union' ? list.ranges - range : 1;
    const cursor = range === start ? after : undefined;
    const read = yield* all(statement(range, span, cursor !== undefined), {
      ...list.params(cursor),
      limit: limit === null ? d.unlimited : limit - rows.length,
    });
    rows = rows.length === 0 ? read : rows.concat(read);
    range += span;
    if (limit !== null && rows.length >= limit) break;
  }
  return rows;
}

/** Whether an empty read after `after` means the guild has no row at all. */
function* isNone<C>(list: KeysetList<C, unknown>, after: C | undefined): Op<boolean> {
  if (after === undefined && list.whole) return true;
  return (yield* first(list.any, list.params(undefined))) === undefined;
}

interface Chunk<C> {
  json: Buffer;
  count: number;
  /** The position of the chunk's last row, null when it has none. */
  last: C | null;
  /** Whether rows follow the chunk. */
  more: boolean;
}

const jsonBytes = (json: Buffer | string): Buffer =>
  typeof json === 'string' ? Buffer.from(json) : json;

/** Up to `limit` rows after `after` as one JSON array. */
function* jsonChunk<C, R>(
  d: Dialect,
  list: KeysetList<C, R>,
  after: C | undefined,
  limit: number,
): Op<Chunk<C>> {
  if (d.lists === 'ranges' && list.arrays) {
    return yield* arrayChunk(d, list, list.arrays, after, limit);
  }
  // One row past the chunk tells whether more follow.
  const rows = yield* rangeRows(d, list, list.json, after, limit + 1);
  const count = Math.min(rows.length, limit);
  const last = rows[count - 1];
  if (last === undefined) return { json: EMPTY_ARRAY, count: 0, last: null, more: false };
  const texts = new Array<string>(count);
  for (let i = 0; i < count; i++) texts[i] = (rows[i] as JsonRow).json;
  return {
    json: Buffer.from(`[${texts.join(',')}]`),
    count,
    last: list.cursorOf(last),
    more: rows.length > limit,
  };
}

/**
 * A chunk of ranges each aggregated into one JSON array by its statement. Only a full chunk may
 * have rows after it, so only then are its last row's position and whether any row follows read.
 */
function* arrayChunk<C, R>(
  d: Dialect,
  list: KeysetList<C, R>,
  arrays: NonNullable<KeysetList<C, R>['arrays']>,
  after: C | undefined,
  limit: number,
): Op<Chunk<C>> {
  const start = after === undefined ? 0 : list.rangeOf(after);
  const parts: { json: Buffer; count: number }[] = [];
  let count = 0;
  let last: C | null = null;
  for (let range = start; range < list.ranges && count < limit; range++) {
    const cursor = range === start ? after : undefined;
    const params = { ...list.params(cursor), limit: limit - count };
    const part = yield* first(arrays.array(range, cursor !== undefined), params);
    if (!part || part.count === 0) continue;
    parts.push({ json: jsonBytes(part.json), count: part.count });
    count += part.count;
    if (count < limit) continue;
    const row = arrays.nth
      ? yield* first(arrays.nth(range, cursor !== undefined), { ...params, offset: part.count - 1 })
      : // A non-empty array's row holds its last row's position.
        (part as JsonArray & R);
    last = row ? list.cursorOf(row) : null;
  }
  const more = last !== null && (yield* rangeRows(d, list, list.json, last, 1)).length > 0;
  if (parts.length <= 1) return { json: parts[0]?.json ?? EMPTY_ARRAY, count, last, more };
  // Across two ranges (year's nulls and years), the two arrays become one.
  const pieces = new JsonArrayPieces();
  for (const part of parts) pieces.add(part.json, part.count);
  return { json: Buffer.concat(pieces.finish()), count, last, more };
}

/** A page of the list as JSON after `after`; null when the guild has no row at all. */
function* jsonPage<C, R>(
  d: Dialect,
  list: KeysetList<C, R>,
  after: C | undefined,
  limit: number,
): Op<SerializedList<C> | null> {
  const chunk = yield* jsonChunk(d, list, after, limit);
  if (chunk.count === 0 && (yield* isNone(list, after))) return null;
  return { json: [chunk.json], count: chunk.count, next: chunk.more ? chunk.last : null };
}

/** The whole list as JSON, in chunks with a pause between them (SqlDb.readInTurns). */
function* wholeList<C, R>(d: Dialect, list: KeysetList<C, R>): Op<SerializedList<C> | null> {
  const pieces = new JsonArrayPieces();
  let count = 0;
  let after: C | undefined;
  for (;;) {
    const chunk = yield* jsonChunk(d, list, after, CHUNK_ROWS);
    // A list that fits one chunk is that chunk's array as it is: no copy.
    if (after === undefined && !chunk.more) {
      if (chunk.count === 0 && (yield* isNone(list, undefined))) return null;
      return { json: [chunk.json], count: chunk.count, next: null };
    }
    pieces.add(chunk.json, chunk.count);
    count += chunk.count;
    if (!chunk.more || chunk.last === null) break;
    after = chunk.last;
    yield* pause();
  }
  return { json: pieces.finish(), count, next: null };
}

/**
 * Runs a page's read over one state of the data: one statement is that by itself (a probe of
 * whether the guild has any row may follow an empty page, a question about the guild that either
 * answer settles); several share one read transaction. PostgreSQL reads a list in one statement
 * (Dialect.lists `union`); SQLite, a range at a time, needs several for a list of more ranges or
 * a JSON page of its arrays (the last row's position and whether more follow, read apart), and
 * its read transaction costs little.
 */
function readPage<C, R, T>(
  db: SqlDb,
  list: KeysetList<C, R>,
  json: boolean,
  op: Op<T>,
): Promise<T> {
  const one = db.dialect.lists === 'union' || (list.ranges === 1 && !(json && list.arrays));
  return one ? db.read(op) : db.snapshot(op);
}

/** A page of the list (with `request`) or the whole list, as JSON; null when the guild has none. */
export function readJson<C, R>(
  db: SqlDb,
  list: KeysetList<C, R>,
  request: PageRequest<C> | undefined,
): Promise<SerializedList<C> | null> {
  if (request) {
    return readPage(db, list, true, jsonPage(db.dialect, list, request.after, request.limit));
  }
  return db.readInTurns(() => wholeList(db.dialect, list));
}

function* rowsPage<C, P, R extends P>(
  d: Dialect,
  list: KeysetList<C, P>,
  statement: RangeStatement<R & { seg?: number }>,
  request: PageRequest<C> | undefined,
): Op<Page<R, C> | null> {
  const after = request?.after;
  // One row past the page tells whether another page follows.
  const rows = yield* rangeRows(d, list, statement, after, request ? request.limit + 1 : null);
  if (rows.length === 0 && (yield* isNone(list, after))) return null;
  return pageOf(withoutSeg<R>(rows), request, (row) => list.cursorOf(row));
}

/** A page of the list's rows as `statement` reads them (all without `request`); null when none. */
export function readRows<C, P, R extends P>(
  db: SqlDb,
  list: KeysetList<C, P>,
  statement: RangeStatement<R & { seg?: number }>,
  request: PageRequest<C> | undefined,
): Promise<Page<R, C> | null> {
  return readPage(db, list, false, rowsPage(db.dialect, list, statement, request));
}
