import { HOUSES } from '../records/houses.js';
import { MESSAGES } from './errors.js';
import {
  jobsExample,
  memberProfilesExample,
  pointsExample,
  premiumActiveExample,
  premiumExpiredExample,
} from './examples.js';
import { ID_PATTERN, MAX_PAGE_LIMIT } from './ids.js';

/*
 * JSON Schemas of every request parameter and response body. Fastify validates requests and
 * compiles fast serializers from them, and they are the single description of the wire format.
 */

export const guildIdParam = {
  type: 'string',
  pattern: ID_PATTERN,
  description: 'Identifier of the guild (Discord server): 1–64 characters of A–Z a–z 0–9 _ -',
  examples: ['1133557799224466880'],
} as const;

export const userIdParam = {
  type: 'string',
  pattern: ID_PATTERN,
  description: 'Identifier of the member: 1–64 characters of A–Z a–z 0–9 _ -',
  examples: ['200000000000000001'],
} as const;

export const pagingQuery = {
  type: 'object',
  properties: {
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
      description: `Opt-in paging: at most this many results (1–${MAX_PAGE_LIMIT}); the body then carries \`next\``,
    },
    after: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'Opt-in paging: the `next` cursor of the previous page',
    },
  },
} as const;

export const errorSchema = {
  type: 'object',
  description: 'An error: `error` says what went wrong, `status` equals the HTTP status code',
  required: ['error', 'status'],
  properties: {
    error: { type: 'string' },
    status: { type: 'integer' },
  },
} as const;

export const profileSchema = {
  type: 'object',
  required: [
    'id',
    'user_id',
    'guild_id',
    'name',
    'house',
    'year',
    'job_id',
    'galleons',
    'created_at',
  ],
  properties: {
    id: { type: 'integer' },
    user_id: { type: 'string' },
    guild_id: { type: 'string' },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    house: { type: ['string', 'null'], enum: [...HOUSES, null] },
    year: { type: ['integer', 'null'], minimum: 1, maximum: 7 },
    job_id: { type: ['integer', 'null'] },
    galleons: { type: 'integer', minimum: 0 },
    created_at: { type: 'string', format: 'date-time' },
  },
  examples: [memberProfilesExample.results[0]],
} as const;

export const jobSchema = {
  type: 'object',
  required: ['id', 'guild_id', 'name', 'description', 'salary'],
  properties: {
    id: { type: 'integer' },
    guild_id: { type: 'string' },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    description: { type: 'string' },
    salary: { type: 'integer', minimum: 0 },
  },
  examples: [jobsExample.results[0]],
} as const;

function listSchema(item: object, example: object) {
  return {
    type: 'object',
    required: ['results', 'count', 'status'],
    properties: {
      results: { type: 'array', items: item },
      count: { type: 'integer', description: 'Always equals the length of `results`' },
      next: {
        type: ['string', 'null'],
        description:
          'Only when paging (`limit` or `after` given): cursor of the next page, or null',
      },
      status: { type: 'integer', enum: [200] },
    },
    examples: [example],
  } as const;
}

export const profileListSchema = listSchema(profileSchema, memberProfilesExample);
export const jobListSchema = listSchema(jobSchema, jobsExample);

export const pointsSchema = {
  type: 'object',
  required: [...HOUSES, 'status'],
  properties: {
    gryffindor: { type: 'integer' },
    slytherin: { type: 'integer' },
    ravenclaw: { type: 'integer' },
    hufflepuff: { type: 'integer' },
    status: { type: 'integer', enum: [200] },
  },
  examples: [pointsExample],
} as const;

export const premiumSchema = {
  type: 'object',
  required: ['guildId', 'premium', 'status'],
  properties: {
    guildId: { type: 'string' },
    premium: { type: 'boolean' },
    status: { type: 'integer', enum: [200, 404] },
  },
  examples: [premiumActiveExample, premiumExpiredExample],
} as const;

export const areaSchema = {
  type: 'object',
  required: ['area', 'methods', 'status'],
  properties: {
    area: { type: 'string' },
    methods: {
      type: 'array',
      items: {
        type: 'object',
        required: ['method', 'path', 'description', 'parameters'],
        properties: {
          method: { type: 'string' },
          path: { type: 'string' },
          description: { type: 'string' },
          parameters: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'in', 'required', 'type', 'description'],
              properties: {
                name: { type: 'string' },
                in: { type: 'string', enum: ['path', 'query', 'header'] },
                required: { type: 'boolean' },
                type: { type: 'string' },
                description: { type: 'string' },
              },
            },
          },
        },
      },
    },
    status: { type: 'integer', enum: [200] },
  },
} as const;

/** errorSchema with a description and example bodies, for the OpenAPI document. */
function errorResponse(status: number, description: string, messages: string[]) {
  return {
    ...errorSchema,
    description,
    examples: messages.map((error) => ({ error, status })),
  };
}

/** The error answers every data endpoint can give besides its own 404. */
export const commonErrors = {
  400: errorResponse(400, 'A malformed guild id, user id, `limit` or `after`', [
    MESSAGES.invalidGuildId,
    MESSAGES.invalidLimit,
  ]),
  401: errorResponse(401, 'No API key, or one that is unknown or revoked', [
    MESSAGES.missingKey,
    MESSAGES.invalidKey,
  ]),
  403: errorResponse(403, 'The API key is limited to other guilds', [MESSAGES.forbiddenGuild]),
  429: errorResponse(429, 'Too many requests for this key: retry after `Retry-After` seconds', [
    MESSAGES.tooManyRequests,
  ]),
  500: errorResponse(500, 'An unexpected failure; nothing about it is disclosed', [
    MESSAGES.internal,
  ]),
} as const;
