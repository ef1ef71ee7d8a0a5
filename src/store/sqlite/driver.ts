import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type Sqlite from 'better-sqlite3';
import type { RecordDefinition } from '../../records/record.js';
import { columnNames } from '../../records/record.js';
import { StoreClosedError } from '../errors.js';
import type { SqlDb, WriteOptions } from '../sql/db.js';
import { advanceNow, driveNow } from '../sql/drive.js';
import type { Effect, Op, RowChange, RowValues } from '../sql/op.js';
import type { Statement } from '../sql/statement.js';
import { sqliteDialect } from './dialect.js';
import { writeWhenFree } from './write-when-free.js';

const isPause = (effect: Effect) => effect.kind === 'pause';

/** How often a read in turns starts again before it reads in one snapshot instead. */
const RESTARTS = 2;

/** What the connection's owner (database.ts) hears from the driver. */
interface SqliteDbHooks {
  /** The generation read this instant: a read in turns starts again when it moves. */
  generation?: () => string;
  /** Told after each statement that may have changed a row, before anyone reads again. */
  onWrite?: () => void;
}

export function createSqliteDb(sqlite: Sqlite.Database, hooks: SqliteDbHooks = {}): SqlDb {
  const { generation, onWrite = () => {} } = hooks;
  const prepared = new Map<string, Sqlite.Statement | null>();
  const prepare = (statement: Statement): Sqlite.Statement | null => {
    let found = prepared.get(statement.key);
    if (found === undefined) {
      const { text } = statement.render(sqliteDialect);
      found = text === '' ? null : sqlite.prepare(text);
      if (found && statement.shape === 'arrays') found.raw(true);
      prepared.set(statement.key, found);
    }
    return found;
  };
  const rowWriters = new Map<string, (row: RowValues) => void>();
  const rowWriter = (change: RowChange, record: RecordDefinition, table: string) => {
    const key = `${change}:${table}`;
    let writer = rowWriters.get(key);
    if (!writer) {
      writer = makeRowWriter(sqlite, change, record, table);
      rowWriters.set(key, writer);
    }
    return writer;
  };

  const perform = (effect: Effect): unknown => {
    if (effect.kind === 'pause') return undefined;
    if (effect.kind === 'rows') {
      const write = rowWriter(effect.change, effect.record, effect.table ?? effect.record.table);
      try {
        for (const row of effect.rows) write(row);
      } finally {
        onWrite();
      }
      return undefined;
    }
    const statement = prepare(effect.statement);
    if (!statement) return effect.want === 'all' ? [] : effect.want === 'first' ? undefined : 0;
    // SQLite says which statements change nothing (a SELECT); every other one is told, even when
    // it throws, as some of its rows may have changed before it stopped.
    if (statement.readonly) return execute(statement, effect.want, effect.params);
    try {
      return execute(statement, effect.want, effect.params);
    } finally {
      onWrite();
    }
  };

  const runNow = <T>(op: Op<T>): T => driveNow(op, perform);
  // Made once: each call of transaction() builds its variants, dearer than a small read.
  const transaction = sqlite.transaction((op: Op<unknown>) => runNow(op));
  const snapshot = <T>(op: Op<T>): T => transaction.deferred(op) as T;

  /** `start`'s operation with the event loop free at its pauses; undefined if a commit came between. */
  const inTurns = async <T>(
    start: () => Op<T>,
    generation: () => string,
  ): Promise<{ value: T } | undefined> => {
    const started = generation();
    const op = start();
    let step = advanceNow(op, op.next(), perform, isPause);
    while (!step.done) {
      if (generation() !== started) {
        op.return(undefined as T);
        return undefined;
      }
      await yieldToEventLoop();
      step = advanceNow(op, op.next(), perform, isPause);
    }
    return generation() === started ? { value: step.value } : undefined;
  };

  return {
    dialect: sqliteDialect,
    readNow: runNow,
    async read(op) {
      return runNow(op);
    },
    async snapshot(op) {
      return snapshot(op);
    },
    async readInTurns(start) {
      for (let attempt = 0; generation && attempt <= RESTARTS; attempt++) {
        const read = await inTurns(start, generation);
        if (read) return read.value;
      }
      return snapshot(start());
    },
    write<T>(op: Op<T>, options: WriteOptions = {}) {
      if (!sqlite.open) return Promise.reject(new StoreClosedError('The database is closed'));
      return writeWhenFree(sqlite, () => transaction.immediate(op) as T, options);
    },
    transactionInTurns: (mode, work) => holdTransaction(sqlite, mode, (op) => runNow(op), work),
  };
}

function execute(statement: Sqlite.Statement, want: 'all' | 'first' | 'changes', params: unknown) {
  if (want === 'all') return statement.all(params);
  if (want === 'first') return statement.get(params);
  return statement.run(params).changes;
}

/** SqlDb.transactionInTurns: BEGIN and COMMIT by hand, each operation run to its end in between. */
async function holdTransaction<T>(
  sqlite: Sqlite.Database,
  mode: 'snapshot' | 'write',
  runNow: <U>(op: Op<U>) => U,
  work: (run: <U>(op: Op<U>) => Promise<U>) => Promise<T>,
): Promise<T> {
  if (!sqlite.open) throw new StoreClosedError('The database is closed');
  if (mode === 'write') await writeWhenFree(sqlite, () => sqlite.prepare('BEGIN IMMEDIATE').run());
  else sqlite.prepare('BEGIN').run();
  try {
    const result = await work(async (op) => runNow(op));
    sqlite.prepare('COMMIT').run();
    return result;
  } catch (error) {
    if (sqlite.inTransaction) sqlite.prepare('ROLLBACK').run();
    throw error;
  }
}

/** One row's INSERT, UPDATE or DELETE by primary key, values in the record's field order. */
function makeRowWriter(
  sqlite: Sqlite.Database,
  change: RowChange,
  record: RecordDefinition,
  table: string,
): (row: RowValues) => void {
  const names = columnNames(record);
  const key = (record.primaryKey ?? ['id']).map((name) => names.indexOf(name));
  const where = key.map((i) => `${names[i]} = ?`).join(' AND ');
  if (change === 'insert') {
    const insert = sqlite.prepare(
      `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    );
    return (row) => insert.run(...row);
  }
  if (change === 'delete') {
    const remove = sqlite.prepare(`DELETE FROM ${table} WHERE ${where}`);
    return (row) => remove.run(...key.map((i) => row[i]));
  }
  const others = names.map((_, i) => i).filter((i) => !key.includes(i));
  const update = sqlite.prepare(
    `UPDATE ${table} SET ${others.map((i) => `${names[i]} = ?`).join(', ')} WHERE ${where}`,
  );
  return (row) => update.run(...others.map((i) => row[i]), ...key.map((i) => row[i]));
}
