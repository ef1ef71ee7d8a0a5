import type pg from 'pg';
import type { PointsReader } from '../../read/service.js';
import type { HousePoints } from '../../records/house-points.js';
import { HOUSES } from '../../records/houses.js';

export function createPointsReader(pool: pg.Pool): PointsReader {
  const text = `SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = $1`;
  return {
    async get(guildId) {
      const { rows } = await pool.query<HousePoints>({
        name: 'points',
        text,
        values: [guildId],
      });
      return rows[0] ?? null;
    },
  };
}
