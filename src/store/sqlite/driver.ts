import type Sqlite from 'better-sqlite3';
import type { RecordDefinition } from '../../records/record.js';
import { columnNames } from '../../records/record.js';
import { StoreClosedError } from '../errors.js';
import type { SqlDb } from '../sql/db.js';
import type { Effect, Op, RowChange, RowValues } from '../sql/op.js';
import type { Statement } from '../sql/statement.js';
import { sqliteDialect } from './dialect.js';
import { writeWhenFree } from './write-when-free.js';

/*
 * Runs the store's operations on SQLite: synchronously, each to its end in one go, since
 * better-sqlite3 is synchronous and fastest so; a write inside an IMMEDIATE transaction, tried
 * only when no other process holds the lock (write-when-free.ts). Statements are prepared once per
 * connection, on first use.
 */

export function createSqliteDb(sqlite: Sqlite.Database): SqlDb {
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
    if (effect.kind === 'rows') {
      const write = rowWriter(effect.change, effect.record, effect.table ?? effect.record.table);
      for (const row of effect.rows) write(row);
      return undefined;
    }
    const statement = prepare(effect.statement);
    if (effect.want === 'all') return statement ? statement.all(effect.params) : [];
    if (effect.want === 'first') return statement ? statement.get(effect.params) : undefined;
    return statement ? statement.run(effect.params).changes : 0;
  };

  const runNow = <T>(op: Op<T>): T => {
    let step = op.next();
    while (!step.done) {
      let result: unknown;
      try {
        result = perform(step.value);
      } catch (error) {
        step = op.throw(error);
        continue;
      }
      step = op.next(result);
    }
    return step.value;
  };

  return {
    dialect: sqliteDialect,
    readNow: runNow,
    async read(op) {
      return runNow(op);
    },
    async snapshot(op) {
      return sqlite.transaction(() => runNow(op)).deferred();
    },
    write(op, options = {}) {
      if (!sqlite.open) return Promise.reject(new StoreClosedError('The database is closed'));
      return writeWhenFree(sqlite, () => sqlite.transaction(() => runNow(op)).immediate(), options);
    },
  };
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
