import { ID_PATTERN } from '../records/field.js';
import type { Parameter } from './endpoint.js';
import { MESSAGES } from './errors.js';

/*
 * The request parameters endpoints share, each with its schema (validated and documented), its
 * description (the area descriptions and the OpenAPI document show the same text) and the 400
 * message a malformed value gets.
 */

export const MAX_PAGE_LIMIT = 1000;
/** Page size when a client sends `after` without `limit`. */
export const DEFAULT_PAGE_LIMIT = 100;

export const guildIdParam = {
  name: 'guildId',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: ID_PATTERN },
  description: 'Identifier of the guild (Discord server)',
  example: '1133557799224466880',
  invalid: MESSAGES.invalidGuildId,
} as const satisfies Parameter;

export const userIdParam = {
  name: 'userId',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: ID_PATTERN },
  description: 'Identifier of the member',
  example: '200000000000000001',
  invalid: MESSAGES.invalidUserId,
} as const satisfies Parameter;

export const limitParam = {
  name: 'limit',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT },
  description: `Opt-in paging: page size, 1 to ${MAX_PAGE_LIMIT}; the answer then carries \`next\``,
  example: 10,
  invalid: MESSAGES.invalidLimit,
} as const satisfies Parameter;

export const afterParam = {
  name: 'after',
  in: 'query',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 200 },
  description: 'Opt-in paging: the `next` cursor of the previous page',
  example: 'WyJwIiwiMjAwMDAwMDAwMDAwMDAwMDA4Iiw4XQ',
  invalid: MESSAGES.invalidAfter,
} as const satisfies Parameter;

export const pagingParams = [limitParam, afterParam] as const;
