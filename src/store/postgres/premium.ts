import type pg from 'pg';
import { type PremiumReader, premiumStatus } from '../../read/service.js';

export function createPremiumReader(pool: pg.Pool, now: () => Date): PremiumReader {
  return {
    async get(guildId) {
      const { rows } = await pool.query<{ expires_at: string | null }>({
        name: 'premium',
        text: 'SELECT expires_at FROM premium WHERE guild_id = $1',
        values: [guildId],
      });
      return premiumStatus(rows[0]?.expires_at, now());
    },
  };
}
