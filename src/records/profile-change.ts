import { choice, id, integer, nullable, rowId, timestamp } from './field.js';
import { HOUSES } from './houses.js';
import { CHANGE_KINDS } from './periods.js';
import { defineRecord, type RowOf } from './record.js';

/*
 * Each profile's galleons change per period (records/periods.ts), written by the store's
 * triggers on every write of `profiles`, whoever writes (src/store/*\/triggers.ts): an
 * UPDATE that moves a profile's galleons adds the difference to the rows of the periods that
 * contain the write's time. Only non-zero changes are kept (a row whose change returns to 0 is
 * deleted), so a profile without a row in a period changed by 0 there. The profile's user_id and
 * house are kept in its rows, and follow the profile when they change, so a period's list and
 * its counts are ranges of this table's own indexes (docs/decisions.md, "Periods and ranks").
 */
export const profileChange = defineRecord({
  name: 'ProfileChange',
  table: 'profile_changes',
  description: 'The galleons change of a profile in one week, month or term.',
  fields: {
    guild_id: id('Identifier of the guild'),
    profile_id: rowId('Number of the profile within its guild'),
    user_id: id('Identifier of the member, as the profile has it'),
    kind: choice('The kind of period', CHANGE_KINDS),
    start: timestamp('When the period starts (UTC, milliseconds)'),
    house: nullable(choice('House of the profile, as the profile has it', HOUSES)),
    change: integer('Galleons gained (or lost, below 0) in the period; never 0'),
  },
  primaryKey: ['guild_id', 'profile_id', 'kind', 'start'],
  indexes: {
    // A period's list by change, and the counts a rank is made of, each a range of one of these;
    // the ties (user_id, profile_id) end every index, as in the profiles' list indexes. The house
    // ends them too, so that a house's list or count reads the period's range of the same index
    // and skips the other houses' entries in it: an index per house filter cost every write that
    // moves galleons two more index entries (docs/decisions.md, "Periods and ranks").
    profile_changes_list: ['guild_id', 'kind', 'start', 'change', 'user_id', 'profile_id', 'house'],
    // The rows of a period by member: what the profiles without a row (change 0) are counted by.
    profile_changes_members: ['guild_id', 'kind', 'start', 'user_id', 'profile_id', 'house'],
  },
});

export type ProfileChangeRow = RowOf<typeof profileChange>;
