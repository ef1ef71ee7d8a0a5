import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/**
 * A list already serialized by the store as a JSON array of domain records: the cheap form for
 * presenters that emit JSON (building JS objects only to stringify them costs more than the read).
 */
export interface SerializedList<C> {
  /**
   * A JSON array as UTF-8 bytes, e.g. `[{"id":1,...},{"id":2,...}]`, in pieces to be joined in
   * order (one for a page; one per chunk for a whole list, so the presenter copies the bytes once,
   * into its answer). Bytes, because that is what SQLite holds and what a socket takes: the text
   * is never decoded to a JS string between.
   */
  json: readonly Buffer[];
  count: number;
  /** Where the following page starts (paged reads only), or null. */
  next: C | null;
}

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

/** Rows per chunk of an unpaged read: a chunk keeps the event loop busy for a few ms at most. */
export const CHUNK_ROWS = 2000;
const RESTARTS = 2;
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
export const EMPTY_ARRAY = Buffer.from('[]');

/**
 * Joins JSON arrays (bytes) into the pieces of one array without copying them:
 * `[a,b]` then `[c]` become `[` `a,b` `,` `c` `]`, for the presenter to copy once into its answer.
 */
export class JsonArrayPieces {
  private readonly parts: Buffer[] = [];

  add(array: Buffer, count: number): void {
    if (count === 0) return;
    this.parts.push(this.parts.length === 0 ? OPEN : COMMA, array.subarray(1, -1));
  }

  finish(): Buffer[] {
    this.parts.push(this.parts.length === 0 ? EMPTY_ARRAY : CLOSE);
    return this.parts;
  }
}

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
