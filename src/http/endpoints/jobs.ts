import { errorAnswer, listAnswer } from '../../answers/answer.js';
import { MESSAGES } from '../../answers/errors.js';
import { decodeJobCursor, encodeJobCursor } from '../cursor.js';
import { defineEndpoint } from '../endpoint.js';
import { pageKey, pageRequest } from '../paging.js';
import { guildIdParam, pagingParams } from '../parameters.js';
import { serveCached } from '../serve-cached.js';
import { DEMO_GUILD, DEMO_NO_DATA_GUILD } from './demo-ids.js';

const job = (id: number, name: string, description: string, salary: number) => ({
  id,
  guild_id: DEMO_GUILD,
  name,
  description,
  salary,
});

export const listJobs = defineEndpoint({
  area: 'jobs',
  path: '/v1/jobs/:guildId',
  operationId: 'listJobs',
  summary: 'List the jobs of a guild',
  description:
    'Every job defined on the guild, ordered by id: {results, count, status}. 404 when the guild has no job.',
  params: [guildIdParam],
  query: pagingParams(encodeJobCursor({ id: 2 })),
  guildScoped: true,
  ok: {
    description: 'The jobs, ordered by `id`',
    schema: 'JobList',
    example: {
      url: `/v1/jobs/${DEMO_GUILD}`,
      body: {
        results: [
          job(1, 'Auror', 'Catches dark wizards for the Ministry', 120),
          job(2, 'Healer', "Mends curses and broken bones at St Mungo's", 110),
          job(3, 'Wandmaker', 'Crafts wands in Diagon Alley', 90),
          job(4, 'Quidditch Player', 'Flies for a league team', 100),
          job(5, 'Herbologist', 'Tends the greenhouses', 70),
          job(6, 'Curse-Breaker', "Opens Gringotts' oldest vaults", 130),
        ],
        count: 6,
        status: 200,
      },
    },
  },
  notFound: {
    description: 'The guild has no job',
    schema: 'NotFoundError',
    example: {
      url: `/v1/jobs/${DEMO_NO_DATA_GUILD}`,
      body: { error: MESSAGES.noJob, status: 404 },
    },
  },
  handle(deps, { params, query }, request, reply) {
    const page = pageRequest(query, decodeJobCursor);
    serveCached(
      deps,
      request,
      reply,
      params.guildId,
      `jobs:${params.guildId}:${pageKey(query)}`,
      async () => {
        const list = await deps.read.jobs.listSerialized(params.guildId, page);
        if (!list) return errorAnswer(404, MESSAGES.noJob);
        return listAnswer(list, page && (list.next ? encodeJobCursor(list.next) : null));
      },
    );
  },
});
