/** An active key as the key check holds it. */
export interface ActiveKeyRow {
  id: number;
  /** Hex SHA-256 of the key. */
  digest: string;
  /** JSON array of guild ids, or null for every guild. */
  guilds: string | null;
  rate_limit: number | null;
}

/** What the key check reads: the active keys, when they change, and where "last used" goes. */
export interface KeyTable {
  /** Changes whenever a key may have been created, revoked or changed (on any node). */
  generation(): string;
  /**
   * The keys that work. Synchronous where the store is (SQLite: a revocation in another process
   * is refused from the first request a millisecond after it), a promise where it is not.
   */
  active(): ActiveKeyRow[] | Promise<ActiveKeyRow[]>;
  /**
   * Calls `listener` as soon as the keys may have changed on any node, where the store learns it
   * by notification (PostgreSQL), so an idle node reloads before its next request.
   */
  onChange?(listener: () => void): void;
  /** Writes last-used times (ISO 8601, by key id); false when the store was busy. */
  touch(times: ReadonlyMap<number, string>): Promise<boolean>;
}
