import { COPIED_RECORDS, TRIGGER_WRITTEN } from '../../records/index.js';
import { columnList, type RecordDefinition } from '../../records/record.js';
import type { RowBatches } from '../store.js';
import type { Database } from './database.js';
import { inserter } from './insert.js';

/*
 * Every row of every table, out of and into SQLite, for `housecup copy`. A copy is read from one
 * snapshot (a read transaction held for its length: the CLI's own connection) and written in one
 * transaction, so a failure half-way leaves the target as it was.
 */

const BATCH_ROWS = 5_000;

export async function readEverything<T>(
  db: Database,
  work: (rows: (record: RecordDefinition) => RowBatches) => Promise<T>,
): Promise<T> {
  const { sqlite } = db;
  async function* rows(record: RecordDefinition): RowBatches {
    // Every table is a rowid table: its rowid orders the rows and pages through them.
    const page = sqlite
      .prepare<[number, number]>(
        `SELECT rowid, ${columnList(record)} FROM ${record.table} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      )
      .raw();
    let after = 0;
    for (;;) {
      const batch = page.all(after, BATCH_ROWS) as unknown[][];
      if (batch.length === 0) return;
      after = Number(batch.at(-1)?.[0]);
      yield batch.map((row) => row.slice(1));
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
    // Tables that reference others are emptied first, and filled last (RECORDS' order). The
    // triggers record every row deleted and written in the target's guild_changes.
    for (const record of [...COPIED_RECORDS].reverse()) {
      sqlite.prepare(`DELETE FROM ${record.table}`).run();
    }
    for (const record of COPIED_RECORDS) {
      // Triggers wrote these tables while the rows above were copied: the source's rows replace
      // what they wrote.
      if (TRIGGER_WRITTEN.has(record)) sqlite.prepare(`DELETE FROM ${record.table}`).run();
      const insert = inserter(sqlite, record);
      for await (const batch of rows(record)) for (const row of batch) insert.run(row);
    }
    sqlite.prepare('COMMIT').run();
    return true;
  } catch (error) {
    if (sqlite.inTransaction) sqlite.prepare('ROLLBACK').run();
    throw error;
  }
}
