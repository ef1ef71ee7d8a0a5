import { choice, id, integer, nullable } from './field.js';
import { housePoints } from './house-points.js';
import { job } from './job.js';
import { pointsHistory } from './points-history.js';
import { premium } from './premium.js';
import { profile } from './profile.js';
import { profileChange } from './profile-change.js';
import { publishedGuild } from './published-guild.js';
import { defineRecord, type RecordDefinition, type RowOf } from './record.js';
import { term } from './terms.js';

/*
 * The one record of what changed (docs/architecture.md, "What changed: one record"): for each guild
 * and area, the database-wide number of the last committed change of that area. Whoever writes (an
 * import, `copy`, the game's own SQL, the CLI), the store's triggers write it in the transaction
 * that changed the data, and only when a row really changed: a write that leaves every row as it
 * was records nothing. Everything that follows changes reads it: the answer caches' generations,
 * the live events, the public pages' streams, PostgreSQL's notifications, and whatever reads "the
 * changes past a cursor" (ChangeFeed).
 */

/** The areas a change is recorded in, one per table of guild data. */
export const CHANGE_AREAS = [
  'players',
  'jobs',
  'points',
  'premium',
  'history',
  'publication',
  'terms',
  // Awards given (not undone, not the game's changes): written by the award itself
  // (src/store/awards.ts), not by a table's triggers, so a stream and a webhook tell of each.
  'awards',
] as const;
export type ChangeArea = (typeof CHANGE_AREAS)[number];

export const guildChanges = defineRecord({
  name: 'GuildChanges',
  table: 'guild_changes',
  description: 'The number of the last committed change of each guild’s areas.',
  fields: {
    guild_id: id('Identifier of the guild'),
    area: choice('The area changed', CHANGE_AREAS),
    seq: integer('The database-wide number of the change; later changes have larger ones', {
      min: 1,
    }),
    roster: nullable(
      integer(
        'A number that changes whenever which rows the area holds changes (a row added, removed, or moved to another guild or house), where the area keeps one; null while not known. A list’s length holds while it stands',
        { min: 1 },
      ),
    ),
  },
  primaryKey: ['guild_id', 'area'],
  indexes: { guild_changes_seq: ['seq'] },
});
export type GuildChangesRow = RowOf<typeof guildChanges>;

/**
 * Which table's rows make up which area: the store's change triggers are built from this list
 * (src/store/*\/triggers.ts), so a table of guild data missing here records no change; a
 * test holds every record with a guild_id to it.
 */
export const CHANGE_SOURCES: readonly {
  record: RecordDefinition;
  area: ChangeArea;
  /**
   * The migration that made the table, when it came after guild_changes: its guilds were not
   * numbered when guild_changes was first filled (existingChanges), having no rows then.
   */
  since?: string;
  /**
   * Whether only writes made to the table directly record a change, not those another table's
   * triggers make (where the database can tell them apart: PostgreSQL), which come with a
   * change of that table recorded already.
   */
  onlyDirect?: boolean;
  /**
   * Where the table's rows make the area's roster, the columns besides guild_id that move a row
   * from one list to another: a row inserted or deleted, or one whose guild or such a column
   * changed, gives its guild's `roster` a new number. A member's rank keeps a list's length
   * while it stands (src/store/period-players.ts): the game's writes to the galleons leave it,
   * and an `INSERT OR REPLACE`, which deletes the row it replaces without a trigger on SQLite,
   * is still an insert.
   */
  roster?: readonly string[];
}[] = [
  { record: profile, area: 'players', roster: ['house'] },
  // A period's change is the players' area: an import or copy may write it alone.
  { record: profileChange, area: 'players', since: 'profile_changes', onlyDirect: true },
  { record: job, area: 'jobs' },
  { record: housePoints, area: 'points' },
  { record: premium, area: 'premium' },
  { record: pointsHistory, area: 'history' },
  { record: publishedGuild, area: 'publication' },
  { record: term, area: 'terms', since: 'terms' },
];
