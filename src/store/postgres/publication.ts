import type pg from 'pg';
import type { PublicationReader } from '../../read/service.js';
import type { PublicationStore } from '../store.js';

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
    },
    store: {
      async publish(guildId) {
        const { rowCount } = await pool.query(
          'INSERT INTO published_guilds (guild_id, published_at) VALUES ($1, $2) ON CONFLICT (guild_id) DO NOTHING',
          [guildId, now().toISOString()],
        );
        return (rowCount ?? 0) > 0;
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
