import { eq, isNull } from 'drizzle-orm';
import type { Database } from '../store/database.js';
import { apiKeys } from '../store/schema.js';
import { digestOf, generateKey, hintOf } from './key-material.js';

export interface NewKeyOptions {
  name?: string;
  /** Guild ids the key may read; empty or absent = every guild. */
  guilds?: readonly string[];
  /** Requests per minute; undefined = the server's default, 0 = unlimited. */
  rateLimit?: number;
}

export interface KeyRecord {
  id: number;
  name: string;
  hint: string;
  guilds: string[] | null;
  rateLimit: number | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface KeyStore {
  /** Creates a key and returns it in clear: the only time it exists outside the caller. */
  create(options?: NewKeyOptions): { id: number; key: string };
  list(filter?: { guildId?: string }): KeyRecord[];
  /** Revokes a key; false when no such key exists or it was already revoked. */
  revoke(id: number, filter?: { guildId?: string }): boolean;
  /** Whether any key that still works exists. */
  hasActiveKey(): boolean;
}

export function createKeyStore(db: Database, now: () => Date = () => new Date()): KeyStore {
  const { orm } = db;
  const select = {
    id: apiKeys.id,
    name: apiKeys.name,
    hint: apiKeys.hint,
    guilds: apiKeys.guilds,
    rateLimit: apiKeys.rateLimit,
    createdAt: apiKeys.createdAt,
    lastUsedAt: apiKeys.lastUsedAt,
    revokedAt: apiKeys.revokedAt,
  };
  // A guild filter means "keys scoped to exactly this guild": what a guild's admins may manage.
  const inGuild = (record: KeyRecord, guildId: string | undefined) =>
    guildId === undefined || (record.guilds?.length === 1 && record.guilds[0] === guildId);

  return {
    create(options = {}) {
      const key = generateKey();
      const guilds =
        options.guilds && options.guilds.length > 0 ? [...new Set(options.guilds)] : null;
      const row = orm
        .insert(apiKeys)
        .values({
          name: options.name ?? '',
          digest: digestOf(key),
          hint: hintOf(key),
          guilds,
          rateLimit: options.rateLimit ?? null,
          createdAt: now().toISOString(),
        })
        .returning({ id: apiKeys.id })
        .get();
      return { id: row.id, key };
    },
    list(filter = {}) {
      return orm
        .select(select)
        .from(apiKeys)
        .orderBy(apiKeys.id)
        .all()
        .filter((record) => inGuild(record, filter.guildId));
    },
    revoke(id, filter = {}) {
      const record = orm.select(select).from(apiKeys).where(eq(apiKeys.id, id)).get();
      if (!record || record.revokedAt !== null || !inGuild(record, filter.guildId)) return false;
      orm.update(apiKeys).set({ revokedAt: now().toISOString() }).where(eq(apiKeys.id, id)).run();
      return true;
    },
    hasActiveKey() {
      return (
        orm
          .select({ id: apiKeys.id })
          .from(apiKeys)
          .where(isNull(apiKeys.revokedAt))
          .limit(1)
          .get() !== undefined
      );
    },
  };
}
