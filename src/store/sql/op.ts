import type { RecordDefinition } from '../../records/record.js';
import type { Params, Statement } from './statement.js';

/*
 * The store's logic, written once for both engines, as generators (the pattern of Babel's
 * `gensync`): an operation `yield*`s what it needs the database to do, and an engine's driver
 * does it and hands the result back. SQLite's driver runs an operation to its end synchronously,
 * inside better-sqlite3's transaction where it writes (its speed comes from never leaving the
 * thread); PostgreSQL's awaits each statement on one pooled connection. So a transaction's logic
 * (read the open term, check, insert, read back) is one function, and only the driver differs
 * (src/store/sqlite/driver.ts, src/store/postgres/driver.ts). docs/architecture.md says why.
 */

/** Rows written by primary key, all at once: the bulk writes of import and copy. */
export type RowChange = 'insert' | 'update' | 'delete';

/** Row values in a record's field order (as src/transfer/ gives them). */
export type RowValues = readonly unknown[];

export type Effect =
  | {
      readonly kind: 'query';
      readonly statement: Statement;
      readonly params: Params;
      /** Every row; the first row (or undefined); or how many rows the statement changed. */
      readonly want: 'all' | 'first' | 'changes';
    }
  | {
      readonly kind: 'rows';
      readonly change: RowChange;
      readonly record: RecordDefinition;
      readonly rows: readonly RowValues[];
      /** Another table of the record's columns (a scratch table), instead of the record's. */
      readonly table?: string;
    }
  /** A place where the event loop may run, between the chunks of a long read (SqlDb.readInTurns). */
  | { readonly kind: 'pause' };

/** An operation: runs on either engine through `yield*`, and returns `T`. */
export type Op<T> = Generator<Effect, T, unknown>;

const NO_PARAMS: Params = {};

/** Every row the statement gives. */
export function* all<P extends Params, R>(statement: Statement<P, R>, params?: P): Op<R[]> {
  return (yield { kind: 'query', statement, params: params ?? NO_PARAMS, want: 'all' }) as R[];
}

/** The statement's first row, or undefined when it gives none. */
export function* first<P extends Params, R>(
  statement: Statement<P, R>,
  params?: P,
): Op<R | undefined> {
  return (yield { kind: 'query', statement, params: params ?? NO_PARAMS, want: 'first' }) as
    | R
    | undefined;
}

/** Runs a statement that writes; how many rows it changed. */
export function* run<P extends Params>(statement: Statement<P, unknown>, params?: P): Op<number> {
  return (yield {
    kind: 'query',
    statement,
    params: params ?? NO_PARAMS,
    want: 'changes',
  }) as number;
}

/** Writes rows of `record` by primary key, as few round trips as the engine allows. */
export function* writeRows(
  change: RowChange,
  record: RecordDefinition,
  rows: readonly RowValues[],
  table?: string,
): Op<void> {
  if (rows.length === 0) return;
  yield table === undefined
    ? { kind: 'rows', change, record, rows }
    : { kind: 'rows', change, record, rows, table };
}

const PAUSE: Effect = { kind: 'pause' };

/** Lets the event loop run here when the operation runs by SqlDb.readInTurns; nothing otherwise. */
export function* pause(): Op<void> {
  yield PAUSE;
}

/** An operation that only returns `value`: where a caller wants an Op and has the answer. */
// biome-ignore lint/correctness/useYield: an operation with nothing to ask the database.
export function* done<T>(value: T): Op<T> {
  return value;
}
