import type { FastifyInstance } from 'fastify';
import type { ReadService } from '../../read/service.js';
import { describeArea } from '../areas.js';
import { requireGuildAccess } from '../auth.js';
import { areaSchema, commonErrors, guildIdParam, premiumSchema } from '../schemas.js';

export function registerPremiumRoutes(app: FastifyInstance, read: ReadService): void {
  const area = describeArea('premium');
  app.get(
    '/v1/premium',
    { schema: { response: { 200: areaSchema, ...commonErrors } } },
    async () => area,
  );

  app.get<{ Params: { guildId: string } }>(
    '/v1/premium/:guildId',
    {
      schema: {
        params: { type: 'object', required: ['guildId'], properties: { guildId: guildIdParam } },
        response: { 200: premiumSchema, 404: premiumSchema, ...commonErrors },
      },
      preHandler: requireGuildAccess,
    },
    async (request, reply) => {
      const { guildId } = request.params;
      const { state } = await read.premium.get(guildId);
      // The spec's premium answer is never an error body: a guild without premium is a 404
      // that still says {guildId, premium: false}.
      const status = state === 'active' ? 200 : 404;
      return reply.code(status).send({ guildId, premium: status === 200, status });
    },
  );
}
