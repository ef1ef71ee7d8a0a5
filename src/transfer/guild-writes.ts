import { housePoints } from '../records/house-points.js';
import { job } from '../records/job.js';
import { premium } from '../records/premium.js';
import { profile } from '../records/profile.js';
import { columnNames, type RecordDefinition } from '../records/record.js';
import { rowOf } from '../records/row-values.js';
import type { GuildEntry } from './format.js';
import { entriesWithIds, existingProfile, jobMatch } from './keep-ids.js';
import { diffRows, type RowDiff, type RowValues } from './row-diff.js';

/*
 * What an import writes for one guild, whichever store: the file's rows (ids kept as
 * keep-ids.ts says) compared with the stored ones (row-diff.ts). Each store reads the guild's
 * rows, asks this module, and writes the differences in an order its foreign keys accept.
 */

/** A guild's rows as the store holds them, each in its record's field order. */
interface StoredGuild {
  jobs: readonly RowValues[];
  profiles: readonly RowValues[];
  points: readonly RowValues[];
  premium: readonly RowValues[];
}

interface GuildWrites {
  jobs: RowDiff;
  profiles: RowDiff;
  points: RowDiff;
  premium: RowDiff;
}

/** Reads a column of stored rows by name. */
function column(record: RecordDefinition, name: string): (row: RowValues) => unknown {
  const at = columnNames(record).indexOf(name);
  if (at < 0) throw new Error(`${record.table}: no column ${name}`);
  return (row) => row[at];
}

const jobId = column(job, 'id');
const jobName = column(job, 'name');
const profileColumns = {
  id: column(profile, 'id'),
  user_id: column(profile, 'user_id'),
  name: column(profile, 'name'),
  created_at: column(profile, 'created_at'),
};

/** The writes that make the stored guild what the file's `guild` says, at the import's `stamp`. */
export function guildWrites(guild: GuildEntry, stored: StoredGuild, stamp: string): GuildWrites {
  const existing = {
    jobs: stored.jobs.map((row) => ({
      id: Number(jobId(row)),
      match: jobMatch({ name: String(jobName(row)) }),
    })),
    profiles: stored.profiles.map((row) =>
      existingProfile({
        id: Number(profileColumns.id(row)),
        user_id: String(profileColumns.user_id(row)),
        name: String(profileColumns.name(row)),
        created_at: (profileColumns.created_at(row) as string | null) ?? null,
      }),
    ),
  };
  const given = { guild_id: guild.id, now: stamp };
  const { jobs, players } = entriesWithIds(guild, existing);
  const wanted = {
    jobs: jobs.map(({ entry, id }) => rowOf(job, entry, { ...given, id })),
    profiles: players.map(({ entry, id }) => rowOf(profile, entry, { ...given, id })),
    points: guild.points ? [rowOf(housePoints, guild.points, given)] : [],
    premium: guild.premium ? [rowOf(premium, { expires_at: guild.premium.expiresAt }, given)] : [],
  };
  return {
    jobs: diffRows(job, stored.jobs, wanted.jobs),
    profiles: diffRows(profile, stored.profiles, wanted.profiles),
    points: diffRows(housePoints, stored.points, wanted.points),
    premium: diffRows(premium, stored.premium, wanted.premium),
  };
}
