import type pg from 'pg';
import {
  inGuild,
  type KeyRecord,
  type KeyStore,
  keyRecordOf,
  newKey,
} from '../../keys/key-store.js';
import { apiKey } from '../../records/api-key.js';
import { columnList } from '../../records/record.js';
import type { ActiveKeyRow, KeyTable } from '../store.js';
import { inTransaction } from './transaction.js';

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
