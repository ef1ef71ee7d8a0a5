import { type ApiKeyRow, apiKey } from '../records/api-key.js';
import { columnList } from '../records/record.js';
import type { Database } from '../store/database.js';
import { digestOf, generateKey, hintOf } from './key-material.js';

export interface NewKeyOptions {
  name?: string;
  /** Guild ids the key may read; empty or absent = every guild. */
  guilds?: readonly string[];
  /** Requests per minute; undefined = the server's default, 0 = unlimited. */
  rateLimit?: number | undefined;
}

/** A stored key as lists show it: everything but its digest. */
export type KeyRecord = Omit<ApiKeyRow, 'digest'>;

/** Creating, listing and revoking keys: what the CLI and /apikey do. */
export interface KeyStore {
  /** Creates a key and returns it in clear: the only time it exists outside the caller. */
  create(options?: NewKeyOptions): { id: number; key: string };
  list(filter?: { guildId?: string }): KeyRecord[];
  /** Revokes a key; false when no such key exists or it was already revoked. */
  revoke(id: number, filter?: { guildId?: string }): boolean;
  /** Whether any key that still works exists. */
  hasActiveKey(): boolean;
}

type StoredKey = Omit<KeyRecord, 'guilds'> & { guilds: string | null };

const listed = columnList(apiKey, ['digest']);

function fromRow(row: StoredKey): KeyRecord {
  return { ...row, guilds: row.guilds === null ? null : (JSON.parse(row.guilds) as string[]) };
}

export function createKeyStore(db: Database, now: () => Date = () => new Date()): KeyStore {
  const { sqlite } = db;
  const insert = sqlite.prepare<[string, string, string, string | null, number | null, string]>(
    `INSERT INTO ${apiKey.table} (name, digest, hint, guilds, rate_limit, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const all = sqlite.prepare<[], StoredKey>(`SELECT ${listed} FROM ${apiKey.table} ORDER BY id`);
  const one = sqlite.prepare<[number], StoredKey>(
    `SELECT ${listed} FROM ${apiKey.table} WHERE id = ?`,
  );
  const revoke = sqlite.prepare<[string, number]>(
    `UPDATE ${apiKey.table} SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`,
  );
  const anyActive = sqlite
    .prepare<[], number>(`SELECT 1 FROM ${apiKey.table} WHERE revoked_at IS NULL LIMIT 1`)
    .pluck();

  // A guild filter means "keys scoped to exactly this guild": what a guild's admins may manage.
  const inGuild = (record: KeyRecord, guildId: string | undefined) =>
    guildId === undefined || (record.guilds?.length === 1 && record.guilds[0] === guildId);

  return {
    create(options = {}) {
      const key = generateKey();
      const guilds =
        options.guilds && options.guilds.length > 0 ? [...new Set(options.guilds)] : null;
      const { lastInsertRowid } = insert.run(
        options.name ?? '',
        digestOf(key),
        hintOf(key),
        guilds === null ? null : JSON.stringify(guilds),
        options.rateLimit ?? null,
        now().toISOString(),
      );
      return { id: Number(lastInsertRowid), key };
    },
    list(filter = {}) {
      return all
        .all()
        .map(fromRow)
        .filter((record) => inGuild(record, filter.guildId));
    },
    revoke(id, filter = {}) {
      const row = one.get(id);
      if (!row || !inGuild(fromRow(row), filter.guildId)) return false;
      return revoke.run(now().toISOString(), id).changes === 1;
    },
    hasActiveKey() {
      return anyActive.get() !== undefined;
    },
  };
}
