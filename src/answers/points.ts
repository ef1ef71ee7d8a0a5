import type { ReadService } from '../read/service.js';
import { HOUSES } from '../records/houses.js';
import { type CacheableAnswer, errorAnswer, jsonAnswer } from './answer.js';
import { MESSAGES } from './errors.js';
import { currentPoints } from './stored-points.js';

/** What GET /v1/points/:guildId answers (its 200 or its 404), as the cache holds it. */
export function pointsAnswer(read: ReadService, guildId: string): CacheableAnswer {
  return {
    cacheKey: `points:${guildId}`,
    async build() {
      const points = await currentPoints(read, guildId);
      if (!points) return errorAnswer(404, MESSAGES.noPoints);
      const body = Object.fromEntries(HOUSES.map((house) => [house, points[house]]));
      return jsonAnswer(200, { ...body, status: 200 });
    },
  };
}
