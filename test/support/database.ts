import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '../../src/store/database.js';
import { importData } from '../../src/transfer/import.js';

export interface TestDatabase {
  db: Database;
  dir: string;
  path: string;
  /** Closes the database and deletes its folder. */
  cleanup(): void;
}

/** A real, migrated SQLite file in a fresh temp folder, loaded with `data` when given. */
export function openTestDatabase(data?: unknown): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-test-'));
  const path = join(dir, 'housecup.db');
  const db = openDatabase(path);
  if (data !== undefined) importData(db, data);
  return {
    db,
    dir,
    path,
    cleanup() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
