import { ID_PATTERN } from '../records/field.js';
import { HOUSE_FILTERS, PROFILE_SORTS, SORT_ORDERS } from '../records/profile-order.js';
import type { Parameter } from './endpoint.js';
import { MESSAGES } from './errors.js';

/*
 * The request parameters endpoints share, each with its schema (validated and documented), its
 * description (the area descriptions and the OpenAPI document show the same text) and the 400
 * message a malformed value gets.
 */

export const MAX_PAGE_LIMIT = 1000;
/** Characters of a cursor at most (cursor.ts): the longest, a profile list's sorted by name. */
export const MAX_CURSOR_LENGTH = 1024;
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

/**
 * `after` of the profile list: a sorted list's cursor holds its sort key, up to a name of 100
 * characters JSON-escaped (~950 characters in base64), so it may be longer than other cursors.
 */
export const profileAfterParam = {
  ...afterParam,
  schema: { type: 'string', minLength: 1, maxLength: MAX_CURSOR_LENGTH },
} as const satisfies Parameter;

export const profilePagingParams = [limitParam, profileAfterParam] as const;

/**
 * A query parameter that takes one of a fixed list of words. Its schema (an enum: validated and
 * documented) and its 400 text are both made from that one list.
 */
function choiceParam<const Name extends string, const Values extends readonly string[]>(
  name: Name,
  values: Values,
  description: string,
) {
  return {
    name,
    in: 'query',
    required: false,
    schema: { type: 'string', enum: values },
    description: `${description}: one of ${values.map((value) => `\`${value}\``).join(', ')}`,
    example: values[1] ?? values[0] ?? '',
    invalid: `Invalid ${name}: must be one of ${values.join(', ')}`,
  } as const satisfies Parameter;
}

/** The list's order and filter (DESIGN §9), from records/profile-order.ts. */
export const sortParam = choiceParam(
  'sort',
  PROFILE_SORTS,
  'Sort by this field (ties by `user_id`, then `id`; a null `year` sorts below 1; `name` by code points); default `user_id`',
);
export const orderParam = choiceParam(
  'order',
  SORT_ORDERS,
  'Direction of `sort`; default `desc` for `galleons`, `asc` otherwise (`desc` is `asc` reversed, ties too)',
);
export const houseParam = choiceParam(
  'house',
  HOUSE_FILTERS,
  'Only the profiles of this house (`none`: profiles without a house)',
);

export const profileListParams = [sortParam, orderParam, houseParam] as const;
