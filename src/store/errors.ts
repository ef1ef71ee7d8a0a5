/** A store that cannot be opened, migrated or reached at start: one line, then the process stops. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}
