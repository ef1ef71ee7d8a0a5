/** A store that cannot be opened, migrated or reached at start: one line, then the process stops. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}

/** How long a write waits for another's lock, by default, before it gives up with StoreBusyError. */
export const WRITE_PATIENCE_MS = 30_000;

/**
 * Another process held a lock a write of ours needed (SQLite's write lock, a PostgreSQL row or
 * table) for longer than the write would wait: `patienceMs`.
 */
export class StoreBusyError extends Error {
  override name = 'StoreBusyError';
  constructor(patienceMs: number) {
    super(`The database is locked by another process (waited ${Math.round(patienceMs / 1000)} s)`);
  }
}

/** The store was closed (the service is stopping) before a write could run. */
export class StoreClosedError extends Error {
  override name = 'StoreClosedError';
}

/**
 * An engine's error as one line of a message: its text, and its cause's (better-sqlite3 wraps
 * one); of a connection refused on every address (pg's AggregateError), the first address's.
 */
export function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return errorText(error.errors[0]);
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message || error.name}${cause}`;
}
