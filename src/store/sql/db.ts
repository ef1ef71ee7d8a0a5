import type { Dialect } from './dialect.js';
import type { Op } from './op.js';

/*
 * One engine's way of running operations (src/store/sql/op.ts): what every store module is given,
 * whichever engine is configured. Reads outside a transaction, reads of one snapshot, and write
 * transactions; the engine decides how (SQLite: synchronously, its write waiting for another
 * process's lock without blocking the event loop; PostgreSQL: on one pooled connection).
 */

export interface WriteOptions {
  /** Stops waiting for another process's lock (SQLite): the service is stopping. */
  signal?: AbortSignal | undefined;
  /**
   * How long to wait for another's lock before giving up with StoreBusyError (WRITE_PATIENCE_MS
   * when absent): SQLite's write lock, PostgreSQL's row and table locks (its lock_timeout, for
   * each lock the transaction waits for); 0 tries once.
   */
  patienceMs?: number;
}

export interface SqlDb {
  readonly dialect: Dialect;
  /** Runs `op` outside any transaction: each statement on its own (PostgreSQL: any connection). */
  read<T>(op: Op<T>): Promise<T>;
  /**
   * Runs `op` on this thread, to its end, where the engine can (SQLite): for a caller that must
   * answer in the same turn (the key check). Undefined where every read is a round trip.
   */
  readonly readNow: (<T>(op: Op<T>) => T) | undefined;
  /** Runs `op` over one snapshot of the database, writing nothing. */
  snapshot<T>(op: Op<T>): Promise<T>;
  /**
   * Runs the operation `start` makes over one consistent view of the database, the event loop
   * free at each `pause()`: a long read, in chunks. PostgreSQL: one snapshot. SQLite must not
   * hold a read transaction across event-loop turns (it would pin the WAL): it reads without one
   * and starts the operation again when a commit shows between its chunks; after a few tries,
   * in one snapshot, the pauses skipped. Either way the answer is of one state of the data.
   */
  readInTurns<T>(start: () => Op<T>): Promise<T>;
  /** Runs `op` in one write transaction: committed when it returns, rolled back when it throws. */
  write<T>(op: Op<T>, options?: WriteOptions): Promise<T>;
  /**
   * Holds one transaction across event-loop turns while `work` runs operations in it (`run`),
   * awaiting other things between them: committed when `work` resolves, rolled back when it
   * throws. `snapshot` reads one state of the database, `write` is one write transaction.
   * For `copy`, a command of its own, which reads one store while it writes another: SQLite
   * holds the transaction on the store's one connection (nothing else may use it meanwhile, and
   * a snapshot held long pins the WAL), PostgreSQL on one pooled connection.
   */
  transactionInTurns<T>(
    mode: 'snapshot' | 'write',
    work: (run: <U>(op: Op<U>) => Promise<U>) => Promise<T>,
  ): Promise<T>;
}

/** A statement broke a unique index or primary key, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
