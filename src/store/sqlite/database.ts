import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Sqlite from 'better-sqlite3';
import { migrationsFolderOf } from '../../paths.js';
import { RECORDS } from '../../records/index.js';
import { StoreOpenError } from '../errors.js';
import { migrationsTable, pendingMigrations, readMigrations } from '../migrations.js';
import { type RefusedValue, refusedValues } from './type-checks.js';

export interface Database {
  readonly path: string;
  readonly sqlite: Sqlite.Database;
  /** True when this open created the database file. */
  readonly created: boolean;
  /**
   * The data generation: a value that changes whenever any connection (this one or another
   * process) commits. Caches compare it to know when to drop what they hold. A commit by another
   * connection may show up to GENERATION_LAG_MS late (this connection's own writes show at once).
   */
  generation(): string;
  /**
   * The generation of one guild's data: changes when a commit (of any connection) changed it
   * (guild_changes, kept by the triggers of drizzle/sqlite/0007_guild_changes.sql), as late as
   * `generation()` may.
   */
  guildGeneration(guildId: string): string;
  /** `generation()` read this instant: for consistency checks that cannot accept any lag. */
  exactGeneration(): string;
  close(): void;
}

/** How late generation() may see another connection's commit. */
const GENERATION_LAG_MS = 1;

export interface OpenOptions {
  /** Apply the migrations in drizzle/ (default true). */
  migrate?: boolean;
}

/** Opens (creating if needed) the SQLite database, with settings fit for a long-running server. */
export function openDatabase(path: string, options: OpenOptions = {}): Database {
  const fullPath = path === ':memory:' ? path : resolve(path);
  if (fullPath !== ':memory:' && !existsSync(dirname(fullPath))) {
    throw new StoreOpenError(
      `Cannot open database ${fullPath}: directory ${dirname(fullPath)} does not exist`,
    );
  }
  const created = fullPath === ':memory:' || !existsSync(fullPath);
  let sqlite: Sqlite.Database;
  try {
    sqlite = new Sqlite(fullPath);
    // WAL lets readers go on while an import writes; the busy timeout rides out short locks.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // In WAL mode NORMAL is durable against application crashes, and much faster than FULL.
    sqlite.pragma('synchronous = NORMAL');
  } catch (error) {
    throw new StoreOpenError(`Cannot open database ${fullPath}: ${describe(error)}`);
  }
  if (options.migrate !== false) {
    try {
      migrate(sqlite);
    } catch (error) {
      const reason = refusedRows(sqlite) ?? describe(error);
      sqlite.close();
      throw new StoreOpenError(`Cannot migrate database ${fullPath}: ${reason}`);
    }
  }
  // data_version (another connection committed) costs more than the rest of a cached answer's
  // own work (docs/performance.md, "SQLite's data_version"), so generation() reads it at most
  // once per GENERATION_LAG_MS;
  // total_changes (this connection wrote) is nearly free, so it is read every time.
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const totalChanges = sqlite.prepare('SELECT total_changes()').pluck();
  let seenVersion: unknown;
  let seenChanges: unknown;
  let seenAt = Number.NEGATIVE_INFINITY;
  let token = '';
  // The token string is rebuilt only when a number changed: callers compare it on every request.
  const tokenOf = (changes: unknown) => {
    if (changes !== seenChanges) {
      seenChanges = changes;
      token = `${String(seenVersion)}.${String(changes)}`;
    }
    return token;
  };
  const exactGeneration = () => {
    const version = dataVersion.get();
    seenAt = performance.now();
    if (version !== seenVersion) {
      seenVersion = version;
      seenChanges = undefined;
    }
    return tokenOf(totalChanges.get());
  };
  const generation = () => {
    if (performance.now() - seenAt > GENERATION_LAG_MS) return exactGeneration();
    return tokenOf(totalChanges.get());
  };
  const guildGeneration = guildGenerations(sqlite, generation);
  return {
    path: fullPath,
    sqlite,
    created,
    generation,
    guildGeneration,
    exactGeneration,
    close() {
      if (!sqlite.open) return;
      if (totalChanges.get() !== 0) leaveWalRestartable(sqlite);
      sqlite.close();
    },
  };
}

/** How long a closing writer waits for readers still on the frames it wrote. */
const CLOSING_CHECKPOINT_WAIT_MS = 2000;

/**
 * A commit's automatic checkpoint cannot copy the frames a reader of another connection is still
 * reading past, and a WAL that was not copied in full is appended to by the next writer rather
 * than started again from its beginning: imports a minute apart, each meeting a list being
 * served, would grow the file by a whole import each. A connection that wrote (the CLI's import or
 * copy, a stopping node) therefore waits, briefly, for those readers and copies everything
 * (RESTART), so the next writer reuses the file from its start. Readers that begin meanwhile read
 * the database file and do not hold it up; one that stays (a pinned snapshot) only costs the wait.
 */
function leaveWalRestartable(sqlite: Sqlite.Database): void {
  try {
    sqlite.pragma(`busy_timeout = ${CLOSING_CHECKPOINT_WAIT_MS}`);
    sqlite.pragma('wal_checkpoint(RESTART)');
  } catch {
    // Closing goes on: the automatic checkpoints copy the rest later.
  }
}

/** Applies drizzle-kit's migrations not yet applied, in one transaction (src/store/migrations.ts). */
function migrate(sqlite: Sqlite.Database): void {
  const table = '"__drizzle_migrations"';
  sqlite.exec(migrationsTable('numeric', table));
  const last = sqlite
    .prepare<[], number | string>(
      `SELECT created_at FROM ${table} ORDER BY created_at DESC LIMIT 1`,
    )
    .pluck()
    .get();
  const pending = pendingMigrations(
    readMigrations(migrationsFolderOf('sqlite')),
    last === undefined ? null : Number(last),
  );
  if (pending.length === 0) return;
  const record = sqlite.prepare(`INSERT INTO ${table} (hash, created_at) VALUES (?, ?)`);
  sqlite.transaction(() => {
    for (const migration of pending) {
      for (const statement of migration.statements) sqlite.exec(statement);
      record.run(migration.hash, migration.createdAt);
    }
  })();
}

/**
 * Each guild's generation, from the rows of guild_changes past the highest number seen, read
 * only when the database's generation moved: a guild's largest number, over its areas. The
 * numbers only grow; should they fall (the file replaced under a running node, the table emptied
 * by hand), a new epoch drops everything known.
 */
function guildGenerations(
  sqlite: Sqlite.Database,
  databaseGeneration: () => string,
): (guildId: string) => string {
  // Prepared on first use: a database opened without migrating may not have the table yet.
  const statements = () => ({
    // The rows past the number seen, a range of guild_changes_seq; the largest per guild is
    // taken here. With GROUP BY guild_id SQLite walked the primary key instead (every row of the
    // table), on the first request after each commit.
    since: sqlite
      .prepare<[number], [string, number]>(
        'SELECT guild_id, seq FROM guild_changes WHERE seq > ? ORDER BY seq',
      )
      .raw(),
    highest: sqlite.prepare<[], number | null>('SELECT max(seq) FROM guild_changes').pluck(),
  });
  let prepared: ReturnType<typeof statements> | undefined;
  // Tokens as strings, made once per change: callers compare them on every request.
  const guilds = new Map<string, string>();
  let seen = 0;
  let epoch = 0;
  let unchanged = '0.0';
  let readAt = '';
  return (guildId) => {
    const now = databaseGeneration();
    if (now !== readAt) {
      readAt = now;
      prepared ??= statements();
      const { since, highest } = prepared;
      if ((highest.get() ?? 0) < seen) {
        epoch += 1;
        unchanged = `${epoch}.0`;
        guilds.clear();
        seen = 0;
      }
      // In seq order: a guild's last row is its largest number.
      for (const [guild, generation] of since.all(seen)) {
        guilds.set(guild, `${epoch}.${generation}`);
        seen = generation;
      }
    }
    return guilds.get(guildId) ?? unchanged;
  };
}

/** How many refused values a failed migration names: enough to fix, short enough to read. */
const NAMED_VALUES = 20;

/**
 * Why the type checks' migration stopped, when rows stored before it break them: each value,
 * with the WHERE clause that finds its row, so an operator can correct it and start again.
 */
function refusedRows(sqlite: Sqlite.Database): string | null {
  let found: RefusedValue[];
  try {
    // The tables of later migrations are not there yet when an earlier one stops.
    const present = new Set(
      sqlite
        .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .pluck()
        .all(),
    );
    const records = RECORDS.filter((record) => present.has(record.table));
    found = refusedValues(sqlite, records, NAMED_VALUES + 1);
  } catch {
    // An earlier migration failed: the tables are not all there to read.
    return null;
  }
  if (found.length === 0) return null;
  const named = found
    .slice(0, NAMED_VALUES)
    .map(
      (row) => `${row.table} WHERE ${row.where}: ${row.column} is ${row.value} (${row.message})`,
    );
  const more = found.length > NAMED_VALUES ? '; and more' : '';
  return `rows stored before housecup checked each column's type hold values PostgreSQL would refuse; correct or delete them (e.g. with sqlite3), then start again: ${named.join('; ')}${more}`;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
