import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { migrationsFolderOf } from '../../src/paths.js';

/**
 * A copy of one dialect's migrations folder as it was before the migration `tag`: what a
 * database that has not seen that migration yet was made with. `cleanups` gets its removal.
 */
export function migrationsBefore(
  dialect: 'sqlite' | 'postgres',
  tag: string,
  cleanups: (() => void)[],
): string {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(migrationsFolderOf(dialect), dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at <= 0) throw new Error(`no migration ${tag} after the first in ${dialect}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** The SQL of every migration of `dialect`, in the order they apply. */
export function migrationTexts(dialect: 'sqlite' | 'postgres'): { tag: string; sql: string }[] {
  const folder = migrationsFolderOf(dialect);
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map(({ tag }) => ({
    tag,
    sql: readFileSync(join(folder, `${tag}.sql`), 'utf8'),
  }));
}

/**
 * A copy of one dialect's migrations folder up to the migration `last`, without the migrations
 * `without`: what a database made on a branch that had merged `last` but not those was migrated
 * with, whatever came after.
 */
export function migrationsThrough(
  dialect: 'sqlite' | 'postgres',
  last: string,
  without: readonly string[],
  cleanups: (() => void)[],
): string {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(migrationsFolderOf(dialect), dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === last);
  if (at < 0) throw new Error(`no migration ${last} in ${dialect}`);
  journal.entries = journal.entries
    .slice(0, at + 1)
    .filter((entry) => !without.includes(entry.tag));
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** Runs statements on a connection of its own to the database at `where`; the rows of the last. */
export async function runStatements(
  kind: 'sqlite' | 'postgres',
  where: string,
  statements: readonly string[],
): Promise<unknown[]> {
  let rows: unknown[] = [];
  if (kind === 'sqlite') {
    const db = new Sqlite(where);
    try {
      for (const sql of statements) {
        const statement = db.prepare(sql);
        if (statement.reader) rows = statement.all();
        else {
          statement.run();
          rows = [];
        }
      }
    } finally {
      db.close();
    }
    return rows;
  }
  const client = new pg.Client({ connectionString: where });
  await client.connect();
  try {
    for (const sql of statements) rows = (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
  return rows;
}

/** The SQL of the last migration of `dialect` whose text contains `creating`. */
export function lastCreating(dialect: 'sqlite' | 'postgres', creating: string): string | undefined {
  return migrationTexts(dialect)
    .filter(({ sql }) => sql.includes(creating))
    .at(-1)?.sql;
}
