import { looksLikeKey, lookupDigestOf, sameDigest, sameKey } from './key-material.js';
import type { ActiveKeyRow, KeyTable } from './key-table.js';
import { createLastUsedLog } from './last-used.js';

export interface ApiKeyIdentity {
  id: number;
  /** Guilds the key may read, or null for every guild. */
  guilds: ReadonlySet<string> | null;
  /** Requests per minute; null = the server's default, 0 = unlimited. */
  rateLimit: number | null;
}

interface CachedKey extends ApiKeyIdentity {
  digest: Buffer;
}

export interface KeyVerifier {
  /**
   * The identity of a working key, or null for an unknown or revoked one. With `connection` (the
   * socket it came on), the key proven last on that connection is remembered: the next request
   * there with the same key is compared to it in constant time instead of hashed again.
   */
  verify(key: string, connection?: object): ApiKeyIdentity | null;
  /** Writes pending last-used times; the server calls it on a timer and at shutdown. */
  flushLastUsed(): Promise<void>;
  /** Loads the active keys now (start-up: a store that loads asynchronously is ready after). */
  load(): Promise<void>;
  /**
   * The ids of the working keys, reloaded first if the key table changed: a new Set after each
   * reload that changed them, so a caller that keeps the last one knows when to look again (the event streams of
   * a revoked key are ended).
   */
  activeIds(): ReadonlySet<number>;
}

function cachedKeys(rows: readonly ActiveKeyRow[]): Map<string, CachedKey> {
  const keys = new Map<string, CachedKey>();
  for (const row of rows) {
    const guilds = row.guilds === null ? null : (JSON.parse(row.guilds) as string[] | null);
    const digest = Buffer.from(row.digest, 'hex');
    keys.set(digest.toString('base64'), {
      id: row.id,
      digest,
      guilds: guilds && guilds.length > 0 ? new Set(guilds) : null,
      rateLimit: row.rate_limit,
    });
  }
  return keys;
}

/** The in-memory copy of the active keys, reloaded when the key table's generation changes. */
interface ActiveKeys {
  /** Reloads if the generation changed; a promise while an asynchronous load is under way. */
  refresh(): Promise<void> | undefined;
  /** The keys by lookup digest: a new Map after each reload that changed them. */
  byDigest(): Map<string, CachedKey>;
  ids(): ReadonlySet<number>;
}

function activeKeys(table: KeyTable): ActiveKeys {
  let loadedAt: string | null = null;
  let loading: string | null = null;
  let inFlight: Promise<void> | null = null;
  let byDigest = new Map<string, CachedKey>();
  let ids: ReadonlySet<number> = new Set();
  let loadedRows = '';
  // A reload whose rows did not change (a change notification for nothing the check reads) keeps
  // the key set, so connections keep their proven key instead of hashing it again.
  const use = (rows: readonly ActiveKeyRow[], generation: string) => {
    loadedAt = generation;
    const signature = rows
      .map((row) => `${row.id} ${row.digest} ${row.guilds} ${row.rate_limit}`)
      .join('\n');
    if (signature === loadedRows && byDigest.size === rows.length) return;
    loadedRows = signature;
    byDigest = cachedKeys(rows);
    ids = new Set([...byDigest.values()].map((key) => key.id));
  };
  const settle = (generation: string, loaded?: readonly ActiveKeyRow[]) => {
    // A later generation started loading meanwhile (a change notification): the latest load
    // wins, and whoever waits on this one (load()) waits on that one instead.
    if (loading !== generation) return inFlight ?? undefined;
    // Not loaded means the store is unreachable: keep the keys known, try on the next request.
    if (loaded) use(loaded, generation);
    loading = null;
    inFlight = null;
  };
  function refresh(): Promise<void> | undefined {
    const generation = table.generation();
    if (generation === loadedAt) return undefined;
    if (generation === loading) return inFlight ?? undefined;
    const rows = table.active();
    if (Array.isArray(rows)) {
      use(rows, generation);
      return undefined;
    }
    loading = generation;
    inFlight = rows.then(
      (loaded) => settle(generation, loaded),
      () => void settle(generation),
    );
    return inFlight;
  }
  // PostgreSQL tells every node of a key change: reload then, not on the next request, so that
  // an idle node judges its first request after a revocation by the new list.
  table.onChange?.(() => void refresh());
  return { refresh, byDigest: () => byDigest, ids: () => ids };
}

/**
 * Checks keys against an in-memory copy of the active keys, reloaded whenever the key table's
 * generation changes. On SQLite the reload is synchronous: a `keys revoke` in another process is
 * refused from the first request a millisecond after it. On PostgreSQL it follows the change
 * notification, so a key revoked on any node is refused within moments: the notification itself
 * starts the reload.
 */
export function createKeyVerifier(table: KeyTable, now: () => number = Date.now): KeyVerifier {
  const keys = activeKeys(table);
  const lastUsed = createLastUsedLog(table, now);
  // Per connection, the key last proven on it and the key set it was proven against (a reload
  // that changed the keys, e.g. a revocation, is a new Map, so nothing proven before it counts).
  const proven = new WeakMap<
    object,
    { key: string; keys: Map<string, CachedKey>; identity: CachedKey }
  >();
  return {
    verify(key, connection) {
      void keys.refresh();
      const byDigest = keys.byDigest();
      const known = connection && proven.get(connection);
      // A key the connection proved is a key: only a new one is looked at.
      if (known && known.keys === byDigest && sameKey(known.key, key)) {
        lastUsed.note(known.identity.id);
        return known.identity;
      }
      if (!looksLikeKey(key)) return null;
      const digest = lookupDigestOf(key);
      // Found by digest (which says nothing of the key), then compared in constant time.
      const cached = byDigest.get(digest);
      if (!cached || !sameDigest(digest, cached.digest)) return null;
      if (connection) proven.set(connection, { key, keys: byDigest, identity: cached });
      lastUsed.note(cached.id);
      return cached;
    },
    flushLastUsed: () => lastUsed.flush(),
    async load() {
      await keys.refresh();
    },
    activeIds() {
      void keys.refresh();
      return keys.ids();
    },
  };
}
