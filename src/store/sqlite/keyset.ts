import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { CHUNK_ROWS, JsonArrayPieces, type SerializedList } from '../../read/json-list.js';

/*
 * Keyset reads of a serialized list on SQLite. better-sqlite3 is synchronous, so a chunk blocks
 * the event loop while it runs: a whole list is read in chunks with the loop free between them.
 */

export interface Chunk<C> {
  /** JSON array of the rows in this chunk, as UTF-8 bytes. */
  json: Buffer;
  count: number;
  /** Position of the chunk's last row when the chunk is full (more may follow), else null. */
  last: C | null;
}

export interface KeysetSource<C> {
  /** Up to `limit` rows after `after` (from the start when undefined), in list order. */
  chunk(after: C | undefined, limit: number): Chunk<C>;
  /** Whether any row follows `after`. */
  hasAfter(after: C): boolean;
  /** Runs `work` in one read transaction, so its statements see one snapshot. */
  snapshot<T>(work: () => T): T;
  /** Changes whenever the data may have changed. */
  generation(): string;
}

const RESTARTS = 2;

/** One page: the rows and whether more follow, from one snapshot. */
export function readPage<C>(
  source: KeysetSource<C>,
  after: C | undefined,
  limit: number,
): SerializedList<C> {
  return source.snapshot(() => {
    const chunk = source.chunk(after, limit);
    const more = chunk.last !== null && chunk.count === limit && source.hasAfter(chunk.last);
    return { json: [chunk.json], count: chunk.count, next: more ? chunk.last : null };
  });
}

/**
 * The whole list, read in chunks with the event loop free between them, and no read
 * transaction held across them (a long one would pin the WAL). If the data changes mid-way the
 * read starts again; after a few tries it reads everything in one snapshot instead, so the
 * answer is always the old list or the new one, never a mix.
 */
export async function readAll<C>(source: KeysetSource<C>): Promise<SerializedList<C>> {
  for (let attempt = 0; attempt <= RESTARTS; attempt++) {
    const started = source.generation();
    const pieces = new JsonArrayPieces();
    let count = 0;
    let chunks = 0;
    let after: C | undefined;
    let consistent = true;
    for (;;) {
      const chunk = source.chunk(after, CHUNK_ROWS);
      // Checked after every chunk: a commit before or during this read shows here.
      if (source.generation() !== started) {
        consistent = false;
        break;
      }
      // A list that fits one chunk is that chunk's array as it is: no copy.
      if (chunks === 0 && chunk.count < CHUNK_ROWS)
        return { json: [chunk.json], count: chunk.count, next: null };
      pieces.add(chunk.json, chunk.count);
      chunks += 1;
      count += chunk.count;
      if (chunk.count < CHUNK_ROWS || chunk.last === null) break;
      after = chunk.last;
      await yieldToEventLoop();
    }
    if (consistent) return { json: pieces.finish(), count, next: null };
  }
  return source.snapshot(() => {
    const chunk = source.chunk(undefined, -1);
    return { json: [chunk.json], count: chunk.count, next: null };
  });
}
