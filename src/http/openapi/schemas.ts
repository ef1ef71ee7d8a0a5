import { type Field, ID_PATTERN } from '../../records/field.js';
import { HOUSES } from '../../records/houses.js';
import { job } from '../../records/job.js';
import { CHANGE_KINDS } from '../../records/periods.js';
import { ledgerEntry } from '../../records/points-ledger.js';
import { profile } from '../../records/profile.js';
import { PROFILE_SORTS, SORT_ORDERS } from '../../records/profile-order.js';
import type { RecordDefinition } from '../../records/record.js';
import { AREA_NAMES } from '../areas.js';

/*
 * The named JSON Schemas of the API's bodies (the OpenAPI document's `components.schemas`),
 * built from the records, so a field's type, bounds and nullability are written once.
 */

export type JsonSchema = Record<string, unknown>;

// Names only: the schemas below refer to each other (redocly lint checks every reference).
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A record field as JSON Schema. */
function fieldJsonSchema(field: Field): JsonSchema {
  const base = ((): JsonSchema => {
    switch (field.kind) {
      case 'id':
        return { type: 'string', pattern: ID_PATTERN };
      case 'rowId':
        return { type: 'integer', minimum: 1 };
      case 'text':
        return { type: 'string', minLength: field.min, maxLength: field.max };
      case 'integer':
        return { type: 'integer', minimum: field.min, maximum: field.max };
      case 'choice':
        return { type: 'string', enum: [...(field.values ?? [])] };
      case 'instant':
      case 'timestamp':
        return { type: 'string', format: 'date-time' };
      case 'json':
        return {};
    }
  })();
  const schema: JsonSchema = { description: field.description };
  for (const [keyword, value] of Object.entries(base)) {
    if (value !== undefined) schema[keyword] = value;
  }
  if (field.nullable) {
    schema.type = [base.type, 'null'];
    if (Array.isArray(base.enum)) schema.enum = [...base.enum, null];
  }
  return schema;
}

function recordSchema(record: RecordDefinition): JsonSchema {
  const names = Object.keys(record.fields);
  return {
    type: 'object',
    description: record.description,
    required: names,
    properties: Object.fromEntries(
      names.map((name) => [name, fieldJsonSchema(record.fields[name] as Field)]),
    ),
  };
}

const status = (code: number) => ({ type: 'integer', const: code });

const GUILD_ID = { type: 'string', pattern: ID_PATTERN, description: 'Identifier of the guild' };

/** A list's `results` of `item` and their `count`, as every list answers them. */
const resultsOf = (item: string) => ({
  results: { type: 'array', items: ref(item) },
  count: { type: 'integer', minimum: 0, description: 'Always equals the length of `results`' },
});

/** The `next` of a list that pages only when asked to. */
const NEXT_WHEN_PAGING = {
  type: ['string', 'null'],
  description:
    'Only when paging (`limit` or `after` given): the cursor of the next page, or null on the last',
};

function listSchema(item: string, what: string): JsonSchema {
  return {
    type: 'object',
    description: `A list of ${what}: \`results\`, their \`count\`, and \`next\` when paging`,
    required: ['results', 'count', 'status'],
    properties: {
      ...resultsOf(item),
      next: NEXT_WHEN_PAGING,
      status: status(200),
    },
  };
}

function premiumSchema(active: boolean): JsonSchema {
  return {
    type: 'object',
    description: active
      ? 'The guild has premium (no expiry, or an expiry in the future)'
      : 'The guild has no active premium (none, or expired): answered with status 404',
    required: ['guildId', 'premium', 'status'],
    properties: {
      guildId: GUILD_ID,
      premium: { type: 'boolean', const: active },
      status: status(active ? 200 : 404),
    },
  };
}

/** The error answers, one schema per status, so a client can tell them apart by type. */
const ERROR_SCHEMAS = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  429: 'TooManyRequestsError',
  500: 'InternalServerError',
} as const;

function errorVariant(code: number): JsonSchema {
  return { allOf: [ref('Error'), { type: 'object', properties: { status: status(code) } }] };
}

const parameterDoc = {
  type: 'object',
  required: ['name', 'in', 'required', 'type', 'description'],
  properties: {
    name: { type: 'string' },
    in: { type: 'string', enum: ['path', 'query', 'header'] },
    required: { type: 'boolean' },
    type: { type: 'string', enum: ['string', 'integer'] },
    description: { type: 'string' },
    enum: {
      type: 'array',
      items: { type: 'string' },
      description: 'The values the parameter takes, when it is a choice',
    },
  },
};

const periodSchema: JsonSchema = {
  type: 'object',
  description:
    "A period: its kind and its bounds, `from` included, `to` excluded (UTC); a term's are its start and end, `to` null while it is open",
  required: ['kind', 'from', 'to'],
  properties: {
    kind: { type: 'string', enum: [...CHANGE_KINDS] },
    from: { type: 'string', format: 'date-time' },
    to: { type: ['string', 'null'], format: 'date-time' },
  },
};

/**
 * A profile as the players list gives it: the record, and with `sort=change` its change in the
 * period. A schema of its own, so that generated clients get a named type for the list's items.
 */
function listedProfileSchema(): JsonSchema {
  const record = recordSchema(profile);
  return {
    ...record,
    description: `${profile.description} As a players list gives it: with \`sort=change\`, also its change.`,
    properties: {
      ...(record.properties as Record<string, JsonSchema>),
      change: {
        type: 'integer',
        description:
          "With `sort=change`: the profile's galleons change in the period (0 when none)",
      },
    },
  };
}

/** The players list: with `sort=change`, each profile carries its change and the list its period. */
function profileListSchema(): JsonSchema {
  const list = listSchema('ListedProfile', 'player profiles');
  return {
    ...list,
    properties: {
      ...(list.properties as Record<string, JsonSchema>),
      period: { ...ref('Period'), description: 'With `sort=change`: the period of the list' },
    },
  };
}

/** A ledger entry as the API gives it: the record's fields, `by`, `for` and `undone` as named there. */
function ledgerEntrySchema(): JsonSchema {
  const { fields } = ledgerEntry;
  const properties = {
    id: fieldJsonSchema(fields.id),
    at: fieldJsonSchema(fields.at),
    house: fieldJsonSchema(fields.house),
    delta: fieldJsonSchema(fields.delta),
    total: fieldJsonSchema(fields.total),
    source: fieldJsonSchema(fields.source),
    by: fieldJsonSchema(fields.by_user),
    for: fieldJsonSchema(fields.for_user),
    reason: fieldJsonSchema(fields.reason),
    undone: {
      type: 'boolean',
      description: 'Whether the award was taken back: its undo is an entry whose reason names it',
    },
  };
  return {
    type: 'object',
    description: ledgerEntry.description,
    required: Object.keys(properties),
    properties,
  };
}

export const SCHEMAS = {
  Profile: recordSchema(profile),
  Job: recordSchema(job),
  ListedProfile: listedProfileSchema(),
  ProfileList: profileListSchema(),
  Period: periodSchema,
  MemberRank: {
    type: 'object',
    description:
      "Where each profile of a member stands in a players list: its 1-based `rank` (null when the list's `house` leaves it out), the list's length `of`, and its `value` for the sort",
    required: ['guildId', 'userId', 'sort', 'order', 'results', 'status'],
    properties: {
      guildId: GUILD_ID,
      userId: { type: 'string', pattern: ID_PATTERN, description: 'Identifier of the member' },
      sort: { type: 'string', enum: [...PROFILE_SORTS, 'change'] },
      order: { type: 'string', enum: [...SORT_ORDERS] },
      period: { ...ref('Period'), description: 'With `sort=change`: the period of the list' },
      results: {
        type: 'array',
        description: 'One entry per profile of the member, by `id`',
        items: ref('RankEntry'),
      },
      status: status(200),
    },
  },
  RankEntry: {
    description: 'Where one profile of the member stands in the list',
    type: 'object',
    required: ['id', 'rank', 'of', 'value'],
    properties: {
      id: { type: 'integer', minimum: 1, description: "The profile's id" },
      rank: {
        type: ['integer', 'null'],
        minimum: 1,
        description: 'Its position in the list',
      },
      of: { type: 'integer', minimum: 0, description: "The list's length" },
      value: {
        anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }],
        description: "The profile's value for the sort (its change for `sort=change`)",
      },
    },
  },
  JobList: listSchema('Job', 'jobs'),
  HousePoints: {
    type: 'object',
    description: 'The points of the four houses of a guild',
    required: [...HOUSES, 'status'],
    properties: {
      ...Object.fromEntries(
        HOUSES.map((house) => [house, { type: 'integer', description: `Points of ${house}` }]),
      ),
      status: status(200),
    },
  },
  PointsHistory: {
    type: 'object',
    description:
      'The standings of the four houses at each step from `from` to `to`: each entry is the last recorded change at or before its instant; a house is null before the first one',
    required: ['guildId', 'step', 'from', 'to', 'points', 'status'],
    properties: {
      guildId: GUILD_ID,
      step: { type: 'string', enum: ['hour', 'day', 'week'] },
      from: { type: 'string', format: 'date-time', description: 'The first instant (UTC)' },
      to: { type: 'string', format: 'date-time', description: 'The last instant (UTC)' },
      term: { type: 'integer', minimum: 1, description: 'With `term`: the term of the series' },
      points: {
        type: 'array',
        maxItems: 1000,
        items: ref('HistoryEntry'),
      },
      status: status(200),
    },
  },
  HistoryEntry: {
    description: 'The standings of the four houses at one instant (null before the first change)',
    type: 'object',
    required: ['at', ...HOUSES],
    properties: {
      at: { type: 'string', format: 'date-time' },
      ...Object.fromEntries(
        HOUSES.map((house) => [
          house,
          { type: ['integer', 'null'], description: `Points of ${house} at that instant` },
        ]),
      ),
    },
  },
  TermPoints: {
    type: 'object',
    description: 'A number per house, each null when the guild had no points',
    required: [...HOUSES],
    properties: Object.fromEntries(HOUSES.map((house) => [house, { type: ['integer', 'null'] }])),
  },
  Term: {
    type: 'object',
    description:
      "A term of a guild's house cup: its dates, its cup (what each house gained in it), the points it ended with (or the points now) and, once ended, its winners",
    required: ['id', 'name', 'startedAt', 'endedAt', 'standings', 'totals', 'winners'],
    properties: {
      id: { type: 'integer', minimum: 1, description: 'Number of the term within its guild' },
      name: { type: 'string', minLength: 1, maxLength: 100 },
      startedAt: { type: 'string', format: 'date-time', description: 'When it started (UTC)' },
      endedAt: {
        type: ['string', 'null'],
        format: 'date-time',
        description: 'When it ended (UTC); null while it is open',
      },
      standings: {
        ...ref('TermPoints'),
        description:
          "What each house gained in the term: its points at the term's end (now, while it is open) minus its points when the term started; a house that first had points inside the term counts from them; null for a house without points at the end",
      },
      totals: {
        ...ref('TermPoints'),
        description:
          "The points at the term's end, before any reset; while it is open, the points now",
      },
      winners: {
        type: ['array', 'null'],
        items: { type: 'string', enum: [...HOUSES] },
        description:
          "Once the term has ended, every house with the highest gain, in the houses' order; none when no house had points; null while the term is open",
      },
    },
  },
  TermList: {
    type: 'object',
    description: "A guild's terms, newest first: `results`, their `count`, and `next` when paging",
    required: ['guildId', 'results', 'count', 'status'],
    properties: {
      guildId: GUILD_ID,
      ...resultsOf('Term'),
      next: NEXT_WHEN_PAGING,
      status: status(200),
    },
  },
  LedgerEntry: ledgerEntrySchema(),
  LedgerPage: {
    type: 'object',
    description:
      "A page of a guild's ledger, newest first: `results`, their `count`, and `next`, the cursor of the next page",
    required: ['guildId', 'results', 'count', 'next', 'status'],
    properties: {
      guildId: GUILD_ID,
      ...resultsOf('LedgerEntry'),
      next: {
        type: ['string', 'null'],
        description: 'The `after` of the next page, or null on the last',
      },
      status: status(200),
    },
  },
  Premium: {
    description: 'Whether a guild has premium: the 200 and the 404 answer of the premium endpoint',
    oneOf: [ref('PremiumActive'), ref('PremiumInactive')],
  },
  PremiumActive: premiumSchema(true),
  PremiumInactive: premiumSchema(false),
  AreaDescription: {
    type: 'object',
    description: 'Every data method of an area, with its parameters',
    required: ['area', 'methods', 'status'],
    properties: {
      area: { type: 'string', enum: AREA_NAMES },
      methods: { type: 'array', items: ref('AreaMethod') },
      status: status(200),
    },
  },
  AreaMethod: {
    type: 'object',
    description: 'One data method of an area',
    required: ['method', 'path', 'description', 'parameters'],
    properties: {
      method: { type: 'string', enum: ['GET'] },
      path: { type: 'string' },
      description: { type: 'string' },
      parameters: { type: 'array', items: ref('MethodParameter') },
    },
  },
  MethodParameter: { ...parameterDoc, description: 'A parameter of a data method' },
  Error: {
    type: 'object',
    description: 'An error: `error` says what went wrong, `status` equals the HTTP status code',
    required: ['error', 'status'],
    properties: { error: { type: 'string' }, status: { type: 'integer' } },
  },
  ...(Object.fromEntries(
    Object.entries(ERROR_SCHEMAS).map(([code, name]) => [name, errorVariant(Number(code))]),
  ) as Record<(typeof ERROR_SCHEMAS)[keyof typeof ERROR_SCHEMAS], JsonSchema>),
} satisfies Record<string, JsonSchema>;

export type SchemaName = keyof typeof SCHEMAS;

export { ref as schemaRef };
