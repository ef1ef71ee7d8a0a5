import type { FastifyInstance } from 'fastify';
import { errorAnswer, listAnswer, sendAnswer, serveCached, staticAnswer } from '../answer.js';
import { describeArea } from '../areas.js';
import { requireGuildAccess } from '../auth.js';
import { decodeJobCursor, encodeJobCursor } from '../cursor.js';
import { MESSAGES } from '../errors.js';
import { type PagingQuery, pageKey, pageRequest } from '../paging.js';
import {
  areaSchema,
  commonErrors,
  errorSchema,
  guildIdParam,
  jobListSchema,
  pagingQuery,
} from '../schemas.js';
import type { RouteContext } from './context.js';

export function registerJobRoutes(app: FastifyInstance, context: RouteContext): void {
  const { read, maxAge } = context;
  const area = staticAnswer(describeArea('jobs'));
  app.get(
    '/v1/jobs',
    { schema: { response: { 200: areaSchema, ...commonErrors } } },
    (request, reply) => {
      sendAnswer(request, reply, area, maxAge);
    },
  );

  app.get<{ Params: { guildId: string }; Querystring: PagingQuery }>(
    '/v1/jobs/:guildId',
    {
      schema: {
        params: { type: 'object', required: ['guildId'], properties: { guildId: guildIdParam } },
        querystring: pagingQuery,
        response: { 200: jobListSchema, 404: errorSchema, ...commonErrors },
      },
      preHandler: requireGuildAccess,
    },
    (request, reply) => {
      const { guildId } = request.params;
      const page = pageRequest(request.query, decodeJobCursor);
      serveCached(
        context,
        request,
        reply,
        `jobs:${guildId}:${pageKey(request.query)}`,
        async () => {
          const list = await read.jobs.listSerialized(guildId, page);
          if (!list) return errorAnswer(404, MESSAGES.noJob);
          return listAnswer(list, page && (list.next ? encodeJobCursor(list.next) : null));
        },
      );
    },
  );
}
