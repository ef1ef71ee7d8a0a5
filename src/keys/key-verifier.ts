import type { Database } from '../store/database.js';
import { looksLikeKey, lookupDigestOf, sameDigest, sameKey } from './key-material.js';

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
  flushLastUsed(): void;
}

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Checks keys against an in-memory copy of the active keys, reloaded whenever the database
 * changes (a `keys revoke` in another process shows on the very next request).
 */
export function createKeyVerifier(db: Database, now: () => number = Date.now): KeyVerifier {
  const loadActive = db.sqlite.prepare<
    [],
    { id: number; digest: string; guilds: string | null; rate_limit: number | null }
  >('SELECT id, digest, guilds, rate_limit FROM api_keys WHERE revoked_at IS NULL');
  const touch = db.sqlite.prepare<[string, number]>(
    'UPDATE api_keys SET last_used_at = ? WHERE id = ?',
  );

  let loadedAt: string | null = null;
  let byDigest = new Map<string, CachedKey>();
  // Per connection, the key last proven on it and the key set it was proven against (a reload,
  // e.g. after a revocation, is a new Map, so nothing proven before it counts).
  const proven = new WeakMap<
    object,
    { key: string; keys: Map<string, CachedKey>; identity: CachedKey }
  >();
  const lastUsed = new Map<number, number>();
  const pending = new Map<number, string>();

  function refresh(): void {
    const generation = db.generation();
    if (generation === loadedAt) return;
    const next = new Map<string, CachedKey>();
    for (const row of loadActive.all()) {
      const guilds = row.guilds === null ? null : (JSON.parse(row.guilds) as string[] | null);
      const digest = Buffer.from(row.digest, 'hex');
      next.set(digest.toString('base64'), {
        id: row.id,
        digest,
        guilds: guilds && guilds.length > 0 ? new Set(guilds) : null,
        rateLimit: row.rate_limit,
      });
    }
    byDigest = next;
    loadedAt = generation;
  }

  function noteUse(id: number): void {
    const at = now();
    const previous = lastUsed.get(id) ?? 0;
    if (at - previous < LAST_USED_RESOLUTION_MS) return;
    lastUsed.set(id, at);
    pending.set(id, new Date(at).toISOString());
  }

  return {
    verify(key, connection) {
      if (!looksLikeKey(key)) return null;
      refresh();
      const known = connection && proven.get(connection);
      if (known && known.keys === byDigest && sameKey(known.key, key)) {
        noteUse(known.identity.id);
        return known.identity;
      }
      const digest = lookupDigestOf(key);
      // Found by digest (which says nothing of the key), then compared in constant time.
      const cached = byDigest.get(digest);
      if (!cached || !sameDigest(digest, cached.digest)) return null;
      if (connection) proven.set(connection, { key, keys: byDigest, identity: cached });
      noteUse(cached.id);
      return cached;
    },
    flushLastUsed() {
      if (pending.size === 0 || !db.sqlite.open) return;
      // Never wait on another writer (an import) here: try again at the next flush instead.
      const timeout = db.sqlite.pragma('busy_timeout', { simple: true }) as number;
      db.sqlite.pragma('busy_timeout = 0');
      try {
        db.sqlite.transaction(() => {
          for (const [id, at] of pending) touch.run(at, id);
        })();
        pending.clear();
      } catch {
        // Busy: the times stay pending.
      } finally {
        db.sqlite.pragma(`busy_timeout = ${timeout}`);
      }
    },
  };
}
