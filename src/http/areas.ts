/** The four areas of the API (the spec's part 1), each a tag of the OpenAPI document. */
export const AREAS = {
  players: { description: 'Character profiles of the members of a guild' },
  points: { description: 'House points of a guild' },
  jobs: { description: 'Jobs a guild defines' },
  premium: { description: 'Premium status of a guild' },
} as const;

export type Area = keyof typeof AREAS;

/** In the spec's order. */
export const AREA_NAMES = Object.keys(AREAS) as Area[];
