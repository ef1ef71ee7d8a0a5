import type { HousePoints } from '../records/house-points.js';
import { HOUSES } from '../records/houses.js';
import type { Database } from '../store/database.js';

export interface PointsReader {
  /** The four houses' points; null when the guild has no house points. */
  get(guildId: string): Promise<HousePoints | null>;
}

export function createPointsReader(db: Database): PointsReader {
  const get = db.sqlite.prepare<[string], HousePoints>(
    `SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = ?`,
  );
  return {
    async get(guildId) {
      return get.get(guildId) ?? null;
    },
  };
}
