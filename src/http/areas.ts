/*
 * What the four area-description endpoints (GET /v1/players, /v1/points, /v1/jobs,
 * /v1/premium) answer: every data method of the area with its parameters.
 */

export type Area = 'players' | 'points' | 'jobs' | 'premium';
export const AREAS: readonly Area[] = ['players', 'points', 'jobs', 'premium'];

interface ParameterDoc {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  type: 'string' | 'integer';
  description: string;
}

interface MethodDoc {
  method: 'GET';
  path: string;
  description: string;
  parameters: ParameterDoc[];
}

const authorization: ParameterDoc = {
  name: 'Authorization',
  in: 'header',
  required: true,
  type: 'string',
  description: 'Your API key, as `<key>` or `Bearer <key>`',
};
const guildId: ParameterDoc = {
  name: 'guildId',
  in: 'path',
  required: true,
  type: 'string',
  description: 'Identifier of the guild (Discord server)',
};
const userId: ParameterDoc = {
  name: 'userId',
  in: 'path',
  required: true,
  type: 'string',
  description: 'Identifier of the member',
};
const paging: ParameterDoc[] = [
  {
    name: 'limit',
    in: 'query',
    required: false,
    type: 'integer',
    description: 'Opt-in paging: page size, 1 to 1000; the answer then carries `next`',
  },
  {
    name: 'after',
    in: 'query',
    required: false,
    type: 'string',
    description: 'Opt-in paging: the `next` cursor of the previous page',
  },
];

export const AREA_METHODS: Record<Area, MethodDoc[]> = {
  players: [
    {
      method: 'GET',
      path: '/v1/players/:guildId',
      description:
        'Every player profile of the guild, ordered by user_id then id: {results, count, status}. 404 when the guild has no player.',
      parameters: [guildId, ...paging, authorization],
    },
    {
      method: 'GET',
      path: '/v1/players/:guildId/:userId',
      description:
        'Every profile of one member on the guild: {results, count, status}. 404 when the member has no profile.',
      parameters: [guildId, userId, authorization],
    },
  ],
  points: [
    {
      method: 'GET',
      path: '/v1/points/:guildId',
      description:
        'The points of the four houses: {gryffindor, slytherin, ravenclaw, hufflepuff, status}. 404 when the guild has no house points.',
      parameters: [guildId, authorization],
    },
  ],
  jobs: [
    {
      method: 'GET',
      path: '/v1/jobs/:guildId',
      description:
        'Every job defined on the guild, ordered by id: {results, count, status}. 404 when the guild has no job.',
      parameters: [guildId, ...paging, authorization],
    },
  ],
  premium: [
    {
      method: 'GET',
      path: '/v1/premium/:guildId',
      description:
        'Whether the guild has premium: {guildId, premium, status}. premium true with status 200 while a premium without expiry or with a future expiry exists; otherwise premium false with status 404.',
      parameters: [guildId, authorization],
    },
  ],
};

export function describeArea(area: Area) {
  return { area, methods: AREA_METHODS[area], status: 200 as const };
}
