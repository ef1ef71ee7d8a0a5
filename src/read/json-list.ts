/**
 * A list already serialized by the store as a JSON array of profiles or jobs: the cheap form for
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

/** Rows per chunk of an unpaged read: a chunk keeps the event loop busy for a few ms at most. */
export const CHUNK_ROWS = 2000;
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
