import type { Database } from './database.js';
import { KEY_CHANGES_TABLE } from './triggers.js';

/**
 * The key check's generation on SQLite: the number the keys' own changes raise (migration
 * 0023), read again only after some connection committed. A game writing points all day never
 * makes the key check read the keys again; a key revoked in another process is refused from the
 * first request after the commit, as before.
 */
export function keyGeneration(db: Database): () => string {
  // Prepared on first use, as the database is migrated by then.
  let seq: { get(): unknown } | undefined;
  let readAt = '';
  let generation = '';
  return () => {
    const now = db.generation();
    if (now !== readAt) {
      readAt = now;
      seq ??= db.sqlite.prepare(`SELECT seq FROM ${KEY_CHANGES_TABLE}`).pluck();
      generation = String(seq.get());
    }
    return generation;
  };
}
