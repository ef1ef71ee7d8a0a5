import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/**
 * A list already serialized by the store as a JSON array of domain records: the cheap form for
 * presenters that emit JSON (building JS objects only to stringify them costs more than the read).
 */
export interface SerializedList<C> {
  /** A JSON array text, e.g. `[{"id":1,...},{"id":2,...}]`. */
  json: string;
  count: number;
  /** Where the following page starts (paged reads only), or null. */
  next: C | null;
}

export interface Chunk<C> {
  /** JSON array text of the rows in this chunk. */
  json: string;
  count: number;
  /** Position of the chunk's last row, or null when the chunk is empty. */
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

/** Rows per chunk of an unpaged read: a chunk keeps the event loop busy for a few ms at most. */
export const CHUNK_ROWS = 2000;
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
    return { json: chunk.json, count: chunk.count, next: more ? chunk.last : null };
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
    const parts: string[] = [];
    let count = 0;
    let after: C | undefined;
    let consistent = true;
    for (;;) {
      const chunk = source.chunk(after, CHUNK_ROWS);
      // Checked after every chunk: a commit before or during this read shows here.
      if (source.generation() !== started) {
        consistent = false;
        break;
      }
      if (chunk.count > 0) parts.push(chunk.json.slice(1, -1));
      count += chunk.count;
      if (chunk.count < CHUNK_ROWS || chunk.last === null) break;
      after = chunk.last;
      await yieldToEventLoop();
    }
    if (consistent) return { json: `[${parts.join(',')}]`, count, next: null };
  }
  return source.snapshot(() => {
    const chunk = source.chunk(undefined, -1);
    return { json: chunk.json, count: chunk.count, next: null };
  });
}
