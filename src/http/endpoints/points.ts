import { chartAnswer } from '../../answers/chart.js';
import { MESSAGES } from '../../answers/errors.js';
import { ledgerAnswer } from '../../answers/ledger.js';
import { pointsAnswer } from '../../answers/points.js';
import { pointsHistoryAnswer } from '../../answers/points-history.js';
import { termsAnswer } from '../../answers/terms.js';
import {
  decodeLedgerCursor,
  decodeTermCursor,
  encodeLedgerCursor,
  encodeTermCursor,
} from '../cursor.js';
import { defineEndpoint } from '../endpoint.js';
import { pageKey, pageRequest } from '../paging.js';
import {
  alwaysPagedParams,
  chartParams,
  DEFAULT_PAGE_LIMIT,
  fromParam,
  guildIdParam,
  ledgerParams,
  pagingParams,
  stepParam,
  termParam,
  toParam,
} from '../parameters.js';
import { serveCached, withinRenderBudget } from '../serve-cached.js';
import { DEMO_GUILD, DEMO_NO_DATA_GUILD } from './demo-ids.js';

export const getPoints = defineEndpoint({
  area: 'points',
  path: '/v1/points/:guildId',
  operationId: 'getPoints',
  summary: 'Get the house points of a guild',
  description:
    'The points of the four houses: {gryffindor, slytherin, ravenclaw, hufflepuff, status}. 404 when the guild has no house points.',
  params: [guildIdParam],
  query: [],
  guildScoped: true,
  ok: {
    description: 'The points of the four houses',
    schema: 'HousePoints',
    example: {
      url: `/v1/points/${DEMO_GUILD}`,
      body: { gryffindor: 1240, slytherin: 1185, ravenclaw: 960, hufflepuff: 1012, status: 200 },
    },
  },
  notFound: {
    description: 'The guild has no house points',
    schema: 'NotFoundError',
    // The spec's wire text ends in "serve": clients match on it.
    example: {
      url: `/v1/points/${DEMO_NO_DATA_GUILD}`,
      body: { error: MESSAGES.noPoints, status: 404 },
    },
  },
  handle(deps, { params }, request, reply) {
    const { cacheKey, build } = pointsAnswer(deps.read, params.guildId);
    serveCached(deps, request, reply, params.guildId, cacheKey, build);
  },
});

const demoEntry = (at: string, [gryffindor, slytherin, ravenclaw, hufflepuff]: number[]) => ({
  at,
  gryffindor: gryffindor ?? null,
  slytherin: slytherin ?? null,
  ravenclaw: ravenclaw ?? null,
  hufflepuff: hufflepuff ?? null,
});

export const getPointsHistory = defineEndpoint({
  area: 'points',
  path: '/v1/points/:guildId/history',
  operationId: 'getPointsHistory',
  summary: 'Get how the house points of a guild moved',
  description:
    "The standings at each step between from and to, then at to: {guildId, step, from, to, points: [{at, gryffindor, slytherin, ravenclaw, hufflepuff}], status}. 404 when the guild has neither points nor history. With `term`: from the term's start to its end (or now), the envelope naming the `term`, the points as they stood; an ended term's last entry is the points it ended with (its totals), before any reset; 404 when the guild has no such term.",
  params: [guildIdParam],
  query: [stepParam, fromParam, toParam, termParam],
  guildScoped: true,
  refusals: [MESSAGES.termWithRange, MESSAGES.tooManyEntries],
  ok: {
    description: 'The series, at most 1,000 entries',
    schema: 'PointsHistory',
    example: {
      url: `/v1/points/${DEMO_GUILD}/history?step=week&from=2026-09-28T00:00:00Z&to=2026-11-02T00:00:00Z`,
      body: {
        guildId: DEMO_GUILD,
        step: 'week',
        from: '2026-09-28T00:00:00.000Z',
        to: '2026-11-02T00:00:00.000Z',
        points: [
          demoEntry('2026-09-28T00:00:00.000Z', [880, 910, 700, 760]),
          demoEntry('2026-10-05T00:00:00.000Z', [955, 990, 745, 800]),
          demoEntry('2026-10-12T00:00:00.000Z', [1010, 1040, 790, 850]),
          demoEntry('2026-10-19T00:00:00.000Z', [1080, 1095, 850, 905]),
          demoEntry('2026-10-26T00:00:00.000Z', [1165, 1130, 905, 960]),
          demoEntry('2026-11-02T00:00:00.000Z', [1240, 1185, 960, 1012]),
        ],
        status: 200,
      },
    },
  },
  notFound: {
    description: 'The guild has neither house points nor history',
    schema: 'NotFoundError',
    example: {
      url: `/v1/points/${DEMO_NO_DATA_GUILD}/history`,
      body: { error: MESSAGES.noPoints, status: 404 },
    },
  },
  handle(deps, { params, query }, request, reply) {
    const { cacheKey, build } = pointsHistoryAnswer(deps.read, params.guildId, query);
    serveCached(deps, request, reply, params.guildId, cacheKey, build);
  },
});

export const listTerms = defineEndpoint({
  area: 'points',
  path: '/v1/points/:guildId/terms',
  operationId: 'listTerms',
  summary: 'List the terms of a guild: the hall of cups',
  description:
    "The guild's terms, newest first: {guildId, results: [{id, name, startedAt, endedAt, standings, totals, winners}], count, status}. A term's cup is what the houses gained in it: standings are each house's points at the term's end (now, while it is open) minus its points when the term started (a house that first had points inside the term counts from them); totals the points at the end, before any reset (the open term's: the points now). winners, once the term has ended: every house with the highest gain, in the houses' order, none when no house had points; null while the term is open (endedAt null), whose leaders are not winners yet. A guild without terms: 200 with no results.",
  params: [guildIdParam],
  query: pagingParams(encodeTermCursor({ id: 2 })),
  guildScoped: true,
  ok: {
    description: 'The terms, newest first',
    schema: 'TermList',
    example: {
      url: `/v1/points/${DEMO_GUILD}/terms`,
      body: {
        guildId: DEMO_GUILD,
        results: [
          {
            id: 2,
            name: 'Autumn 2026',
            startedAt: '2026-09-27T20:00:00.000Z',
            endedAt: null,
            standings: { gryffindor: 360, slytherin: 275, ravenclaw: 260, hufflepuff: 252 },
            totals: { gryffindor: 1240, slytherin: 1185, ravenclaw: 960, hufflepuff: 1012 },
            winners: null,
          },
          {
            id: 1,
            name: 'Summer 2026',
            startedAt: '2026-06-01T00:00:00.000Z',
            endedAt: '2026-09-27T20:00:00.000Z',
            standings: { gryffindor: 880, slytherin: 910, ravenclaw: 700, hufflepuff: 760 },
            totals: { gryffindor: 880, slytherin: 910, ravenclaw: 700, hufflepuff: 760 },
            winners: ['slytherin'],
          },
        ],
        count: 2,
        status: 200,
      },
    },
  },
  handle(deps, { params, query }, request, reply) {
    const page = pageRequest(query, decodeTermCursor);
    const { cacheKey, build } = termsAnswer(
      deps.read,
      params.guildId,
      page,
      pageKey(query),
      encodeTermCursor,
    );
    serveCached(deps, request, reply, params.guildId, cacheKey, build);
  },
});

export const getPointsChart = defineEndpoint({
  area: 'points',
  path: '/v1/points/:guildId/chart.png',
  operationId: 'getPointsChart',
  summary: 'Get a picture of the house cup of a guild',
  description:
    "A PNG of the guild's house cup: the houses' points as bars with their rank, and each house's line over the last `days` days. 404 (JSON) when the guild has no house points.",
  params: [guildIdParam],
  query: chartParams,
  guildScoped: true,
  ok: {
    description: 'The picture (image/png)',
    mediaType: 'image/png',
    example: { url: `/v1/points/${DEMO_GUILD}/chart.png?width=400&height=200` },
  },
  notFound: {
    description: 'The guild has no house points',
    schema: 'NotFoundError',
    example: {
      url: `/v1/points/${DEMO_NO_DATA_GUILD}/chart.png`,
      body: { error: MESSAGES.noPoints, status: 404 },
    },
  },
  handle(deps, { params, query }, request, reply) {
    const { cacheKey, build } = chartAnswer(deps.read, deps.renders.slots, params.guildId, query);
    // A chart the cache holds costs nothing; one to render counts against the key's budget
    // (every /v1 request has its key by now: authentication runs first).
    const { apiKey } = request;
    const admit = apiKey ? withinRenderBudget(deps.renders.budget, { key: apiKey.id }) : undefined;
    serveCached(deps, request, reply, params.guildId, cacheKey, build, admit);
  },
});

/** An entry of the demo's ledger: a change of its history's last, the game's. */
const ledgerDemoEntry = (id: number, house: string, delta: number, total: number) => ({
  id,
  at: '2026-10-31T22:10:00.000Z',
  house,
  delta,
  total,
  source: 'game',
  by: null,
  for: null,
  reason: null,
  undone: false,
});

export const getPointsLog = defineEndpoint({
  area: 'points',
  path: '/v1/points/:guildId/log',
  operationId: 'getPointsLog',
  summary: 'Get the ledger of a guild: every change of its house points, who made it and why',
  description: `Every change of a house's points is one entry, newest first: {guildId, results: [{id, at, house, delta, total, source, by, for, reason, undone}], count, next, status}. delta is the points added (below 0: taken away), total the house's points after it; source says what made it: award or undo (given in Discord or from the command line, with who gave it and why, and the member it was for), game (written by another program, the game itself), import, or term-reset (a term ended with its points reset). An award taken back is undone, and its undo's reason names it. Always paged: ${DEFAULT_PAGE_LIMIT} entries unless \`limit\` says otherwise, then \`after\` the \`next\` of the page before; the filters keep the entries that match every one given. A guild without entries: 200 with no results.`,
  params: [guildIdParam],
  query: [...alwaysPagedParams(encodeLedgerCursor({ id: 32 })), ...ledgerParams],
  guildScoped: true,
  refusals: [MESSAGES.fromOutsideYears, MESSAGES.toOutsideYears, MESSAGES.fromAfterTo],
  ok: {
    description: 'A page of the entries, newest first',
    schema: 'LedgerPage',
    example: {
      url: `/v1/points/${DEMO_GUILD}/log?limit=3`,
      body: {
        guildId: DEMO_GUILD,
        results: [
          ledgerDemoEntry(31, 'hufflepuff', 52, 1012),
          ledgerDemoEntry(30, 'ravenclaw', 55, 960),
          ledgerDemoEntry(29, 'slytherin', 55, 1185),
        ],
        count: 3,
        next: encodeLedgerCursor({ id: 29 }),
        status: 200,
      },
    },
  },
  handle(deps, { params, query }, request, reply) {
    const { limit, after, ...filter } = query;
    const page = pageRequest({ limit, after }, decodeLedgerCursor) ?? { limit: DEFAULT_PAGE_LIMIT };
    const { cacheKey, build } = ledgerAnswer(
      deps.read,
      params.guildId,
      page,
      filter,
      encodeLedgerCursor,
    );
    serveCached(deps, request, reply, params.guildId, cacheKey, build);
  },
});
