import type { FastifyInstance } from 'fastify';
import type { ReadService } from '../../read/service.js';
import { describeArea } from '../areas.js';
import { requireGuildAccess } from '../auth.js';
import { ApiError, MESSAGES } from '../errors.js';
import { areaSchema, commonErrors, errorSchema, guildIdParam, pointsSchema } from '../schemas.js';

export function registerPointsRoutes(app: FastifyInstance, read: ReadService): void {
  const area = describeArea('points');
  app.get(
    '/v1/points',
    { schema: { response: { 200: areaSchema, ...commonErrors } } },
    async () => area,
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
    async (request) => {
      const points = await read.points.get(request.params.guildId);
      if (!points) throw new ApiError(404, MESSAGES.noPoints);
      return { ...points, status: 200 };
    },
  );
}
