import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The migrations drizzle-kit writes (drizzle/<store>/: meta/_journal.json and one SQL file per
 * entry), applied the way drizzle-orm's own migrator applies them, into the same bookkeeping
 * table (`__drizzle_migrations`: the file's SHA-256 and its journal time), so a database migrated
 * by either is up to date for the other. Replaces drizzle-orm's migrator, which loads the whole
 * query builder: on Node 22 and later that is most of a second of every start of the service
 * and of every CLI command (docs/decisions.md, "drizzle-orm at run time").
 */

interface Migration {
  /** The file's name without `.sql`, e.g. `0012_terms`. */
  tag: string;
  /** Its statements, as drizzle-kit separated them (`--> statement-breakpoint`). */
  statements: string[];
  /** What drizzle's migrator records: the file's SHA-256 (hex), and the journal's time (ms). */
  hash: string;
  createdAt: number;
}

interface Journal {
  entries: { tag: string; when: number }[];
}

/** Every migration of `folder`, in the journal's order. */
export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(
    readFileSync(join(folder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(join(folder, `${tag}.sql`), 'utf8');
    return {
      tag,
      statements: text.split('--> statement-breakpoint').filter((part) => part.trim() !== ''),
      hash: createHash('sha256').update(text).digest('hex'),
      createdAt: when,
    };
  });
}

/** The migrations newer than the last one applied (null: none was), as drizzle's migrator judges. */
function pendingMigrations(
  migrations: readonly Migration[],
  lastApplied: number | null,
): Migration[] {
  return migrations.filter(
    (migration) => lastApplied === null || lastApplied < migration.createdAt,
  );
}

/** The bookkeeping table, as drizzle's migrator makes it (SQLite: `numeric`, PostgreSQL: `bigint`). */
const migrationsTable = (timeType: 'numeric' | 'bigint', qualified: string) =>
  `CREATE TABLE IF NOT EXISTS ${qualified} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at ${timeType})`;

/** SQL to run; with `read`, a query whose first row's first value is handed back (or undefined). */
interface MigrationStep {
  readonly sql: string;
  readonly read?: true;
}

/**
 * Applies the migrations of `folder` not yet applied, in one transaction, recorded in `table`:
 * written once as steps (the store's operations do the same, src/store/sql/op.ts), which SQLite
 * runs at once as it opens a file and PostgreSQL awaits one by one.
 */
export function* migrationSteps(
  folder: string,
  table: string,
  timeType: 'numeric' | 'bigint',
): Generator<MigrationStep, void, unknown> {
  yield { sql: migrationsTable(timeType, table) };
  const last = yield {
    sql: `SELECT created_at FROM ${table} ORDER BY created_at DESC LIMIT 1`,
    read: true,
  };
  const pending = pendingMigrations(readMigrations(folder), last == null ? null : Number(last));
  if (pending.length === 0) return;
  yield { sql: 'BEGIN' };
  try {
    for (const { statements, hash, createdAt } of pending) {
      for (const statement of statements) yield { sql: statement };
      // A hex digest and a number: literals with nothing to quote.
      yield { sql: `INSERT INTO ${table} (hash, created_at) VALUES ('${hash}', ${createdAt})` };
    }
    yield { sql: 'COMMIT' };
  } catch (error) {
    try {
      yield { sql: 'ROLLBACK' };
    } catch {
      // The connection is gone: so is its transaction.
    }
    throw error;
  }
}
