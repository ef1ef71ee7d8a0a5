import type { FastifyInstance } from 'fastify';
import type { ReadService } from '../../read/service.js';
import { describeArea } from '../areas.js';
import { requireGuildAccess } from '../auth.js';
import { decodeProfileCursor, encodeProfileCursor } from '../cursor.js';
import { ApiError, MESSAGES } from '../errors.js';
import { listBody, type PagingQuery, pageRequest } from '../paging.js';
import {
  areaSchema,
  commonErrors,
  errorSchema,
  guildIdParam,
  pagingQuery,
  profileListSchema,
  userIdParam,
} from '../schemas.js';

export function registerPlayerRoutes(app: FastifyInstance, read: ReadService): void {
  const area = describeArea('players');
  app.get(
    '/v1/players',
    { schema: { response: { 200: areaSchema, ...commonErrors } } },
    async () => area,
  );

  app.get<{ Params: { guildId: string }; Querystring: PagingQuery }>(
    '/v1/players/:guildId',
    {
      schema: {
        params: { type: 'object', required: ['guildId'], properties: { guildId: guildIdParam } },
        querystring: pagingQuery,
        response: { 200: profileListSchema, 404: errorSchema, ...commonErrors },
      },
      preHandler: requireGuildAccess,
    },
    async (request) => {
      const page = pageRequest(request.query, decodeProfileCursor);
      const result = await read.players.list(request.params.guildId, page);
      if (!result) throw new ApiError(404, MESSAGES.noPlayer);
      const next = page && (result.next ? encodeProfileCursor(result.next) : null);
      return listBody(result.items, next);
    },
  );

  app.get<{ Params: { guildId: string; userId: string } }>(
    '/v1/players/:guildId/:userId',
    {
      schema: {
        params: {
          type: 'object',
          required: ['guildId', 'userId'],
          properties: { guildId: guildIdParam, userId: userIdParam },
        },
        response: { 200: profileListSchema, 404: errorSchema, ...commonErrors },
      },
      preHandler: requireGuildAccess,
    },
    async (request) => {
      const profiles = await read.players.ofMember(request.params.guildId, request.params.userId);
      if (!profiles) throw new ApiError(404, MESSAGES.noPlayer);
      return listBody(profiles);
    },
  );
}
