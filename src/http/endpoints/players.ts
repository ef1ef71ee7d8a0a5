import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswer, jsonAnswer, listAnswer } from '../../answers/answer.js';
import { MESSAGES } from '../../answers/errors.js';
import { requestedView, type TermAsk, termView } from '../../answers/player-views.js';
import type { PageRequest, ProfileCursor } from '../../read/types.js';
import { type ChangeView, changeViewKey } from '../../records/periods.js';
import {
  isDefaultView,
  type ProfileView,
  profileView,
  viewKey,
} from '../../records/profile-order.js';
import {
  decodeChangeCursor,
  decodeProfileCursor,
  encodeChangeCursor,
  encodeProfileCursor,
} from '../cursor.js';
import { defineEndpoint, type EndpointDeps, type ResponseDoc } from '../endpoint.js';
import { type PagingQuery, pageKey, pageRequest } from '../paging.js';
import {
  guildIdParam,
  houseParam,
  orderParam,
  periodParams,
  profileListParams,
  profilePagingParams,
  rankSortParam,
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

/** The 400s of a players request beyond a malformed value (answers/player-views.ts). */
const PERIOD_REFUSALS = [
  MESSAGES.sortNeedsPeriod,
  MESSAGES.periodNeedsChange,
  MESSAGES.atNeedsPeriod,
];

/** GET /v1/players/{DEMO_GUILD}/{DEMO_MEMBER}/rank over data/demo.json. */
const memberRankExample = {
  guildId: DEMO_GUILD,
  userId: DEMO_MEMBER,
  sort: 'galleons',
  order: 'desc',
  results: [
    { id: 1, rank: 27, of: 47, value: 250 },
    { id: 45, rank: 34, of: 47, value: 120 },
    { id: 46, rank: 1, of: 47, value: 900 },
  ],
  status: 200,
};

/** The demo's week (its periods hold the week of 2026-10-26): its three leaders by change. */
const weekLeadersExample = {
  url: `/v1/players/${DEMO_GUILD}?sort=change&period=week&at=2026-10-28T12:00:00.000Z&limit=3`,
  body: {
    results: [
      {
        id: 9,
        user_id: '200000000000000009',
        guild_id: DEMO_GUILD,
        name: 'Cedric Diggory',
        house: 'hufflepuff',
        year: 7,
        job_id: null,
        galleons: 600,
        created_at: '2026-09-09T16:00:00.000Z',
        change: 120,
      },
      { ...harry(46, 'Harry (Auror)', 7, 1, 900, '2026-10-15T09:00:00.000Z'), change: 95 },
      {
        id: 4,
        user_id: '200000000000000004',
        guild_id: DEMO_GUILD,
        name: 'Neville Longbottom',
        house: 'gryffindor',
        year: 5,
        job_id: null,
        galleons: 580,
        created_at: '2026-09-04T11:00:00.000Z',
        change: 80,
      },
    ],
    count: 3,
    next: 'WyJwIiwiY2hhbmdlLmRlc2MuYWxsLndlZWsuMjAyNi0xMC0yNlQwMDowMDowMC4wMDBaIiw4MCwiMjAwMDAwMDAwMDAwMDAwMDA0Iiw0XQ',
    period: { kind: 'week', from: '2026-10-26T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' },
    status: 200,
  },
};

/**
 * A cursor of the list the parameters' examples name together, as "Try it out" sends them (by
 * galleons, descending, Slytherin's): after the demo guild's second richest Slytherin.
 */
const EXAMPLE_CURSOR = encodeProfileCursor(
  { sortKey: 440, userId: '200000000000000023', id: 23 },
  profileView('galleons', 'desc', 'slytherin'),
);

/** The `next` cursor of the demo guild's first page of two. */
const PAGE_TWO = 'WyJwIiwiMjAwMDAwMDAwMDAwMDAwMDAxIiw0NV0';

export const listPlayers = defineEndpoint({
  area: 'players',
  path: '/v1/players/:guildId',
  operationId: 'listPlayers',
  summary: 'List the player profiles of a guild',
  description:
    'Every player profile of the guild, ordered by user_id then id, or by `sort` and `order`, only one `house` if asked: {results, count, status}. With `sort=change` and a `period` (`week`, `month`, `term`), by the galleons change in the period containing `at` (default now; for `term`, the open term), largest first: each profile carries `change`, and the envelope the `period` {kind, from, to}. 404 when the guild has no player (a filter that matches none of its profiles is an empty list).',
  params: [guildIdParam],
  query: [...profilePagingParams(EXAMPLE_CURSOR), ...profileListParams, ...periodParams],
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
    moreExamples: { weekLeaders: weekLeadersExample },
  },
  notFound: noPlayer,
  refusals: PERIOD_REFUSALS,
  handle(deps, { params, query }, request, reply) {
    const asked = requestedView(query, 'user_id', Date.now());
    const serve = { deps, request, reply, guildId: params.guildId, query };
    if (asked.kind === undefined) serveSorted(serve, asked.view);
    else if (asked.kind === 'term') serveTermChanges(serve, asked.term);
    else serveChanges(serve, asked.view, asked.current);
  },
});

interface ListRequest {
  deps: EndpointDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  guildId: string;
  query: PagingQuery;
}

function serveSorted({ deps, request, reply, guildId, query }: ListRequest, view: ProfileView) {
  const page = pageRequest(query, (cursor) => decodeProfileCursor(cursor, view));
  // The list of section 2 keeps its key of before; every other view has its own answers.
  const list = isDefaultView(view) ? '' : `${viewKey(view)}:`;
  serveCached(
    deps,
    request,
    reply,
    guildId,
    `players:${guildId}:${list}${pageKey(query)}`,
    async () => {
      const found = await deps.read.players.listSerialized(guildId, page, view);
      if (!found) return errorAnswer(404, MESSAGES.noPlayer);
      const next = found.next && encodeProfileCursor(found.next, view);
      return listAnswer(found, page && next);
    },
  );
}

/**
 * A period's list by change. Its key holds the period's start, so this week's answers are never
 * served for the next one; the current period's answer also goes stale when the period ends.
 */
function serveChanges(
  { deps, request, reply, guildId, query }: ListRequest,
  view: ChangeView,
  current: boolean,
) {
  const page = pageRequest(query, (cursor) => decodeChangeCursor(cursor, view));
  const cacheKey = `players:${guildId}:${changeViewKey(view)}:${pageKey(query)}`;
  serveCached(deps, request, reply, guildId, cacheKey, async () => {
    const built = await changesAnswer(deps, guildId, view, page);
    return current && view.period.to ? { ...built, staleAt: Date.parse(view.period.to) } : built;
  });
}

async function changesAnswer(
  deps: EndpointDeps,
  guildId: string,
  view: ChangeView,
  page: PageRequest<ProfileCursor> | undefined,
) {
  const found = await deps.read.players.changesSerialized(guildId, page, view);
  if (!found) return errorAnswer(404, MESSAGES.noPlayer);
  const next = found.next && encodeChangeCursor(found.next, view);
  return listAnswer(found, page && next, { period: view.period });
}

/**
 * A term's list by change: which term (the open one, or the one that held `at`) is the guild's
 * data, read with the list inside the cached build, so the key names the request and the
 * guild's generation the term (a term started or ended is a change of the guild). Its cursor is
 * read once the term is known: a cursor of another term's list is refused.
 */
function serveTermChanges({ deps, request, reply, guildId, query }: ListRequest, asked: TermAsk) {
  const cacheKey = `players:${guildId}:${asked.key}:${pageKey(query)}`;
  serveCached(deps, request, reply, guildId, cacheKey, async () => {
    const view = await termView(deps.read, guildId, asked);
    const page = pageRequest(query, (cursor) => decodeChangeCursor(cursor, view));
    return changesAnswer(deps, guildId, view, page);
  });
}

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

export const getMemberRank = defineEndpoint({
  area: 'players',
  path: '/v1/players/:guildId/:userId/rank',
  operationId: 'getMemberRank',
  summary: 'Get where each profile of a member stands',
  description:
    "Where each profile of the member stands in the list GET /v1/players/:guildId answers with the same `sort` (default `galleons`), `order`, `house`, `period` and `at`: {guildId, userId, sort, order, results: [{id, rank, of, value}], status}, one entry per profile in id order; `rank` is the 1-based position (null when `house` leaves the profile out), `of` the list's length, `value` the profile's value for the sort (its change for `sort=change`, and the envelope then names the `period`). 404 when the member has no profile.",
  params: [guildIdParam, userIdParam],
  query: [rankSortParam, orderParam, houseParam, ...periodParams],
  guildScoped: true,
  ok: {
    description: "Each profile of the member, with its position in the list and the list's length",
    schema: 'MemberRank',
    example: { url: `/v1/players/${DEMO_GUILD}/${DEMO_MEMBER}/rank`, body: memberRankExample },
  },
  notFound: {
    ...noPlayer,
    description: 'The member has no profile here',
    example: {
      ...noPlayer.example,
      url: `/v1/players/${DEMO_GUILD}/${DEMO_NO_DATA_GUILD}/rank`,
    },
  },
  refusals: PERIOD_REFUSALS,
  handle(deps, { params, query }, request, reply) {
    const { guildId, userId } = params;
    const asked = requestedView(query, 'galleons', Date.now());
    const list =
      asked.kind === 'term'
        ? asked.term.key
        : asked.view.sort === 'change'
          ? changeViewKey(asked.view)
          : viewKey(asked.view);
    serveCached(deps, request, reply, guildId, `rank:${guildId}:${userId}:${list}`, async () => {
      const view: ProfileView | ChangeView =
        asked.kind === 'term' ? await termView(deps.read, guildId, asked.term) : asked.view;
      const entries = await deps.read.players.rank(guildId, userId, view);
      if (!entries) return errorAnswer(404, MESSAGES.noPlayer);
      const answer = jsonAnswer(200, {
        guildId,
        userId,
        sort: view.sort,
        order: view.order,
        ...(view.sort === 'change' ? { period: view.period } : {}),
        results: entries.map(({ id, rank, of, value }) => ({ id, rank, of, value })),
        status: 200,
      });
      // The current period's rank changes when the period ends, without a write.
      return asked.kind !== undefined && asked.kind !== 'term' && asked.current
        ? { ...answer, staleAt: Date.parse(asked.view.period.to) }
        : answer;
    });
  },
});
