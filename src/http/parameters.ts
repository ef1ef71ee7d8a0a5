import { CHART_BOUNDS, CHART_DEFAULTS } from '../answers/chart.js';
import { MESSAGES } from '../answers/errors.js';
import { STEPS } from '../answers/history-series.js';
import { type IntegerBounds, invalidIntegerText } from '../answers/integer-text.js';
import { LIST_SORTS, REQUEST_PERIODS } from '../answers/player-views.js';
import { ID_PATTERN } from '../records/field.js';
import { HOUSES } from '../records/houses.js';
import { BY_MAX, LEDGER_SOURCES } from '../records/points-ledger.js';
import { HOUSE_FILTERS, PROFILE_SORTS, SORT_ORDERS } from '../records/profile-order.js';
import type { Parameter } from './endpoint.js';

/*
 * The request parameters endpoints share, each with its schema (validated and documented), its
 * description (the area descriptions and the OpenAPI document show the same text) and the 400
 * message a malformed value gets.
 */

const MAX_PAGE_LIMIT = 1000;
/** Characters of a cursor at most (cursor.ts): the longest, a profile list's sorted by name. */
export const MAX_CURSOR_LENGTH = 1024;
/** Page size when a client sends `after` without `limit`, and of the ledger without `limit`. */
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

const limitParam = {
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

/**
 * Opt-in paging of a list, its `after` example (`cursor`) one of that list's own cursors: the
 * documentation's "Try it out" sends it with the other examples, and another list's cursor is a
 * 400.
 */
export const pagingParams = (cursor: string) =>
  [limitParam, { ...afterParam, example: cursor }] as const;

/** The paging of a list too long to answer whole (the ledger): always a page. */
export const alwaysPagedParams = (cursor: string) =>
  [
    {
      ...limitParam,
      description: `Page size, 1 to ${MAX_PAGE_LIMIT}; ${DEFAULT_PAGE_LIMIT} when absent. The answer always carries \`next\``,
    },
    { ...afterParam, example: cursor, description: 'The `next` cursor of the previous page' },
  ] as const;

/**
 * `after` of the profile list: a sorted list's cursor holds its sort key, up to a name of 100
 * characters JSON-escaped (~950 characters in base64), so it may be longer than other cursors.
 */
const profileAfterParam = {
  ...afterParam,
  schema: { type: 'string', minLength: 1, maxLength: MAX_CURSOR_LENGTH },
} as const satisfies Parameter;

/** The profile list's paging, `cursor` a cursor of the view its other parameters' examples name. */
export const profilePagingParams = (cursor: string) =>
  [limitParam, { ...profileAfterParam, example: cursor }] as const;

/** A parameter "Try it out" leaves empty, as its example would not go with the others'. */
const withoutExample = <P extends Parameter>({ example: _, ...parameter }: P) => parameter;

/**
 * A query parameter that takes one of a fixed list of words. Its schema (an enum: validated and
 * documented) and its 400 text are both made from that one list.
 */
function choiceParam<const Name extends string, const Values extends readonly string[]>(
  name: Name,
  values: Values,
  description: string,
  invalid = `Invalid ${name}: must be one of ${values.join(', ')}`,
) {
  return {
    name,
    in: 'query',
    required: false,
    schema: { type: 'string', enum: values },
    description: `${description}: one of ${values.map((value) => `\`${value}\``).join(', ')}`,
    example: values[1] ?? values[0] ?? '',
    invalid,
  } as const satisfies Parameter;
}

/**
 * The list's order and filter (docs/http-api.md, "Lists: paging, sorting and filtering"), from
 * records/profile-order.ts.
 */
const sortParam = choiceParam(
  'sort',
  LIST_SORTS,
  'Sort by this field (ties by `user_id`, then `id`; a null `year` sorts below 1; `name` by code points), or by `change`, the galleons change in `period`; default `user_id` (`change` when a `period` is given)',
  // The text lists the sorts that stand alone, as it did before `change`: that one needs a
  // period, and has its own 400 (answers/player-views.ts).
  `Invalid sort: must be one of ${PROFILE_SORTS.join(', ')}`,
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

/**
 * A member's rank takes the list's parameters (answers/player-views.ts), with `galleons`
 * as the default sort: "where do I stand" is asked of the leaderboard.
 */
export const rankSortParam = {
  ...sortParam,
  description:
    'The list to rank in: sorted by this field as GET /v1/players/:guildId sorts it, or by `change`, the galleons change in `period`; default `galleons` (`change` when a `period` is given)',
  example: 'galleons',
} as const satisfies Parameter;

/** The period of a list by change (no example: the examples' list is by galleons). */
const periodParam = withoutExample(
  choiceParam(
    'period',
    REQUEST_PERIODS,
    "With `sort=change`: the period whose galleons change orders the list, the UTC week from Monday 00:00, the UTC calendar month, or the guild's term containing `at` (without `at`, the open term; a 404 when there is none)",
  ),
);

const atParam = {
  name: 'at',
  in: 'query',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 64 },
  description:
    'With `period`: an instant (ISO 8601) in the period to read, such as `2026-11-02T00:00:00Z`; default now. A past period is kept for `HISTORY_DAYS` days',
  invalid: MESSAGES.invalidAt,
} as const satisfies Parameter;

export const periodParams = [periodParam, atParam] as const;

/**
 * The history's step; its 400 text is the one docs/http-api.md ("The house cup over time") states.
 */
export const stepParam = choiceParam(
  'step',
  STEPS,
  'Time between two entries of the series; default `day`',
);

function instantParam<const Name extends 'from' | 'to'>(
  name: Name,
  description: string,
  invalid: string,
) {
  return {
    name,
    in: 'query',
    required: false,
    schema: { type: 'string', minLength: 1, maxLength: 64 },
    description,
    example: name === 'from' ? '2026-10-01T00:00:00Z' : '2026-11-01T00:00:00Z',
    invalid,
  } as const satisfies Parameter;
}

export const fromParam = instantParam(
  'from',
  'Start of the series (ISO 8601), moved down to the start of its step in UTC; default `to` minus 48 hours (`hour`), 30 days (`day`) or 26 weeks (`week`)',
  MESSAGES.invalidFrom,
);
export const toParam = instantParam(
  'to',
  'End of the series (ISO 8601); default the next whole second after the request, so that the last entry is what GET /v1/points/:guildId answers then. The last entry is at `to` itself',
  MESSAGES.invalidTo,
);

/** A numeric parameter: its schema and its 400 text, from its bounds. */
function boundedInteger<const Name extends string>(
  name: Name,
  { minimum, maximum }: IntegerBounds,
  description: string,
  example: number,
) {
  return {
    name,
    in: 'query',
    required: false,
    schema: { type: 'integer', minimum, maximum },
    description,
    example,
    invalid: invalidIntegerText(name, { minimum, maximum }),
  } as const satisfies Parameter;
}

/**
 * The picture's size and span (docs/http-api.md, "The chart"), within the bounds the chart answer
 * keeps.
 */
export const chartParams = [
  boundedInteger(
    'width',
    CHART_BOUNDS.width,
    `Width of the picture in pixels; default ${CHART_DEFAULTS.width}`,
    CHART_DEFAULTS.width,
  ),
  boundedInteger(
    'height',
    CHART_BOUNDS.height,
    `Height of the picture in pixels; default ${CHART_DEFAULTS.height}`,
    CHART_DEFAULTS.height,
  ),
  boundedInteger(
    'days',
    CHART_BOUNDS.days,
    `Days of history the lines show; default ${CHART_DEFAULTS.days}`,
    CHART_DEFAULTS.days,
  ),
] as const;

/** `history?term=`: a term's id, in place of `from` and `to`. */
/** No example: the examples' series is the one `from` and `to` give. */
export const termParam = withoutExample(
  boundedInteger(
    'term',
    { minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    "A term's id (GET /v1/points/:guildId/terms): the series from the term's start to its end, or to now while it is open; not with `from` or `to`",
    1,
  ),
);

/*
 * The ledger's filters (docs/awards.md): each entry kept only when it matches every one given.
 */

// The examples, sent together, name entries of the demo guild, whose ledger is the game's alone:
// no award's giver or member to name.
export const ledgerParams = [
  choiceParam('house', HOUSES, 'Only the entries of this house'),
  { ...choiceParam('source', LEDGER_SOURCES, 'Only the entries of this source'), example: 'game' },
  {
    name: 'by',
    in: 'query',
    required: false,
    schema: { type: 'string', minLength: 1, maxLength: BY_MAX },
    description:
      'Only the changes made by this member (their id, such as `300000000000000001`) or, from the command line, under this label',
    invalid: `Invalid by: must be 1 to ${BY_MAX} characters`,
  },
  {
    name: 'for',
    in: 'query',
    required: false,
    schema: { type: 'string', pattern: ID_PATTERN },
    description:
      'Only the awards (and their undos) for this member: their id, such as `200000000000000001`',
    invalid: 'Invalid for: must be a user id',
  },
  instantParam(
    'from',
    'Only the entries at or after this instant (ISO 8601; UTC when it names no zone)',
    MESSAGES.invalidFrom,
  ),
  instantParam(
    'to',
    'Only the entries before this instant (ISO 8601; UTC when it names no zone)',
    MESSAGES.invalidTo,
  ),
] as const satisfies readonly Parameter[];
