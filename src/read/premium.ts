import type { Database } from '../store/database.js';
import type { PremiumStatus } from './types.js';

export interface PremiumReader {
  /** Always answers: premium is a yes/no question, never "not found". */
  get(guildId: string): Promise<PremiumStatus>;
}

export function createPremiumReader(db: Database, now: () => Date): PremiumReader {
  const get = db.sqlite.prepare<[string], { expires_at: string | null }>(
    'SELECT expires_at FROM premium WHERE guild_id = ?',
  );
  return {
    async get(guildId) {
      const row = get.get(guildId);
      if (!row) return { state: 'none', expiresAt: null };
      if (row.expires_at === null) return { state: 'active', expiresAt: null };
      const active = Date.parse(row.expires_at) > now().getTime();
      return { state: active ? 'active' : 'expired', expiresAt: row.expires_at };
    },
  };
}
