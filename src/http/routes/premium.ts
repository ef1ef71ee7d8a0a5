import type { FastifyInstance } from 'fastify';
import { jsonAnswer, sendAnswer, serveCached, staticAnswer } from '../answer.js';
import { describeArea } from '../areas.js';
import { requireGuildAccess } from '../auth.js';
import { areaSchema, commonErrors, guildIdParam, premiumSchema } from '../schemas.js';
import type { RouteContext } from './context.js';

export function registerPremiumRoutes(app: FastifyInstance, context: RouteContext): void {
  const { read, maxAge } = context;
  const area = staticAnswer(describeArea('premium'));
  app.get(
    '/v1/premium',
    { schema: { response: { 200: areaSchema, ...commonErrors } } },
    (request, reply) => {
      sendAnswer(request, reply, area, maxAge);
    },
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
    (request, reply) => {
      const { guildId } = request.params;
      serveCached(context, request, reply, `premium:${guildId}`, async () => {
        const { state, expiresAt } = await read.premium.get(guildId);
        // The spec's premium answer is never an error body: a guild without premium is a 404
        // that still says {guildId, premium: false}.
        const status = state === 'active' ? 200 : 404;
        const answer = jsonAnswer(status, { guildId, premium: status === 200, status });
        // An active premium with an expiry stops being true at that instant, data change or not.
        return state === 'active' && expiresAt
          ? { ...answer, staleAt: Date.parse(expiresAt) }
          : answer;
      });
    },
  );
}
