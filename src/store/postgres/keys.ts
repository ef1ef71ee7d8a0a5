import type pg from 'pg';
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
import { inTransaction } from './transaction.js';

/**
 * The first key of the two-key advisory locks that serialize key creation per guild: a number
 * of its own, so they never meet another lock's (the two-key and one-key spaces are apart).
 */
const GUILD_KEYS_LOCK = 0x6b657973; // "keys"

type StoredKey = Omit<KeyRecord, 'guilds'> & { guilds: string | null };
const listed = columnList(apiKey, ['digest']);

export function createPostgresKeyStore(pool: pg.Pool, now: () => Date): KeyStore {
  const one = async (id: number) =>
    (await pool.query<StoredKey>(`SELECT ${listed} FROM api_keys WHERE id = $1`, [id])).rows[0];
  return {
    async create(options = {}) {
      const { key, row } = newKey(options, now());
      const { rows } = await pool.query<{ id: number }>(
        `INSERT INTO api_keys (name, digest, hint, guilds, rate_limit, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [row.name, row.digest, row.hint, row.guilds, row.rate_limit, row.created_at],
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('api_keys: no id returned');
      return { id, key };
    },
    async createInGuild(guildId, name, cap) {
      const { key, row } = newKey({ name, guilds: [guildId] }, now());
      const id = await inTransaction(pool, 'BEGIN', async (client) => {
        // Creates for one guild wait for each other (on every node), so the count below
        // cannot be outdated by the time of the insert; other guilds and readers do not wait.
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
          GUILD_KEYS_LOCK,
          guildId,
        ]);
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO api_keys (name, digest, hint, guilds, rate_limit, created_at)
           SELECT $1, $2, $3, $4, $5, $6
           WHERE (SELECT count(*) FROM api_keys WHERE guilds = $4 AND revoked_at IS NULL) < $7
           RETURNING id`,
          [row.name, row.digest, row.hint, row.guilds, row.rate_limit, row.created_at, cap],
        );
        return rows[0]?.id ?? null;
      });
      return id === null ? null : { id, key };
    },
    async list(filter = {}) {
      const { rows } = await pool.query<StoredKey>(`SELECT ${listed} FROM api_keys ORDER BY id`);
      return rows.map(keyRecordOf).filter((record) => inGuild(record, filter.guildId));
    },
    async revoke(id, filter = {}) {
      const row = await one(id);
      if (!row || !inGuild(keyRecordOf(row), filter.guildId)) return false;
      const result = await pool.query(
        'UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL',
        [now().toISOString(), id],
      );
      return result.rowCount === 1;
    },
    async hasActiveKey() {
      const result = await pool.query('SELECT 1 FROM api_keys WHERE revoked_at IS NULL LIMIT 1');
      return (result.rowCount ?? 0) > 0;
    },
  };
}

/** The key check's view; `generation` follows the change notifications of api_keys. */
export function createPostgresKeyTable(
  pool: pg.Pool,
  generation: () => string,
  onChange: (listener: () => void) => void,
): KeyTable {
  return {
    generation,
    onChange,
    async active() {
      const { rows } = await pool.query<ActiveKeyRow>({
        name: 'keys-active',
        text: 'SELECT id, digest, guilds, rate_limit FROM api_keys WHERE revoked_at IS NULL',
      });
      return rows;
    },
    async touch(times) {
      await inTransaction(pool, 'BEGIN', async (client) => {
        for (const [id, at] of times) {
          await client.query('UPDATE api_keys SET last_used_at = $1 WHERE id = $2', [at, id]);
        }
      });
      return true;
    },
  };
}
