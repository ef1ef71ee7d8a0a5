import { HOUSES } from '../../records/houses.js';
import { errorAnswer, jsonAnswer, serveCached } from '../answer.js';
import { defineEndpoint } from '../endpoint.js';
import { MESSAGES } from '../errors.js';
import { guildIdParam } from '../parameters.js';
import { DEMO_GUILD, DEMO_NO_DATA_GUILD } from './demo.js';

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
    serveCached(deps, request, reply, params.guildId, `points:${params.guildId}`, async () => {
      const points = await deps.read.points.get(params.guildId);
      if (!points) return errorAnswer(404, MESSAGES.noPoints);
      const body = Object.fromEntries(HOUSES.map((house) => [house, points[house]]));
      return jsonAnswer(200, { ...body, status: 200 });
    });
  },
});
