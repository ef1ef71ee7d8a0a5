import type BetterSqlite3 from 'better-sqlite3';
import { COPIED_RECORDS, TRIGGER_WRITTEN } from '../../records/index.js';
import { columnList, columnNames, type RecordDefinition } from '../../records/record.js';
import { primaryKeyOf, replacePlan, sourceTable } from '../replace-plan.js';
import type { RowBatches } from '../store.js';
import type { Database } from './database.js';
import { inserter } from './insert.js';

/*
 * Every row of every table, out of and into SQLite, for `housecup copy`. A copy is read from one
 * snapshot (a read transaction held for its length: the CLI's own connection) and written in one
 * transaction, so a failure half-way leaves the target as it was.
 */

const BATCH_ROWS = 5_000;

/** The tables made WITHOUT ROWID (src/store/sqlite/period-triggers.ts, PERIOD_TABLE). */
const WITHOUT_ROWID: ReadonlySet<string> = new Set(['profile_changes']);

export async function readEverything<T>(
  db: Database,
  work: (rows: (record: RecordDefinition) => RowBatches) => Promise<T>,
): Promise<T> {
  const { sqlite } = db;
  async function* rows(record: RecordDefinition): RowBatches {
    // A rowid table pages by its rowid; a WITHOUT ROWID one (profile_changes) by its key.
    const key = WITHOUT_ROWID.has(record.table) ? primaryKeyOf(record) : ['rowid'];
    const keys = key.join(', ');
    const select = `SELECT ${keys}, ${columnList(record)} FROM ${record.table}`;
    const first = sqlite.prepare<[number]>(`${select} ORDER BY ${keys} LIMIT ?`).raw();
    const next = sqlite
      .prepare<unknown[]>(
        `${select} WHERE (${keys}) > (${key.map(() => '?').join(', ')}) ORDER BY ${keys} LIMIT ?`,
      )
      .raw();
    let after: unknown[] | null = null;
    for (;;) {
      const batch = (after ? next.all(...after, BATCH_ROWS) : first.all(BATCH_ROWS)) as unknown[][];
      if (batch.length === 0) return;
      after = batch.at(-1)?.slice(0, key.length) ?? null;
      yield batch.map((row) => row.slice(key.length));
      if (batch.length < BATCH_ROWS) return;
    }
  }
  sqlite.prepare('BEGIN').run();
  try {
    return await work(rows);
  } finally {
    sqlite.prepare('COMMIT').run();
  }
}

export async function writeEverything(
  db: Database,
  rows: (record: RecordDefinition) => RowBatches,
  { replace }: { replace: boolean },
): Promise<boolean> {
  const { sqlite } = db;
  // IMMEDIATE: the write lock from the start, so no other writer slips in between the check and
  // the writes.
  sqlite.prepare('BEGIN IMMEDIATE').run();
  try {
    const holds = COPIED_RECORDS.some(
      (record) => sqlite.prepare(`SELECT 1 FROM ${record.table} LIMIT 1`).get() !== undefined,
    );
    if (holds && !replace) {
      sqlite.prepare('ROLLBACK').run();
      return false;
    }
    if (holds) await replaceWhatDiffers(sqlite, rows);
    else await fill(sqlite, rows);
    sqlite.prepare('COMMIT').run();
    return true;
  } catch (error) {
    if (sqlite.inTransaction) sqlite.prepare('ROLLBACK').run();
    throw error;
  }
}

/** An empty target: every row inserted, tables others reference first (RECORDS' order). */
async function fill(
  sqlite: BetterSqlite3.Database,
  rows: (record: RecordDefinition) => RowBatches,
): Promise<void> {
  for (const record of COPIED_RECORDS) {
    // Triggers wrote these tables while the rows above were copied: the source's rows replace
    // what they wrote.
    if (TRIGGER_WRITTEN.has(record)) sqlite.prepare(`DELETE FROM ${record.table}`).run();
    const insert = inserter(sqlite, record);
    for await (const batch of rows(record)) for (const row of batch) insert.run(row);
  }
}

const quoted = (name: string) => `"${name}"`;

/**
 * A target that holds data (`--replace`): only rows that differ from the source's are written
 * (src/store/replace-plan.ts), so that the triggers record, and the nodes and streams see, only
 * what the copy changed.
 */
async function replaceWhatDiffers(
  sqlite: BetterSqlite3.Database,
  rows: (record: RecordDefinition) => RowBatches,
): Promise<void> {
  const plan = replacePlan(COPIED_RECORDS);
  for (const record of plan.write) {
    const names = columnNames(record);
    const source = `temp.${sourceTable(record)}`;
    sqlite.prepare(`DROP TABLE IF EXISTS ${source}`).run();
    // Columns without a type keep each value as given: compared as the stored ones are.
    sqlite
      .prepare(
        `CREATE TEMP TABLE ${sourceTable(record)} (${names.map(quoted).join(', ')}, PRIMARY KEY (${primaryKeyOf(record).map(quoted).join(', ')}))`,
      )
      .run();
    const insert = sqlite.prepare(
      `INSERT INTO ${source} VALUES (${names.map(() => '?').join(', ')})`,
    );
    for await (const batch of rows(record)) for (const row of batch) insert.run(row);
  }
  const sameKey = (record: RecordDefinition, left: string, right: string) =>
    primaryKeyOf(record)
      .map((column) => `${left}.${quoted(column)} = ${right}.${quoted(column)}`)
      .join(' AND ');
  const deleteAbsent = (record: RecordDefinition) =>
    sqlite
      .prepare(
        `DELETE FROM main.${record.table} WHERE NOT EXISTS (
           SELECT 1 FROM temp.${sourceTable(record)} AS s WHERE ${sameKey(record, 's', `main.${record.table}`)})`,
      )
      .run();
  for (const record of plan.deleteFirst) deleteAbsent(record);
  for (const record of plan.write) {
    const names = columnNames(record);
    const others = names.filter((name) => !primaryKeyOf(record).includes(name));
    const target = `main.${record.table}`;
    if (others.length > 0) {
      sqlite
        .prepare(
          `UPDATE ${target} SET ${others.map((name) => `${quoted(name)} = s.${quoted(name)}`).join(', ')}
           FROM temp.${sourceTable(record)} AS s
           WHERE ${sameKey(record, 's', target)}
             AND (${others.map((name) => `${target}.${quoted(name)} IS NOT s.${quoted(name)}`).join(' OR ')})`,
        )
        .run();
    }
    sqlite
      .prepare(
        `INSERT INTO ${target} (${names.map(quoted).join(', ')})
         SELECT ${names.map((name) => `s.${quoted(name)}`).join(', ')} FROM temp.${sourceTable(record)} AS s
         WHERE NOT EXISTS (SELECT 1 FROM ${target} WHERE ${sameKey(record, 's', target)})`,
      )
      .run();
  }
  for (const record of plan.deleteLast) deleteAbsent(record);
  for (const record of plan.deleteAgain) deleteAbsent(record);
  for (const record of plan.write) {
    sqlite.prepare(`DROP TABLE temp.${sourceTable(record)}`).run();
  }
}
