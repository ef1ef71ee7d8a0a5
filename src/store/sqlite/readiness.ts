import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolderOf } from '../../paths.js';
import type { Database } from './database.js';

/** The number of migrations this build ships, from drizzle's journal. */
function shippedMigrations(): number {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolderOf('sqlite'), 'meta', '_journal.json'), 'utf8'),
  );
  return Array.isArray(journal.entries) ? journal.entries.length : 0;
}

/**
 * A readiness check of the SQLite store: a SELECT on drizzle's migrations table must work (the
 * connection is open and the file readable) and count every migration this build ships.
 */
export function sqliteReadiness(db: Database): () => boolean {
  const expected = shippedMigrations();
  return () => {
    try {
      const row = db.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as {
        n: number;
      };
      return row.n >= expected;
    } catch {
      // Closed connection, missing table, unreadable file: all mean "not ready".
      return false;
    }
  };
}
