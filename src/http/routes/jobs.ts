import type { FastifyInstance } from 'fastify';
import type { ReadService } from '../../read/service.js';
import { describeArea } from '../areas.js';
import { requireGuildAccess } from '../auth.js';
import { decodeJobCursor, encodeJobCursor } from '../cursor.js';
import { ApiError, MESSAGES } from '../errors.js';
import { listBody, type PagingQuery, pageRequest } from '../paging.js';
import {
  areaSchema,
  commonErrors,
  errorSchema,
  guildIdParam,
  jobListSchema,
  pagingQuery,
} from '../schemas.js';

export function registerJobRoutes(app: FastifyInstance, read: ReadService): void {
  const area = describeArea('jobs');
  app.get(
    '/v1/jobs',
    { schema: { response: { 200: areaSchema, ...commonErrors } } },
    async () => area,
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
    async (request) => {
      const page = pageRequest(request.query, decodeJobCursor);
      const result = await read.jobs.list(request.params.guildId, page);
      if (!result) throw new ApiError(404, MESSAGES.noJob);
      const next = page && (result.next ? encodeJobCursor(result.next) : null);
      return listBody(result.items, next);
    },
  );
}
