import type { PointsReader } from '../read/service.js';
import type { HousePoints } from '../records/house-points.js';
import { HOUSES } from '../records/houses.js';
import type { SqlDb } from './sql/db.js';
import { first } from './sql/op.js';
import { statement } from './sql/statement.js';

const POINTS = statement<{ guild_id: string }, HousePoints>(
  `SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = @guild_id`,
);

/** A guild's house points, on either engine. */
export function createPointsReader(db: SqlDb): PointsReader {
  return {
    async get(guildId) {
      return (await db.read(first(POINTS, { guild_id: guildId }))) ?? null;
    },
  };
}
