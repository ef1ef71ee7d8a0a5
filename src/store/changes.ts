import type { ChangesReader } from '../read/service.js';
import { CHANGE_AREAS, type ChangeArea, type GuildChangesRow } from '../records/guild-changes.js';
import type { SqlDb } from './sql/db.js';
import { all } from './sql/op.js';
import { statement } from './sql/statement.js';

/*
 * guild_changes as its readers need it, on either engine: a guild's numbers are one statement;
 * how a cursor past the changes stays safe differs, so each engine brings its own `since`
 * (sqlite/changes.ts, postgres/guild-changes.ts).
 */

/** Changes a read past a cursor returns at most, unless it asks for fewer. */
export const CHANGES_PER_READ = 1_000;

const OF_GUILD = statement<
  Pick<GuildChangesRow, 'guild_id'>,
  Pick<GuildChangesRow, 'area' | 'seq'>
>('SELECT area, seq FROM guild_changes WHERE guild_id = @guild_id');

/** The changes reader of an engine's `db`, past a cursor as the engine's `since` reads. */
export function createChangesReader(db: SqlDb, since: ChangesReader['since']): ChangesReader {
  return {
    async of(guildId) {
      const seqs = Object.fromEntries(CHANGE_AREAS.map((area) => [area, 0])) as Record<
        ChangeArea,
        number
      >;
      for (const row of await db.read(all(OF_GUILD, { guild_id: guildId }))) {
        seqs[row.area] = row.seq;
      }
      return seqs;
    },
    since,
  };
}
