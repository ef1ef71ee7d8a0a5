import { choice, id, instant, integer, nullable, rowId, text, withDefault } from './field.js';
import { HOUSES } from './houses.js';
import { profileListIndexes } from './profile-order.js';
import { defineRecord, type RowOf } from './record.js';

export const profile = defineRecord({
  name: 'Profile',
  table: 'profiles',
  description: 'A character profile of a member on a guild; a member may have several.',
  fields: {
    id: rowId('Number of the profile, unique within its guild', { assigned: 'numbered' }),
    user_id: id('Identifier of the member'),
    guild_id: id('Identifier of the guild'),
    name: text('Name of the character', { min: 1, max: 100, notBlank: true }),
    house: nullable(choice('House of the character, or null', HOUSES)),
    year: nullable(integer('School year, or null', { min: 1, max: 7 })),
    job_id: nullable(rowId('A job of the same guild, or null')),
    galleons: withDefault(integer('Galleons the character holds', { min: 0 }), 0),
    created_at: instant('When the profile was created (ISO 8601)', { assigned: 'now' }),
  },
  primaryKey: ['guild_id', 'id'],
  indexes: {
    // Every list order and filter of the API is one of these indexes' order: a list is a range
    // scan (profiles_guild_user_id, the order of section 2, among them).
    ...profileListIndexes(),
    // Serves the per-job head counts, and the foreign-key check when a guild's jobs are replaced.
    profiles_guild_job: ['guild_id', 'job_id'],
  },
  references: [
    {
      name: 'profiles_job_fk',
      columns: ['guild_id', 'job_id'],
      table: 'jobs',
      foreignColumns: ['guild_id', 'id'],
    },
  ],
});

export type Profile = RowOf<typeof profile>;
