import type { Database } from '../store/database.js';
import type { HousePoints } from './types.js';

export interface PointsReader {
  /** The four houses' points; null when the guild has no house points. */
  get(guildId: string): Promise<HousePoints | null>;
}

export function createPointsReader(db: Database): PointsReader {
  const get = db.sqlite.prepare<[string], HousePoints>(
    `SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM house_points WHERE guild_id = ?`,
  );
  return {
    async get(guildId) {
      return get.get(guildId) ?? null;
    },
  };
}
