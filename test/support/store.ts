import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore, type SqliteStore } from '../../src/store/sqlite/store.js';
import type { Store, StoreKind } from '../../src/store/store.js';
import { needOutside } from './outside.js';
import { databaseUrl, runAsAdmin } from './postgres-template.js';

/*
 * The stores a suite runs against: SQLite always, PostgreSQL where test/setup/outside.ts found a
 * server. A suite parametrized with storeKinds() runs once per store; without PostgreSQL its
 * PostgreSQL half is named as not run (a failure under CI=true).
 */

export type { StoreKind };

/** The stores this run can test; `file` (import.meta.filename) names the suite if one is missing. */
export function storeKinds(file: string): StoreKind[] {
  return needOutside('postgresql', file) ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestStore {
  kind: StoreKind;
  store: Store;
  /** A temp folder of the test's own (the SQLite file lives there). */
  dir: string;
  /** What a child process (the CLI, a node) needs to open the same store. */
  env: Record<string, string>;
  /** A second handle on the same database, for a test that plays another process or node. */
  reopen(): Promise<Store>;
  /** Closes the store and deletes its file or drops its database. */
  cleanup(): Promise<void>;
}

/**
 * The URL of a database of its own on the test server; dropped by the returned function. Empty,
 * or with `migrated`, a copy of the run's migrated template (test/support/postgres-template.ts).
 */
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = inject('outside').postgresql;
  if (!admin) throw new Error('no PostgreSQL for this run (test/setup/outside.ts)');
  const name = `housecup_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? inject('postgresTemplate') : null;
  await runAsAdmin(admin, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrl(admin, name),
    drop: () => runAsAdmin(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A real, migrated store of `kind`, holding `data` when given. */
export async function openTestStore(kind: StoreKind, data?: unknown): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-test-'));
  const logger = createLogger({ level: 'silent' });
  let store: Store;
  let env: Record<string, string>;
  let reopen: () => Promise<Store>;
  let drop = async () => {};
  if (kind === 'postgres') {
    const database = await createTestDatabase({ migrated: true });
    drop = database.drop;
    reopen = () => openPostgresStore(database.url, { logger, migrate: false });
    store = await openPostgresStore(database.url, { logger });
    env = { DATABASE_URL: database.url };
  } else {
    const path = join(dir, 'housecup.db');
    reopen = async () => openSqliteStore(path);
    store = openSqliteStore(path);
    env = { DATABASE_PATH: path };
  }
  if (data !== undefined) await store.importData(data);
  const opened = [store];
  return {
    kind,
    store,
    dir,
    env,
    async reopen() {
      const another = await reopen();
      opened.push(another);
      return another;
    },
    async cleanup() {
      for (const each of opened) await each.close().catch(() => {});
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The SQLite store behind a test, for what only SQLite has (its file, its connection). */
export function sqliteOf(store: Store): SqliteStore {
  if (store.kind !== 'sqlite' || !('db' in store)) throw new Error('a SQLite-only test step');
  return store as SqliteStore;
}

/** A pool of plain connections to a test's PostgreSQL database, for what a test reads beside the store. */
export function plainPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  // pg-pool's end() does not wait for its connections to close: one may still be open when the
  // test's database is dropped, whose termination is then the pool's error, unheard a crash.
  pool.on('error', () => {});
  return pool;
}
