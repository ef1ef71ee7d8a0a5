import type pg from 'pg';
import { COPIED_RECORDS, RECORDS, TRIGGER_WRITTEN } from '../../records/index.js';
import { columnList, type RecordDefinition } from '../../records/record.js';
import type { RowBatches } from '../store.js';
import { insertRows } from './insert.js';
import { inTransaction } from './transaction.js';

/*
 * Every row of every table, out of and into PostgreSQL, for `housecup copy`: read from one
 * snapshot through a cursor, written in one transaction.
 */

const BATCH_ROWS = 5_000;

export async function readEverything<T>(
  pool: pg.Pool,
  work: (rows: (record: RecordDefinition) => RowBatches) => Promise<T>,
): Promise<T> {
  return inTransaction(pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', (client) => {
    async function* rows(record: RecordDefinition): RowBatches {
      await client.query(
        `DECLARE copy_rows NO SCROLL CURSOR FOR SELECT ${columnList(record)} FROM ${record.table}`,
      );
      try {
        for (;;) {
          const batch = await client.query<unknown[]>({
            text: `FETCH ${BATCH_ROWS} FROM copy_rows`,
            rowMode: 'array',
          });
          if (batch.rows.length === 0) return;
          yield batch.rows;
        }
      } finally {
        await client.query('CLOSE copy_rows');
      }
    }
    return work(rows);
  });
}

/** Tables whose id the database numbers (keys, history rows). */
const GENERATED_ID_TABLES = COPIED_RECORDS.filter((record) =>
  Object.values(record.fields).some((field) => field.generated),
).map((record) => record.table);

export async function writeEverything(
  pool: pg.Pool,
  rows: (record: RecordDefinition) => RowBatches,
  { replace }: { replace: boolean },
): Promise<boolean> {
  return inTransaction(pool, 'BEGIN', async (client) => {
    // Other writers wait until this copy commits (guild_changes too, which its triggers write).
    await client.query(
      `LOCK TABLE ${RECORDS.map((record) => record.table).join(', ')} IN EXCLUSIVE MODE`,
    );
    const { rows: found } = await client.query<{ holds: boolean }>(
      `SELECT ${COPIED_RECORDS.map((record) => `EXISTS (SELECT 1 FROM ${record.table})`).join(' OR ')} AS holds`,
    );
    if (found[0]?.holds && !replace) return false;
    // TRUNCATE records a change of every guild the tables held (their BEFORE TRUNCATE triggers),
    // which notifies every node: each forgets what it cached of them.
    await client.query(`TRUNCATE ${COPIED_RECORDS.map((record) => record.table).join(', ')}`);
    for (const record of COPIED_RECORDS) {
      // Triggers wrote these tables while the rows above were copied: the source's rows replace
      // what they wrote.
      if (TRIGGER_WRITTEN.has(record)) await client.query(`DELETE FROM ${record.table}`);
      for await (const batch of rows(record)) await insertRows(client, record, batch);
    }
    // Keys and history rows made after the copy continue after the copied ids.
    for (const table of GENERATED_ID_TABLES) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false)
         FROM ${table}`,
      );
    }
    return true;
  });
}
