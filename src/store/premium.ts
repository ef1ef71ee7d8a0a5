import { type PremiumReader, premiumStatus } from '../read/service.js';
import type { premium } from '../records/premium.js';
import type { RowOf } from '../records/record.js';
import type { SqlDb } from './sql/db.js';
import { first } from './sql/op.js';
import { statement } from './sql/statement.js';

type Premium = RowOf<typeof premium>;

const PREMIUM = statement<Pick<Premium, 'guild_id'>, Pick<Premium, 'expires_at'>>(
  'SELECT expires_at FROM premium WHERE guild_id = @guild_id',
);

/** A guild's premium, on either engine. */
export function createPremiumReader(db: SqlDb, now: () => Date): PremiumReader {
  return {
    async get(guildId) {
      const row = await db.read(first(PREMIUM, { guild_id: guildId }));
      return premiumStatus(row?.expires_at, now());
    },
  };
}
