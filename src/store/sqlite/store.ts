import { assembleStore } from '../assemble.js';
import type { Store } from '../store.js';
import { sqliteChangesSince } from './changes.js';
import { type Database, type OpenOptions, openDatabase } from './database.js';
import { createSqliteDb } from './driver.js';
import { quickCheck } from './integrity.js';
import { keyGeneration } from './key-changes.js';
import { sqliteReadiness } from './readiness.js';

export interface SqliteStore extends Store {
  readonly kind: 'sqlite';
  /** The connection, for what only SQLite has (tests, the benchmark's loader). */
  readonly db: Database;
  /** SQLite's quick_check of the file: null when sound, else SQLite's description. */
  checkIntegrity(): Promise<string | null>;
}

interface SqliteStoreOptions extends OpenOptions {
  /** The clock premium expiry and key times are judged by; tests set it. */
  now?: () => Date;
}

/** The default store: one SQLite file. */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteStore {
  const db = openDatabase(path, options);
  const now = options.now ?? (() => new Date());
  const sql = createSqliteDb(db.sqlite, {
    generation: db.exactGeneration,
    onWrite: db.noteWrite,
  });
  const store = assembleStore(sql, now, {
    kind: 'sqlite',
    location: db.path,
    created: db.created,
    since: sqliteChangesSince(db),
    generation: (guildId) => db.guildGeneration(guildId),
    keys: { generation: keyGeneration(db) },
    ready: sqliteReadiness(db),
    async close() {
      db.close();
    },
  });
  return { ...store, kind: 'sqlite', db, checkIntegrity: () => quickCheck(db.path) };
}
