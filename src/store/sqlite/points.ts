import type { PointsReader } from '../../read/service.js';
import type { HousePoints } from '../../records/house-points.js';
import { HOUSES } from '../../records/houses.js';
import type { Database } from './database.js';

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
