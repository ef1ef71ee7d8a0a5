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
