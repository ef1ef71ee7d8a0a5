import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Sqlite from 'better-sqlite3';
import { migrationsFolderOf } from '../../paths.js';
import { RECORDS } from '../../records/index.js';
import { errorText, StoreOpenError } from '../errors.js';
import { migrationSteps } from '../migrations.js';
import { driveNow } from '../sql/drive.js';
import { type RefusedValue, refusedValues } from './type-checks.js';

export interface Database {
  readonly path: string;
  readonly sqlite: Sqlite.Database;
  readonly created: boolean;
  /**
   * Changes when any connection commits. This connection's writes through the store show at once
   * (noteWrite); another's commit, or a statement run on `sqlite` by hand, up to
   * GENERATION_LAG_MS late.
   */
  generation(): string;
  /** The generation of one guild's data (from guild_changes), as late as `generation()` may. */
  guildGeneration(guildId: string): string;
  /** `generation()` read this instant: for consistency checks that cannot accept any lag. */
  exactGeneration(): string;
  /** This connection may have changed rows: the next `generation()` reads them at once. */
  noteWrite(): void;
  close(): void;
}

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
    throw new StoreOpenError(`Cannot open database ${fullPath}: ${errorText(error)}`);
  }
  if (options.migrate !== false) {
    try {
      migrate(sqlite);
    } catch (error) {
      const reason = refusedRows(sqlite) ?? errorText(error);
      sqlite.close();
      throw new StoreOpenError(`Cannot migrate database ${fullPath}: ${reason}`);
    }
  }
  // Why data_version is cached: docs/architecture.md, "What each engine keeps of its own".
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const totalChanges = sqlite.prepare('SELECT total_changes()').pluck();
  let seenVersion: unknown;
  let seenChanges: unknown;
  let seenAt = Number.NEGATIVE_INFINITY;
  let wrote = false;
  let token = '';
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
    wrote = false;
    if (version !== seenVersion) {
      seenVersion = version;
      seenChanges = undefined;
    }
    return tokenOf(totalChanges.get());
  };
  const generation = () =>
    wrote || performance.now() - seenAt > GENERATION_LAG_MS ? exactGeneration() : token;
  const guildGeneration = guildGenerations(sqlite, generation);
  return {
    path: fullPath,
    sqlite,
    created,
    generation,
    guildGeneration,
    exactGeneration,
    noteWrite() {
      wrote = true;
    },
    close() {
      if (!sqlite.open) return;
      if (totalChanges.get() !== 0) leaveWalRestartable(sqlite);
      sqlite.close();
    },
  };
}

/** How long a closing writer waits for readers still on the frames it wrote. */
const CLOSING_CHECKPOINT_WAIT_MS = 2000;

// Why a writer copies the whole WAL: docs/architecture.md, "What each engine keeps of its own".
function leaveWalRestartable(sqlite: Sqlite.Database): void {
  try {
    sqlite.pragma(`busy_timeout = ${CLOSING_CHECKPOINT_WAIT_MS}`);
    sqlite.pragma('wal_checkpoint(RESTART)');
  } catch {
    // Closing goes on: the automatic checkpoints copy the rest later.
  }
}

/** Applies drizzle-kit's migrations not yet applied (src/store/migrations.ts). */
function migrate(sqlite: Sqlite.Database): void {
  const steps = migrationSteps(migrationsFolderOf('sqlite'), '"__drizzle_migrations"', 'numeric');
  driveNow(steps, (step) =>
    step.read ? sqlite.prepare(step.sql).pluck().get() : sqlite.exec(step.sql),
  );
}

/** Each guild's generation (docs/architecture.md, "What each engine keeps of its own"). */
function guildGenerations(
  sqlite: Sqlite.Database,
  databaseGeneration: () => string,
): (guildId: string) => string {
  // Prepared on first use: a database opened without migrating may not have the table yet.
  const statements = () => ({
    // Not GROUP BY guild_id, for which SQLite walked every row of the table.
    since: sqlite
      .prepare<[number], [string, number]>(
        'SELECT guild_id, seq FROM guild_changes WHERE seq > ? ORDER BY seq',
      )
      .raw(),
    highest: sqlite.prepare<[], number | null>('SELECT max(seq) FROM guild_changes').pluck(),
  });
  let prepared: ReturnType<typeof statements> | undefined;
  const guilds = new Map<string, string>();
  let started = false;
  let seen = 0;
  let epoch = 0;
  let unchanged = '0.0';
  let readAt = '';
  // The first read, or numbers that fell (the table emptied under a running node): every guild
  // starts afresh at the latest number, one read of the index rather than a walk of every guild's
  // rows. A token need only differ from those this node handed out before, and it has handed out
  // none of these.
  const startAt = (top: number) => {
    if (started) epoch += 1;
    started = true;
    guilds.clear();
    seen = top;
    unchanged = `${epoch}.${top}`;
  };
  return (guildId) => {
    const now = databaseGeneration();
    if (now !== readAt) {
      readAt = now;
      prepared ??= statements();
      const { since, highest } = prepared;
      if (!started) startAt(highest.get() ?? 0);
      const changes = since.all(seen);
      // Rows past the highest number seen hold the highest; only without any can the numbers
      // have fallen, which the highest number alone tells.
      if (changes.length === 0) {
        const top = highest.get() ?? 0;
        if (top < seen) startAt(top);
      }
      for (const [guild, generation] of changes) {
        guilds.set(guild, `${epoch}.${generation}`);
        seen = generation;
      }
    }
    return guilds.get(guildId) ?? unchanged;
  };
}

/** How many refused values a failed migration names: enough to fix, short enough to read. */
const NAMED_VALUES = 20;

/** Why the type checks' migration stopped: each refused value, with a WHERE clause for its row. */
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
