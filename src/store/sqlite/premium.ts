import { type PremiumReader, premiumStatus } from '../../read/service.js';
import type { Database } from './database.js';

export function createPremiumReader(db: Database, now: () => Date): PremiumReader {
  const get = db.sqlite.prepare<[string], { expires_at: string | null }>(
    'SELECT expires_at FROM premium WHERE guild_id = ?',
  );
  return {
    async get(guildId) {
      return premiumStatus(get.get(guildId)?.expires_at, now());
    },
  };
}
