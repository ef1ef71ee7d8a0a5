import type { ReadService } from '../../read/service.js';
import { HOUSES } from '../../records/houses.js';
import { type CacheableAnswer, errorAnswer, jsonAnswer, serveCached } from '../answer.js';
import { defineEndpoint } from '../endpoint.js';
import { MESSAGES } from '../errors.js';
import { guildIdParam } from '../parameters.js';
import { DEMO_GUILD, DEMO_NO_DATA_GUILD } from './demo.js';

/** What GET /v1/points/:guildId answers (its 200 or its 404), as the cache holds it. */
export function pointsAnswer(read: ReadService, guildId: string): CacheableAnswer {
  return {
    key: `points:${guildId}`,
    async build() {
      const points = await read.points.get(guildId);
      if (!points) return errorAnswer(404, MESSAGES.noPoints);
      const body = Object.fromEntries(HOUSES.map((house) => [house, points[house]]));
      return jsonAnswer(200, { ...body, status: 200 });
    },
  };
}

export const getPoints = defineEndpoint({
  area: 'points',
  path: '/v1/points/:guildId',
  operationId: 'getPoints',
  summary: 'Get the house points of a guild',
  description:
    'The points of the four houses: {gryffindor, slytherin, ravenclaw, hufflepuff, status}. 404 when the guild has no house points.',
  params: [guildIdParam],
  query: [],
  guildScoped: true,
  ok: {
    description: 'The points of the four houses',
    schema: 'HousePoints',
    example: {
      url: `/v1/points/${DEMO_GUILD}`,
      body: { gryffindor: 1240, slytherin: 1185, ravenclaw: 960, hufflepuff: 1012, status: 200 },
    },
  },
  notFound: {
    description: 'The guild has no house points',
    schema: 'NotFoundError',
    // The spec's wire text ends in "serve": clients match on it.
    example: {
      url: `/v1/points/${DEMO_NO_DATA_GUILD}`,
      body: { error: MESSAGES.noPoints, status: 404 },
    },
  },
  handle(deps, { params }, request, reply) {
    const { key, build } = pointsAnswer(deps.read, params.guildId);
    serveCached(deps, request, reply, params.guildId, key, build);
  },
});
