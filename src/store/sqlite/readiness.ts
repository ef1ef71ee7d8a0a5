import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolderOf } from '../../paths.js';
import type { Database } from './database.js';

function shippedMigrations(): number {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolderOf('sqlite'), 'meta', '_journal.json'), 'utf8'),
  );
  return Array.isArray(journal.entries) ? journal.entries.length : 0;
}

/** Ready when drizzle's migrations table can be read and counts every migration shipped. */
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
