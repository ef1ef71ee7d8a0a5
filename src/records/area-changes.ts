import { choice, id, integer } from './field.js';
import { defineRecord, type RowOf } from './record.js';

/**
 * How many committed changes each guild's profiles and jobs have seen, counted by the store's
 * triggers whoever writes: the live `players` and `jobs` events are sent on any change, not only
 * when the number of profiles or jobs moves (DESIGN §8).
 */
export const areaChanges = defineRecord({
  name: 'AreaChanges',
  table: 'area_changes',
  description: 'Committed changes of a guild’s profiles or jobs, counted.',
  fields: {
    guild_id: id('Identifier of the guild'),
    area: choice('The area changed', ['players', 'jobs'] as const),
    changes: integer('How many changes so far', { min: 0 }),
  },
  primaryKey: ['guild_id', 'area'],
});

export type AreaChangesRow = RowOf<typeof areaChanges>;
