/** A store that cannot be opened, migrated or reached at start: one line, then the process stops. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}

/** Another process held the database's write lock for longer than a write of ours would wait. */
export class StoreBusyError extends Error {
  override name = 'StoreBusyError';
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
