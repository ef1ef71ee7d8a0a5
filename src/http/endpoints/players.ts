import { errorAnswer, listAnswer } from '../../answers/answer.js';
import { MESSAGES } from '../../answers/errors.js';
import { isDefaultView, profileView, viewKey } from '../../records/profile-order.js';
import { decodeProfileCursor, encodeProfileCursor } from '../cursor.js';
import { defineEndpoint, type ResponseDoc } from '../endpoint.js';
import { pageKey, pageRequest } from '../paging.js';
import {
  guildIdParam,
  profileListParams,
  profilePagingParams,
  userIdParam,
} from '../parameters.js';
import { serveCached } from '../serve-cached.js';
import { DEMO_GUILD, DEMO_MEMBER, DEMO_NO_DATA_GUILD } from './demo-ids.js';

const noPlayer: ResponseDoc = {
  description: 'The guild has no player',
  schema: 'NotFoundError',
  example: {
    url: `/v1/players/${DEMO_NO_DATA_GUILD}`,
    body: { error: MESSAGES.noPlayer, status: 404 },
  },
};

const harry = (
  id: number,
  name: string,
  year: number,
  job_id: number,
  galleons: number,
  created_at: string,
) => ({
  id,
  user_id: DEMO_MEMBER,
  guild_id: DEMO_GUILD,
  name,
  house: 'gryffindor',
  year,
  job_id,
  galleons,
  created_at,
});

/** GET /v1/players/{DEMO_GUILD}/{DEMO_MEMBER} over data/demo.json. */
const memberProfilesExample = {
  results: [
    harry(1, 'Harry Potter', 3, 1, 250, '2026-09-01T08:00:00.000Z'),
    harry(45, 'Harry (Half-Blood Prince era)', 6, 4, 120, '2026-10-01T09:00:00.000Z'),
    harry(46, 'Harry (Auror)', 7, 1, 900, '2026-10-15T09:00:00.000Z'),
  ],
  count: 3,
  status: 200,
};

/** The `next` cursor of the demo guild's first page of two. */
const PAGE_TWO = 'WyJwIiwiMjAwMDAwMDAwMDAwMDAwMDAxIiw0NV0';

export const listPlayers = defineEndpoint({
  area: 'players',
  path: '/v1/players/:guildId',
  operationId: 'listPlayers',
  summary: 'List the player profiles of a guild',
  description:
    'Every player profile of the guild, ordered by user_id then id, or by `sort` and `order`, only one `house` if asked: {results, count, status}. 404 when the guild has no player (a filter that matches none of its profiles is an empty list).',
  params: [guildIdParam],
  query: [...profilePagingParams, ...profileListParams],
  guildScoped: true,
  ok: {
    description:
      'The profiles, ordered by `user_id` then `id` (or as `sort` and `order` ask), of `house` when given',
    schema: 'ProfileList',
    example: {
      url: `/v1/players/${DEMO_GUILD}?limit=2`,
      body: {
        results: memberProfilesExample.results.slice(0, 2),
        count: 2,
        next: PAGE_TWO,
        status: 200,
      },
    },
  },
  notFound: noPlayer,
  handle(deps, { params, query }, request, reply) {
    const view = profileView(query.sort, query.order, query.house);
    const page = pageRequest(query, (cursor) => decodeProfileCursor(cursor, view));
    // The list of section 2 keeps its key of before; every other view has its own answers.
    const list = isDefaultView(view) ? '' : `${viewKey(view)}:`;
    serveCached(
      deps,
      request,
      reply,
      params.guildId,
      `players:${params.guildId}:${list}${pageKey(query)}`,
      async () => {
        const found = await deps.read.players.listSerialized(params.guildId, page, view);
        if (!found) return errorAnswer(404, MESSAGES.noPlayer);
        const next = found.next && encodeProfileCursor(found.next, view);
        return listAnswer(found, page && next);
      },
    );
  },
});

export const listMemberProfiles = defineEndpoint({
  area: 'players',
  path: '/v1/players/:guildId/:userId',
  operationId: 'listMemberProfiles',
  summary: 'List the profiles of one member',
  description:
    'Every profile of one member on the guild: {results, count, status}. 404 when the member has no profile.',
  params: [guildIdParam, userIdParam],
  query: [],
  guildScoped: true,
  ok: {
    description: 'Every profile of the member on the guild (a member may have several)',
    schema: 'ProfileList',
    example: { url: `/v1/players/${DEMO_GUILD}/${DEMO_MEMBER}`, body: memberProfilesExample },
  },
  notFound: {
    ...noPlayer,
    description: 'The member has no profile here',
    example: { ...noPlayer.example, url: `/v1/players/${DEMO_GUILD}/${DEMO_NO_DATA_GUILD}` },
  },
  handle(deps, { params }, request, reply) {
    const { guildId, userId } = params;
    serveCached(deps, request, reply, guildId, `member:${guildId}:${userId}`, async () => {
      const list = await deps.read.players.ofMemberSerialized(guildId, userId);
      return list ? listAnswer(list) : errorAnswer(404, MESSAGES.noPlayer);
    });
  },
});
