import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../src/store/sqlite/database.js';
import { openSqliteStore, type SqliteStore } from '../../src/store/sqlite/store.js';

export interface TestDatabase {
  store: SqliteStore;
  db: Database;
  dir: string;
  path: string;
  /** Closes the database and deletes its folder. */
  cleanup(): void;
}

/**
 * A real, migrated SQLite file in a fresh temp folder, loaded with `data` when given: for tests
 * of what only SQLite has (its file, its connection); the others take test/support/store.ts.
 */
export async function openTestDatabase(data?: unknown): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-test-'));
  const path = join(dir, 'housecup.db');
  const store = openSqliteStore(path);
  if (data !== undefined) await store.importData(data);
  return {
    store,
    db: store.db,
    dir,
    path,
    cleanup() {
      store.db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
