import type pg from 'pg';
import type { Field } from '../../records/field.js';
import { columnNames, type RecordDefinition } from '../../records/record.js';
import { StoreBusyError, WRITE_PATIENCE_MS } from '../errors.js';
import type { SqlDb } from '../sql/db.js';
import { drive } from '../sql/drive.js';
import type { Effect, Op, RowChange, RowValues } from '../sql/op.js';
import { valuesOf } from '../sql/statement.js';
import { postgresDialect } from './dialect.js';

type Queryable = pg.Pool | pg.PoolClient;

/** Rows per bulk statement: each column goes as one array parameter. */
const BATCH_ROWS = 10_000;

async function perform(client: Queryable, effect: Effect): Promise<unknown> {
  // Each statement is awaited: the event loop is free between them already.
  if (effect.kind === 'pause') return undefined;
  if (effect.kind === 'rows') {
    await writeRowsInBatches(client, effect.change, effect.record, effect.rows, effect.table);
    return undefined;
  }
  const rendered = effect.statement.render(postgresDialect);
  if (rendered.text === '')
    return effect.want === 'all' ? [] : effect.want === 'first' ? undefined : 0;
  const result = await client.query({
    ...(effect.statement.planEachRun ? {} : { name: effect.statement.key }),
    text: rendered.text,
    values: valuesOf(rendered, effect.params),
    ...(effect.statement.shape === 'arrays' ? { rowMode: 'array' as const } : {}),
  });
  if (effect.want === 'all') return result.rows;
  if (effect.want === 'first') return result.rows[0];
  return result.rowCount ?? 0;
}

/** Runs `op` on `client`, each statement awaited. */
const runOn =
  (client: Queryable) =>
  <T>(op: Op<T>): Promise<T> =>
    drive(op, (effect) => perform(client, effect));

/** PostgreSQL's lock_not_available: a lock waited for past the transaction's lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * A write transaction's start: it waits at most `patienceMs` for each lock (0 is no limit to
 * PostgreSQL: 1 ms is as near to "try once" as it goes). Sent as one text, one round trip.
 */
const beginWrite = (patienceMs: number) =>
  `BEGIN; SET LOCAL lock_timeout = ${Math.max(1, Math.round(patienceMs))}`;

export function createPostgresDb(pool: pg.Pool): SqlDb {
  const inTransaction = async <T>(
    begin: string,
    work: (run: <U>(op: Op<U>) => Promise<U>) => Promise<T>,
    patienceMs = WRITE_PATIENCE_MS,
  ): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query(begin);
      const result = await work(runOn(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      // The game's long transaction, a session left open: the write gives up as SQLite's does,
      // its pooled connection back for the other guilds' reads and writes.
      if ((error as { code?: unknown } | null)?.code === LOCK_NOT_AVAILABLE) {
        throw new StoreBusyError(patienceMs);
      }
      throw error;
    } finally {
      client.release();
    }
  };

  const SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';
  const snapshot = <T>(op: Op<T>) => inTransaction(SNAPSHOT, (run) => run(op));
  return {
    dialect: postgresDialect,
    readNow: undefined,
    read: runOn(pool),
    snapshot,
    readInTurns: (start) => snapshot(start()),
    write: (op, options) => {
      const patienceMs = options?.patienceMs ?? WRITE_PATIENCE_MS;
      return inTransaction(beginWrite(patienceMs), (run) => run(op), patienceMs);
    },
    transactionInTurns: (mode, work) =>
      inTransaction(mode === 'write' ? beginWrite(WRITE_PATIENCE_MS) : SNAPSHOT, work),
  };
}

function arrayType(field: Field): string {
  if (field.kind === 'timestamp') return 'timestamptz[]';
  return field.kind === 'rowId' || field.kind === 'integer' ? 'bigint[]' : 'text[]';
}

/** `names`' columns sent as arrays ($first, …), and the unnest() that makes rows `s` of them. */
function unnested(record: RecordDefinition, names: readonly string[], first = 1): string {
  const types = names.map((name) => arrayType(record.fields[name] as Field));
  return `unnest(${types.map((type, i) => `$${i + first}::${type}`).join(', ')}) AS s(${names.join(', ')})`;
}

function bulkText(change: RowChange, record: RecordDefinition, table: string): string {
  const names = columnNames(record);
  const key = record.primaryKey ?? ['id'];
  const matches = key.map((name) => `t.${name} = s.${name}`).join(' AND ');
  if (change === 'insert') {
    return `INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM ${unnested(record, names)}`;
  }
  if (change === 'delete')
    return `DELETE FROM ${table} AS t USING ${unnested(record, key)} WHERE ${matches}`;
  const set = names
    .filter((name) => !key.includes(name))
    .map((name) => `${name} = s.${name}`)
    .join(', ');
  return `UPDATE ${table} AS t SET ${set} FROM ${unnested(record, names)} WHERE ${matches}`;
}

async function writeRowsInBatches(
  client: Queryable,
  change: RowChange,
  record: RecordDefinition,
  rows: readonly RowValues[],
  table = record.table,
): Promise<void> {
  const names = columnNames(record);
  const positions =
    change === 'delete'
      ? (record.primaryKey ?? ['id']).map((name) => names.indexOf(name))
      : names.map((_, i) => i);
  const text = bulkText(change, record, table);
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    await client.query(
      text,
      positions.map((at) => batch.map((row) => row[at] ?? null)),
    );
  }
}
