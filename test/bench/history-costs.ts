import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createLogger } from '../../src/logger.js';
import { migrationsFolderOf } from '../../src/paths.js';
import { HOUSES } from '../../src/records/houses.js';
import type { Job } from '../../src/records/job.js';
import type { Profile } from '../../src/records/profile.js';
import { readMigrations } from '../../src/store/migrations.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore, type SqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import type { FileEntry, GuildEntry, TransferFile } from '../../src/transfer/format.js';
import { mulberry32 } from './dataset.js';
import { admin } from './postgres.js';
import { median } from './stats.js';

/*
 * What the points history (docs/http-api.md) costs: the history triggers' share of an import,
 * and the bytes each recorded change adds on disk. Both are measured on real stores in scratch
 * databases:
 * - import time: the same file imported into a fresh migrated database, with the history
 *   triggers as migrated and with only those dropped (every other trigger stays, so the
 *   difference is the history alone), in interleaved rounds so that drift hits both alike;
 * - bytes per change: single-row UPDATEs of one guild's points, each its own transaction (as
 *   the game writes them), through a plain connection, and the size of points_history (table
 *   and indexes) before and after.
 */

export interface HistoryCosts {
  store: 'sqlite' | 'postgres';
  guilds: number;
  /** ms per import of the same 10,000-guild file into a fresh database, interleaved rounds. */
  withTriggersMs: number[];
  withoutTriggersMs: number[];
  /** median(with) / median(without): the target is <= 1.10 */
  ratio: number;
  /** on-disk bytes (table + its indexes) added per recorded change, over `changes` single-row UPDATEs each in its own transaction */
  bytesPerChange: number;
  changes: number;
}

export interface HistoryCostsOptions {
  store: 'sqlite' | 'postgres';
  /** Admin URL for creating/dropping a scratch database (required for 'postgres'). */
  postgresUrl?: string;
  /** 10_000 in the full bench, e.g. 200 in a quick run. */
  guilds: number;
  /** Interleaved: with, without, with, without... */
  rounds: number;
  /** e.g. 2_000 */
  changes: number;
  /** Scratch folder for SQLite files. */
  workDir: string;
  log: (line: string) => void;
}

const PROFILES_PER_GUILD = 5;
const JOBS_PER_GUILD = 2;
/** Guilds of the untimed warm-up imports: enough for the JIT and the heap to settle. */
const WARM_UP_GUILDS = 1000;

const NAMES = ['Harry', 'Hermione', 'Ron', 'Ginny', 'Luna', 'Neville', 'Draco', 'Cho', 'Cedric'];
const JOBS: [name: string, description: string, salary: number][] = [
  ['Auror', 'Catches dark wizards for the Ministry', 120],
  ['Healer', "Mends curses and broken bones at St Mungo's", 110],
];

/**
 * The import file: `guilds` guilds, each with its house points, 2 jobs and 5 profiles, ids
 * given as an export writes them. No `history`: the import then leaves the history to the
 * triggers, which is what is measured.
 */
export function historyCostsFile(guilds: number): TransferFile {
  const random = mulberry32(0x40c5);
  const pick = (n: number) => Math.floor(random() * n);
  const entries: GuildEntry[] = [];
  for (let g = 0; g < guilds; g++) {
    const jobs: FileEntry<Job>[] = JOBS.slice(0, JOBS_PER_GUILD).map(
      ([name, description, salary], i) => ({ id: i + 1, name, description, salary }),
    );
    const players: FileEntry<Profile>[] = Array.from({ length: PROFILES_PER_GUILD }, (_, i) => ({
      id: i + 1,
      user_id: (200_000_000_000_000_000n + BigInt(g * PROFILES_PER_GUILD + i)).toString(),
      name: `${NAMES[pick(NAMES.length)] ?? 'Harry'} ${g}-${i}`,
      house: random() < 0.1 ? null : (HOUSES[pick(HOUSES.length)] ?? null),
      year: random() < 0.1 ? null : 1 + pick(7),
      job_id: random() < 0.3 ? null : 1 + pick(JOBS_PER_GUILD),
      galleons: pick(1000),
    }));
    entries.push({
      // 19-digit snowflake-like ids, as Discord's.
      id: (1_200_000_000_000_000_000n + BigInt(g) * 1_000_003n).toString(),
      points: {
        gryffindor: pick(5000),
        slytherin: pick(5000),
        ravenclaw: pick(5000),
        hufflepuff: pick(5000),
      },
      jobs,
      players,
    });
  }
  return { guilds: entries };
}

/**
 * The history's triggers (SQLite) or function (PostgreSQL) as their first migration made them:
 * the history without the ledger's who and why (drizzle/sqlite/0002, drizzle/postgres/0003).
 */
function historyBeforeLedger(kind: 'sqlite' | 'postgres'): string[] {
  const tag = kind === 'sqlite' ? '0002_points_history' : '0003_points_history';
  const migration = readMigrations(migrationsFolderOf(kind)).find((each) => each.tag === tag);
  if (!migration) throw new Error(`no migration ${tag}`);
  return kind === 'sqlite'
    ? migration.statements.filter((sql) => sql.includes('CREATE TRIGGER'))
    : migration.statements
        .filter((sql) => sql.includes('CREATE FUNCTION housecup_record_points'))
        .map((sql) => sql.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'));
}

/** A fresh migrated database, its store, and a plain connection beside it. */
export interface Fresh {
  store: Store;
  /** Drops the triggers that write points_history (only those); returns their names. */
  dropHistoryTriggers(): Promise<string[]>;
  /** Drops the triggers on profiles that keep profile_changes (only those); returns their names. */
  dropPeriodTriggers(): Promise<string[]>;
  /**
   * Makes the history's triggers what they were before the ledger was read off them (without
   * who and why, or the check of a change's size); the names of those it replaced.
   */
  withoutLedger(): Promise<string[]>;
  /** Bytes on disk of a table and its indexes. */
  tableBytes(table: string): Promise<number>;
  /** Runs one statement on the plain connection, in a transaction of its own. */
  run(sql: string, params: unknown[]): Promise<void>;
  /** The rows one statement returns, through the plain connection (prepared once per text). */
  rows(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /** One number read through the plain connection. */
  count(sql: string): Promise<number>;
  /** Bytes on disk of points_history and its indexes. */
  historyBytes(): Promise<number>;
  /** Closes everything and deletes the database. */
  dispose(): Promise<void>;
}

export type Opener = (label: string) => Promise<Fresh>;

/** The n-th parameter of a statement as each driver spells it: `?` for better-sqlite3, `$n` for pg. */
export function placeholder(kind: 'sqlite' | 'postgres'): (n: number) => string {
  return (n) => (kind === 'sqlite' ? '?' : `$${n}`);
}

/** SQLite's period triggers in sqlite_master (drizzle/sqlite/0010): a WHERE condition. */
export const SQLITE_PERIOD_TRIGGERS =
  "tbl_name = 'profiles' AND name LIKE 'profiles\\_periods\\_%' ESCAPE '\\'";

/** Drops the triggers that `which` (a condition on sqlite_master) picks; their names. */
export function dropSqliteTriggers(sqlite: SqliteStore['db']['sqlite'], which: string): string[] {
  const names = sqlite
    .prepare<[], string>(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND ${which}`)
    .pluck()
    .all();
  for (const name of names) sqlite.exec(`DROP TRIGGER "${name}"`);
  return names;
}

export function sqliteOpener(workDir: string): Opener {
  mkdirSync(workDir, { recursive: true });
  let opened = 0;
  return async (label) => {
    const path = join(workDir, `history-costs-${process.pid}-${label}-${opened++}.sqlite`);
    const remove = () => {
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
    };
    remove();
    let store: SqliteStore;
    try {
      store = openSqliteStore(path);
    } catch (error) {
      remove();
      throw error;
    }
    // The store's own better-sqlite3 connection: plain prepared statements, no store code.
    const { sqlite } = store.db;
    const prepared = new Map<string, ReturnType<typeof sqlite.prepare<unknown[]>>>();
    const namesOf = (sql: string) =>
      sqlite
        .prepare<[], string>(sql)
        .pluck()
        .all()
        .filter((name): name is string => typeof name === 'string');
    const dropTriggers = (which: string) => dropSqliteTriggers(sqlite, which);
    // Prepared once per text, as a game's client keeps its statements: preparing an UPDATE of a
    // table compiles that table's triggers into it, which would count them twice.
    const preparedOnce = (sql: string) => {
      let statement = prepared.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        prepared.set(sql, statement);
      }
      return statement;
    };
    return {
      store,
      // drizzle/sqlite/0002: the triggers on house_points that write points_history.
      dropHistoryTriggers: async () =>
        dropTriggers("tbl_name = 'house_points' AND sql LIKE '%points_history%'"),
      // drizzle/sqlite/0010: profiles_periods_galleons, _member, _moved, _deleted.
      dropPeriodTriggers: async () => dropTriggers(SQLITE_PERIOD_TRIGGERS),
      withoutLedger: async () => {
        const names = dropTriggers("tbl_name = 'house_points' AND sql LIKE '%points_history%'");
        for (const sql of historyBeforeLedger('sqlite')) sqlite.exec(sql);
        return names;
      },
      async tableBytes(table) {
        const names = sqlite
          .prepare<[string], string>(
            "SELECT name FROM sqlite_master WHERE tbl_name = ? AND type IN ('table', 'index')",
          )
          .pluck()
          .all(table);
        if (names.length === 0) throw new Error(`no ${table} table`);
        return Number(
          sqlite
            .prepare(
              `SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name IN (${names.map(() => '?').join(', ')})`,
            )
            .pluck()
            .get(...names),
        );
      },
      async run(sql, params) {
        preparedOnce(sql).run(...params);
      },
      async rows(sql, params) {
        return preparedOnce(sql).all(...params) as Record<string, unknown>[];
      },
      async count(sql) {
        return Number(sqlite.prepare(sql).pluck().get());
      },
      async historyBytes() {
        const names = namesOf(
          "SELECT name FROM sqlite_master WHERE tbl_name = 'points_history' AND type IN ('table', 'index')",
        );
        if (names.length === 0) throw new Error('no points_history table');
        // dbstat (compiled into better-sqlite3): every page of those b-trees, WAL included.
        const total = sqlite
          .prepare(
            `SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name IN (${names.map(() => '?').join(', ')})`,
          )
          .pluck()
          .get(...names);
        return Number(total);
      },
      async dispose() {
        try {
          await store.close();
        } finally {
          remove();
        }
      },
    };
  };
}

export function postgresOpener(adminUrl: string): Opener {
  const logger = createLogger({ level: 'silent' });
  return async () => {
    const name = `housecup_history_${randomBytes(4).toString('hex')}`;
    await admin(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const drop = () => admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    let store: Store | undefined;
    let client: pg.Client | undefined;
    try {
      store = await openPostgresStore(url.toString(), { logger });
      client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      // Only the byte count depends on it, not the time: commits need not wait for the disk.
      await client.query('SET synchronous_commit = off');
    } catch (error) {
      await client?.end().catch(() => {});
      await store?.close().catch(() => {});
      await drop();
      throw error;
    }
    const plain = client;
    const opened = store;
    /** Drops the triggers of `table` that `which` picks from pg_trigger; their names. */
    const dropTriggers = async (table: string, which: string) => {
      const { rows } = await plain.query<{ tgname: string }>(
        `SELECT tgname FROM pg_trigger
         WHERE tgrelid = '${table}'::regclass AND ${which} AND NOT tgisinternal`,
      );
      for (const { tgname } of rows) await plain.query(`DROP TRIGGER "${tgname}" ON ${table}`);
      return rows.map((row) => row.tgname);
    };
    const number = async (sql: string) => {
      const { rows } = await plain.query<{ n: string | number | null }>(sql);
      return Number(rows[0]?.n ?? 0);
    };
    return {
      store: opened,
      // drizzle/postgres/0003: the trigger on house_points that runs housecup_record_points
      // (the change-notification triggers of 0001 stay).
      dropHistoryTriggers: () =>
        dropTriggers('house_points', "tgfoid = 'housecup_record_points'::regproc"),
      // drizzle/postgres/0009: profiles_periods_galleons, _member, _moved, _deleted, _truncated.
      dropPeriodTriggers: () => dropTriggers('profiles', "tgname LIKE 'profiles\\_periods\\_%'"),
      async withoutLedger() {
        for (const sql of historyBeforeLedger('postgres')) await plain.query(sql);
        return ['housecup_record_points'];
      },
      tableBytes: (table) =>
        number(`SELECT pg_total_relation_size('${table.replace(/'/g, "''")}') AS n`),
      async run(sql, params) {
        await plain.query(sql, params);
      },
      async rows(sql, params) {
        return (await plain.query<Record<string, unknown>>(sql, params)).rows;
      },
      count: number,
      historyBytes: () => number("SELECT pg_total_relation_size('points_history') AS n"),
      async dispose() {
        try {
          await plain.end().catch(() => {});
          await opened.close();
        } finally {
          await drop();
        }
      },
    };
  };
}

const HISTORY_ROWS = 'SELECT count(*) AS n FROM points_history';

/**
 * One import of `file` into a fresh database, with or without the history triggers: its time
 * in ms. The history rows it left are checked, so an import that bypassed the triggers (or
 * triggers that were not dropped) cannot pass for a measure.
 */
async function timedImport(open: Opener, file: TransferFile, withTriggers: boolean) {
  const fresh = await open(withTriggers ? 'with' : 'without');
  try {
    if (!withTriggers) {
      const dropped = await fresh.dropHistoryTriggers();
      if (dropped.length === 0) throw new Error('found no points_history trigger to drop');
    }
    const since = performance.now();
    await fresh.store.importData(file);
    const ms = performance.now() - since;
    const recorded = await fresh.count(HISTORY_ROWS);
    const expected = withTriggers ? file.guilds.length : 0;
    if (recorded !== expected) {
      throw new Error(
        `import ${withTriggers ? 'with' : 'without'} triggers left ${recorded} history rows, not ${expected}`,
      );
    }
    return ms;
  } finally {
    await fresh.dispose();
  }
}

/** Bytes points_history grows by per recorded change, over `changes` single-row UPDATEs. */
async function bytesPerChange(open: Opener, changes: number, log: (line: string) => void) {
  const fresh = await open('bytes');
  try {
    const guild = '1200000000000000000';
    const p = placeholder(fresh.store.kind);
    await fresh.run(
      `INSERT INTO house_points (guild_id, ${HOUSES.join(', ')}) VALUES (${[1, 2, 3, 4, 5].map(p).join(', ')})`,
      [guild, 1000, 1000, 1000, 1000],
    );
    const rowsBefore = await fresh.count(HISTORY_ROWS);
    const before = await fresh.historyBytes();
    for (let i = 0; i < changes; i++) {
      // One house at a time, by a varying amount, as points are given in play; autocommit
      // makes each its own transaction, so each records one row.
      const house = HOUSES[i % HOUSES.length] ?? 'gryffindor';
      await fresh.run(
        `UPDATE house_points SET ${house} = ${house} + ${p(1)} WHERE guild_id = ${p(2)}`,
        [1 + (i % 50), guild],
      );
    }
    const after = await fresh.historyBytes();
    const recorded = (await fresh.count(HISTORY_ROWS)) - rowsBefore;
    if (recorded !== changes) throw new Error(`${changes} updates recorded ${recorded} rows`);
    log(
      `history costs (${fresh.store.kind}): points_history ${before} -> ${after} bytes over ${changes} changes`,
    );
    return (after - before) / changes;
  } finally {
    await fresh.dispose();
  }
}

/**
 * Measures both costs of the points history on one store. Every scratch database or file is
 * deleted before it returns, also when it fails.
 */
export async function measureHistoryCosts(options: HistoryCostsOptions): Promise<HistoryCosts> {
  const { store, guilds, rounds, changes, log } = options;
  if (guilds < 1 || rounds < 1 || changes < 1) {
    throw new Error('guilds, rounds and changes must be at least 1');
  }
  let open: Opener;
  if (store === 'postgres') {
    if (!options.postgresUrl) throw new Error('measureHistoryCosts: postgres needs postgresUrl');
    open = postgresOpener(options.postgresUrl);
  } else {
    open = sqliteOpener(options.workDir);
  }
  const file = historyCostsFile(guilds);
  // Untimed, one of each: the first imports in a process also compile the importer's code and
  // grow the heap, which would otherwise land on the first "with" round alone.
  const warmUp = { guilds: file.guilds.slice(0, WARM_UP_GUILDS) };
  await timedImport(open, warmUp, true);
  await timedImport(open, warmUp, false);
  const withTriggersMs: number[] = [];
  const withoutTriggersMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const withMs = await timedImport(open, file, true);
    withTriggersMs.push(withMs);
    const withoutMs = await timedImport(open, file, false);
    withoutTriggersMs.push(withoutMs);
    log(
      `history costs (${store}): round ${round + 1}/${rounds}, ${guilds} guilds: with triggers ${withMs.toFixed(0)} ms, without ${withoutMs.toFixed(0)} ms`,
    );
  }
  const withoutMedian = median(withoutTriggersMs);
  const ratio = withoutMedian > 0 ? median(withTriggersMs) / withoutMedian : 0;
  return {
    store,
    guilds,
    withTriggersMs,
    withoutTriggersMs,
    ratio,
    bytesPerChange: await bytesPerChange(open, changes, log),
    changes,
  };
}
