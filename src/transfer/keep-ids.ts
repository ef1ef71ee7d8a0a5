import { assignIds } from './assign-ids.js';
import type { GuildEntry } from './format.js';

/** A row the guild already has, as a re-import may match it. */
interface ExistingRow {
  id: number;
  /** What an entry without id is matched by: a profile's user_id and name, a job's name. */
  match: string;
  created_at?: string | null;
}

interface KeptIds {
  /** The id of each entry, in file order. */
  ids: number[];
  /** The existing row's created_at for an entry that took its id, else undefined. */
  createdAt: (string | undefined)[];
  /** The id the file's own numbering gave each entry → the id it gets (job_id references). */
  renumbered: Map<number, number>;
}

/**
 * Ids for a guild's entries on re-import (docs/cli-and-data.md, "Re-importing: ids and text"): an
 * entry's own id; else the id of the existing row it matches, when exactly one row matches and no
 * other entry claims that id; else the next one after the largest id in use. So re-importing a
 * game's export, where ids are not given, keeps every profile's id and creation time, and a removed
 * profile shifts nothing.
 */
function keepIds<E extends { id?: number | undefined }>(
  entries: readonly E[],
  matchOf: (entry: E) => string,
  existing: readonly ExistingRow[],
): KeptIds {
  const counts = new Map<string, number>();
  for (const row of existing) counts.set(row.match, (counts.get(row.match) ?? 0) + 1);
  const byMatch = new Map(
    existing.filter((row) => counts.get(row.match) === 1).map((row) => [row.match, row]),
  );
  const taken = new Set<number>();
  for (const entry of entries) if (entry.id !== undefined) taken.add(entry.id);
  const ids: (number | undefined)[] = entries.map((entry) => entry.id);
  const createdAt: (string | undefined)[] = entries.map(() => undefined);
  entries.forEach((entry, index) => {
    if (entry.id !== undefined) return;
    const row = byMatch.get(matchOf(entry));
    if (!row || taken.has(row.id)) return;
    taken.add(row.id);
    ids[index] = row.id;
    createdAt[index] = row.created_at ?? undefined;
  });
  let next = 1;
  for (const id of taken) if (id >= next) next = id + 1;
  const final = ids.map((id) => id ?? next++);
  const fileIds = assignIds(entries);
  const renumbered = new Map(fileIds.map((fileId, index) => [fileId, final[index] ?? fileId]));
  return { ids: final, createdAt, renumbered };
}

const profileMatch = (entry: { user_id?: string | undefined; name?: string | undefined }) =>
  `${entry.user_id ?? ''}\u0000${entry.name ?? ''}`;
/** What the import reads of a guild's current profiles. */
interface ProfileRow {
  id: number;
  user_id: string;
  name: string;
  created_at: string | null;
}

export const existingProfile = (row: ProfileRow): ExistingRow => ({
  id: row.id,
  match: profileMatch(row),
  created_at: row.created_at,
});

export const jobMatch = (entry: { name?: string | undefined }) => entry.name ?? '';

type JobEntry = NonNullable<GuildEntry['jobs']>[number];
type PlayerEntry = NonNullable<GuildEntry['players']>[number];

/**
 * A guild's jobs and players with the ids (and creation times) they get on import, given what
 * the guild holds now; players' job_id follow their jobs' new ids.
 */
export function entriesWithIds(
  guild: GuildEntry,
  existing: { jobs: readonly ExistingRow[]; profiles: readonly ExistingRow[] },
): { jobs: { entry: JobEntry; id: number }[]; players: { entry: PlayerEntry; id: number }[] } {
  const jobEntries = guild.jobs ?? [];
  const jobs = keepIds(jobEntries, jobMatch, existing.jobs);
  const playerEntries = guild.players ?? [];
  const players = keepIds(playerEntries, profileMatch, existing.profiles);
  return {
    jobs: jobEntries.map((entry, index) => ({ entry, id: jobs.ids[index] ?? 0 })),
    players: playerEntries.map((entry, index) => {
      const kept = players.createdAt[index];
      const jobId =
        entry.job_id == null ? entry.job_id : (jobs.renumbered.get(entry.job_id) ?? entry.job_id);
      return {
        entry: {
          ...entry,
          ...(entry.created_at === undefined && kept !== undefined ? { created_at: kept } : {}),
          ...(jobId === undefined ? {} : { job_id: jobId }),
        },
        id: players.ids[index] ?? 0,
      };
    }),
  };
}
