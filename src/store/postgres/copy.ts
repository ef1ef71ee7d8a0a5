import type pg from 'pg';
import { COPIED_RECORDS, RECORDS, TRIGGER_WRITTEN } from '../../records/index.js';
import { columnList, columnNames, type RecordDefinition } from '../../records/record.js';
import { primaryKeyOf, replacePlan, sourceTable } from '../replace-plan.js';
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
    const holds = found[0]?.holds === true;
    if (holds && !replace) return false;
    if (holds) await replaceWhatDiffers(client, rows);
    else {
      for (const record of COPIED_RECORDS) {
        // Triggers wrote these tables while the rows above were copied: the source's rows
        // replace what they wrote.
        if (TRIGGER_WRITTEN.has(record)) await client.query(`DELETE FROM ${record.table}`);
        for await (const batch of rows(record)) await insertRows(client, record, batch);
      }
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

/**
 * A target that holds data (`--replace`): only rows that differ from the source's are written
 * (src/store/replace-plan.ts), so that the triggers record, and the nodes and streams see, only
 * what the copy changed.
 */
async function replaceWhatDiffers(
  client: pg.PoolClient,
  rows: (record: RecordDefinition) => RowBatches,
): Promise<void> {
  const plan = replacePlan(COPIED_RECORDS);
  for (const record of plan.write) {
    const source = sourceTable(record);
    await client.query(
      `CREATE TEMP TABLE ${source} ON COMMIT DROP AS SELECT ${columnList(record)} FROM ${record.table} WITH NO DATA`,
    );
    await client.query(
      `ALTER TABLE ${source} ADD PRIMARY KEY (${primaryKeyOf(record).join(', ')})`,
    );
    for await (const batch of rows(record)) await insertRows(client, record, batch, source);
  }
  const sameKey = (record: RecordDefinition) =>
    primaryKeyOf(record)
      .map((column) => `s.${column} = t.${column}`)
      .join(' AND ');
  const deleteAbsent = (record: RecordDefinition) =>
    client.query(
      `DELETE FROM ${record.table} AS t
       WHERE NOT EXISTS (SELECT 1 FROM ${sourceTable(record)} AS s WHERE ${sameKey(record)})`,
    );
  for (const record of plan.deleteFirst) await deleteAbsent(record);
  for (const record of plan.write) {
    const names = columnNames(record);
    const others = names.filter((name) => !primaryKeyOf(record).includes(name));
    const list = (table: string) => others.map((name) => `${table}.${name}`).join(', ');
    if (others.length > 0) {
      await client.query(
        `UPDATE ${record.table} AS t SET ${others.map((name) => `${name} = s.${name}`).join(', ')}
         FROM ${sourceTable(record)} AS s
         WHERE ${sameKey(record)} AND (${list('t')}) IS DISTINCT FROM (${list('s')})`,
      );
    }
    await client.query(
      `INSERT INTO ${record.table} (${names.join(', ')})
       SELECT ${names.map((name) => `s.${name}`).join(', ')} FROM ${sourceTable(record)} AS s
       WHERE NOT EXISTS (SELECT 1 FROM ${record.table} AS t WHERE ${sameKey(record)})`,
    );
  }
  for (const record of plan.deleteLast) await deleteAbsent(record);
  for (const record of plan.deleteAgain) await deleteAbsent(record);
}
