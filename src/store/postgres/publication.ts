import type pg from 'pg';
import type { PublicationReader } from '../../read/service.js';
import type { PublicationStore } from '../store.js';
import { inTransaction } from './transaction.js';

export function createPostgresPublication(
  pool: pg.Pool,
  now: () => Date,
): { reader: PublicationReader; store: PublicationStore } {
  return {
    reader: {
      async isPublished(guildId) {
        const { rowCount } = await pool.query({
          name: 'published',
          text: 'SELECT 1 FROM published_guilds WHERE guild_id = $1',
          values: [guildId],
        });
        return (rowCount ?? 0) > 0;
      },
      async get(guildId) {
        const { rows } = await pool.query<{ title: string | null }>({
          name: 'publication',
          text: 'SELECT title FROM published_guilds WHERE guild_id = $1',
          values: [guildId],
        });
        return rows[0] ?? null;
      },
    },
    store: {
      publish(guildId, { title } = {}) {
        // One transaction: the points are checked where the page is written (the row lock of
        // house_points keeps them from going meanwhile).
        return inTransaction(pool, 'BEGIN', async (client) => {
          const points = await client.query(
            'SELECT 1 FROM house_points WHERE guild_id = $1 FOR SHARE',
            [guildId],
          );
          if ((points.rowCount ?? 0) === 0) return 'noPoints';
          const inserted = await client.query(
            'INSERT INTO published_guilds (guild_id, published_at, title) VALUES ($1, $2, $3) ON CONFLICT (guild_id) DO NOTHING',
            [guildId, now().toISOString(), title ?? null],
          );
          if ((inserted.rowCount ?? 0) > 0) return 'published';
          if (title === undefined) return 'already';
          const retitled = await client.query(
            'UPDATE published_guilds SET title = $2 WHERE guild_id = $1 AND title IS DISTINCT FROM $2',
            [guildId, title],
          );
          return (retitled.rowCount ?? 0) > 0 ? 'retitled' : 'already';
        });
      },
      async unpublish(guildId) {
        const { rowCount } = await pool.query('DELETE FROM published_guilds WHERE guild_id = $1', [
          guildId,
        ]);
        return (rowCount ?? 0) > 0;
      },
      async list() {
        const { rows } = await pool.query<{ guild_id: string }>(
          'SELECT guild_id FROM published_guilds ORDER BY guild_id',
        );
        return rows.map((row) => row.guild_id);
      },
    },
  };
}
