import type { FastifyInstance } from 'fastify';
import { errorAnswer, listAnswer, sendAnswer, serveCached, staticAnswer } from '../answer.js';
import { describeArea } from '../areas.js';
import { requireGuildAccess } from '../auth.js';
import { decodeProfileCursor, encodeProfileCursor } from '../cursor.js';
import { MESSAGES } from '../errors.js';
import { type PagingQuery, pageKey, pageRequest } from '../paging.js';
import {
  areaSchema,
  commonErrors,
  errorSchema,
  guildIdParam,
  pagingQuery,
  profileListSchema,
  userIdParam,
} from '../schemas.js';
import type { RouteContext } from './context.js';

export function registerPlayerRoutes(app: FastifyInstance, context: RouteContext): void {
  const { read, maxAge } = context;
  const area = staticAnswer(describeArea('players'));
  app.get(
    '/v1/players',
    { schema: { response: { 200: areaSchema, ...commonErrors } } },
    (request, reply) => {
      sendAnswer(request, reply, area, maxAge);
    },
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
    (request, reply) => {
      const { guildId } = request.params;
      const page = pageRequest(request.query, decodeProfileCursor);
      serveCached(
        context,
        request,
        reply,
        `players:${guildId}:${pageKey(request.query)}`,
        async () => {
          const list = await read.players.listSerialized(guildId, page);
          if (!list) return errorAnswer(404, MESSAGES.noPlayer);
          return listAnswer(list, page && (list.next ? encodeProfileCursor(list.next) : null));
        },
      );
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
    (request, reply) => {
      const { guildId, userId } = request.params;
      serveCached(context, request, reply, `member:${guildId}:${userId}`, async () => {
        const list = await read.players.ofMemberSerialized(guildId, userId);
        return list ? listAnswer(list) : errorAnswer(404, MESSAGES.noPlayer);
      });
    },
  );
}
