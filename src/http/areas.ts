/** The four areas of the API (docs/http-api.md), each a tag of the OpenAPI document. */
export const AREAS = {
  players: { description: 'Character profiles of the members of a guild' },
  points: { description: 'House points of a guild' },
  jobs: { description: 'Jobs a guild defines' },
  premium: { description: 'Premium status of a guild' },
} as const;

export type Area = keyof typeof AREAS;

/** In the spec's order. */
export const AREA_NAMES = Object.keys(AREAS) as Area[];

/**
 * The event stream (GET /v1/events/:guildId) carries all four areas and belongs to none of the
 * spec's: every area's description lists it, and the OpenAPI document tags it `events`.
 */
export const EVERY_AREA = 'events';

/** Where an endpoint is listed: its area, or EVERY_AREA. */
export type Placement = Area | typeof EVERY_AREA;

export const EVENTS_TAG = {
  name: EVERY_AREA,
  description:
    'Live updates: the points, premium, players and jobs of a guild as a server-sent event stream',
} as const;
