import {
  inGuild,
  type KeyRecord,
  type KeyStore,
  keyRecordOf,
  newKey,
} from '../../keys/key-store.js';
import type { ActiveKeyRow, KeyTable } from '../../keys/key-table.js';
import { apiKey } from '../../records/api-key.js';
import { columnList } from '../../records/record.js';
import type { Database } from './database.js';
import { tryWrite, writeWhenFree } from './write-when-free.js';

type StoredKey = Omit<KeyRecord, 'guilds'> & { guilds: string | null };
const listed = columnList(apiKey, ['digest']);

export function createSqliteKeyStore(db: Database, now: () => Date): KeyStore {
  const { sqlite } = db;
  const insert = sqlite.prepare<[string, string, string, string | null, number | null, string]>(
    `INSERT INTO api_keys (name, digest, hint, guilds, rate_limit, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const all = sqlite.prepare<[], StoredKey>(`SELECT ${listed} FROM api_keys ORDER BY id`);
  const one = sqlite.prepare<[number], StoredKey>(`SELECT ${listed} FROM api_keys WHERE id = ?`);
  const revoke = sqlite.prepare<[string, number]>(
    'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const activeInGuild = sqlite
    .prepare<[string], number>(
      'SELECT count(*) FROM api_keys WHERE guilds = ? AND revoked_at IS NULL',
    )
    .pluck();
  const insertBelowCap = sqlite.transaction(
    (row: ReturnType<typeof newKey>['row'], cap: number): number | null => {
      // The guild's own keys are those whose column reads exactly as this new one's.
      if ((activeInGuild.get(row.guilds ?? '') ?? 0) >= cap) return null;
      const inserted = insert.run(
        row.name,
        row.digest,
        row.hint,
        row.guilds,
        row.rate_limit,
        row.created_at,
      );
      return Number(inserted.lastInsertRowid);
    },
  );
  const anyActive = sqlite
    .prepare<[], number>('SELECT 1 FROM api_keys WHERE revoked_at IS NULL LIMIT 1')
    .pluck();

  return {
    async create(options = {}) {
      const { key, row } = newKey(options, now());
      const { lastInsertRowid } = await writeWhenFree(sqlite, () =>
        insert.run(row.name, row.digest, row.hint, row.guilds, row.rate_limit, row.created_at),
      );
      return { id: Number(lastInsertRowid), key };
    },
    async createInGuild(guildId, name, cap) {
      const { key, row } = newKey({ name, guilds: [guildId] }, now());
      // IMMEDIATE: the write lock is taken before the count, so no other connection (the CLI,
      // another process) can insert between the count and the insert.
      const id = await writeWhenFree(sqlite, () => insertBelowCap.immediate(row, cap));
      return id === null ? null : { id, key };
    },
    async list(filter = {}) {
      return all
        .all()
        .map(keyRecordOf)
        .filter((record) => inGuild(record, filter.guildId));
    },
    async revoke(id, filter = {}) {
      const row = one.get(id);
      if (!row || !inGuild(keyRecordOf(row), filter.guildId)) return false;
      const at = now().toISOString();
      return (await writeWhenFree(sqlite, () => revoke.run(at, id))).changes === 1;
    },
    async hasActiveKey() {
      return anyActive.get() !== undefined;
    },
  };
}

export function createSqliteKeyTable(db: Database): KeyTable {
  const { sqlite } = db;
  const active = sqlite.prepare<[], ActiveKeyRow>(
    'SELECT id, digest, guilds, rate_limit FROM api_keys WHERE revoked_at IS NULL',
  );
  const touch = sqlite.prepare<[string, number]>(
    'UPDATE api_keys SET last_used_at = ? WHERE id = ?',
  );
  return {
    // Any commit reloads the keys: SQLite's data_version says that something changed, not what.
    generation: db.generation,
    active: () => active.all(),
    async touch(times) {
      if (!sqlite.open) return false;
      // Never wait on another writer (an import): the caller tries again at its next flush.
      return tryWrite(
        sqlite,
        sqlite.transaction(() => {
          for (const [id, at] of times) touch.run(at, id);
        }),
      ).done;
    },
  };
}
