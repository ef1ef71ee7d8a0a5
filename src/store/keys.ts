import {
  type CreatedKey,
  inGuild,
  type KeyRecord,
  type KeyStore,
  keyRecordOf,
  newKey,
} from '../keys/key-store.js';
import type { ActiveKeyRow, KeyTable } from '../keys/key-table.js';
import { type ApiKeyRow, apiKey } from '../records/api-key.js';
import { columnList } from '../records/record.js';
import { StoreBusyError, StoreClosedError } from './errors.js';
import type { SqlDb } from './sql/db.js';
import { all, first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';

/*
 * API keys, on either engine: what the CLI and /apikey create, list and revoke, and what the key
 * check reads (the active keys) and writes (when each was last used).
 */

type NewRow = ReturnType<typeof newKey>['row'];
type StoredKey = Omit<KeyRecord, 'guilds'> & { guilds: string | null };

/**
 * The first key of the two-key advisory locks that serialize key creation per guild on
 * PostgreSQL: a number of its own, so they never meet another lock's. SQLite needs none: its
 * write transaction holds the database's one write lock from the count to the insert.
 */
const GUILD_KEYS_LOCK = 0x6b657973; // "keys"

const LISTED = columnList(apiKey, ['digest']);
const VALUES = '@name, @digest, @hint, @guilds, @rate_limit, @created_at';

const INSERT = statement<NewRow, Pick<ApiKeyRow, 'id'>>(
  `INSERT INTO api_keys (name, digest, hint, guilds, rate_limit, created_at) VALUES (${VALUES})
   RETURNING id`,
);
const LOCK_GUILD = statement<{ guild: string }>((d) =>
  d.name === 'postgres' ? `SELECT pg_advisory_xact_lock(${GUILD_KEYS_LOCK}, hashtext(@guild))` : '',
);
// The guild's own keys are those whose column reads exactly as the new one's.
const INSERT_BELOW_CAP = statement<NewRow & { cap: number }, Pick<ApiKeyRow, 'id'>>(
  `INSERT INTO api_keys (name, digest, hint, guilds, rate_limit, created_at) SELECT ${VALUES}
   WHERE (SELECT count(*) FROM api_keys WHERE guilds = @guilds AND revoked_at IS NULL) < @cap
   RETURNING id`,
);
const LIST = statement<Record<string, never>, StoredKey>(
  `SELECT ${LISTED} FROM api_keys ORDER BY id`,
);
const ONE = statement<Pick<ApiKeyRow, 'id'>, StoredKey>(
  `SELECT ${LISTED} FROM api_keys WHERE id = @id`,
);
const REVOKE = statement<Pick<ApiKeyRow, 'id' | 'revoked_at'>>(
  'UPDATE api_keys SET revoked_at = @revoked_at WHERE id = @id AND revoked_at IS NULL',
);
const ANY_ACTIVE = statement<Record<string, never>, { found: number }>(
  'SELECT 1 AS found FROM api_keys WHERE revoked_at IS NULL LIMIT 1',
);
const ACTIVE = statement<Record<string, never>, ActiveKeyRow>(
  'SELECT id, digest, guilds, rate_limit FROM api_keys WHERE revoked_at IS NULL',
);
const TOUCH = statement<Pick<ApiKeyRow, 'id' | 'last_used_at'>>(
  'UPDATE api_keys SET last_used_at = @last_used_at WHERE id = @id',
);

function* insertBelowCap(row: NewRow, guildId: string, cap: number): Op<number | null> {
  yield* first(LOCK_GUILD, { guild: guildId });
  const inserted = yield* first(INSERT_BELOW_CAP, { ...row, cap });
  return inserted ? Number(inserted.id) : null;
}

function* touchAll(times: ReadonlyMap<number, string>): Op<void> {
  for (const [id, at] of times) yield* run(TOUCH, { id, last_used_at: at });
}

export function createKeyStore(db: SqlDb, now: () => Date): KeyStore {
  return {
    async create(options = {}): Promise<CreatedKey> {
      const { key, row } = newKey(options, now());
      const inserted = await db.write(first(INSERT, row));
      if (!inserted) throw new Error('api_keys: no id returned');
      return { id: Number(inserted.id), key };
    },
    async createInGuild(guildId, name, cap) {
      const { key, row } = newKey({ name, guilds: [guildId] }, now());
      const id = await db.write(insertBelowCap(row, guildId, cap));
      return id === null ? null : { id, key };
    },
    async list(filter = {}) {
      const rows = await db.read(all(LIST));
      return rows.map(keyRecordOf).filter((record) => inGuild(record, filter.guildId));
    },
    async revoke(id, filter = {}) {
      const row = await db.read(first(ONE, { id }));
      if (!row || !inGuild(keyRecordOf(row), filter.guildId)) return false;
      return (await db.write(run(REVOKE, { id, revoked_at: now().toISOString() }))) === 1;
    },
    async hasActiveKey() {
      return (await db.read(first(ANY_ACTIVE))) !== undefined;
    },
  };
}

/**
 * The key check's view of the keys. `generation` and `onChange` are the engine's (SQLite: the
 * number the keys' own changes raise, src/store/sqlite/key-changes.ts; PostgreSQL: the
 * notifications of api_keys' changes).
 */
export function createKeyTable(
  db: SqlDb,
  changes: Pick<KeyTable, 'generation' | 'onChange'>,
): KeyTable {
  const { readNow } = db;
  return {
    ...changes,
    // Synchronous where the engine is: a revocation in another process is refused from the first
    // request a millisecond after it.
    active: () => (readNow ? readNow(all(ACTIVE)) : db.read(all(ACTIVE))),
    async touch(times) {
      try {
        // Never waits on another writer (an import): the caller tries again at its next flush.
        await db.write(touchAll(times), { patienceMs: 0 });
        return true;
      } catch (error) {
        if (error instanceof StoreBusyError || error instanceof StoreClosedError) return false;
        throw error;
      }
    },
  };
}
