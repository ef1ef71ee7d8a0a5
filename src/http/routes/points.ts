import type { FastifyInstance } from 'fastify';
import { errorAnswer, jsonAnswer, sendAnswer, serveCached, staticAnswer } from '../answer.js';
import { describeArea } from '../areas.js';
import { requireGuildAccess } from '../auth.js';
import { MESSAGES } from '../errors.js';
import { areaSchema, commonErrors, errorSchema, guildIdParam, pointsSchema } from '../schemas.js';
import type { RouteContext } from './context.js';

export function registerPointsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { read, maxAge } = context;
  const area = staticAnswer(describeArea('points'));
  app.get(
    '/v1/points',
    { schema: { response: { 200: areaSchema, ...commonErrors } } },
    (request, reply) => {
      sendAnswer(request, reply, area, maxAge);
    },
  );

  app.get<{ Params: { guildId: string } }>(
    '/v1/points/:guildId',
    {
      schema: {
        params: { type: 'object', required: ['guildId'], properties: { guildId: guildIdParam } },
        response: { 200: pointsSchema, 404: errorSchema, ...commonErrors },
      },
      preHandler: requireGuildAccess,
    },
    (request, reply) => {
      const { guildId } = request.params;
      serveCached(context, request, reply, `points:${guildId}`, async () => {
        const points = await read.points.get(guildId);
        if (!points) return errorAnswer(404, MESSAGES.noPoints);
        const { gryffindor, slytherin, ravenclaw, hufflepuff } = points;
        return jsonAnswer(200, { gryffindor, slytherin, ravenclaw, hufflepuff, status: 200 });
      });
    },
  );
}
