import type { HousePoints } from '../records/house-points.js';
import { HOUSES } from '../records/houses.js';
import type { HistoryEntry, Standings } from '../records/points-history.js';

/*
 * A file's `history` and the invariant it must keep: a guild's last history row equals its
 * current points (four nulls when it has none), whatever the sequence of imports. So the
 * history a file brings in is checked against the import's own time, and the import's own
 * change follows it when the file's last entry is not what the import writes.
 */

/** What this module reads of a file's guild (format.ts's GuildEntry, which imports this). */
interface GuildHistory {
  points?: HousePoints;
  history?: HistoryEntry[];
}

/**
 * Problems of each guild's history, as `path: message`: an entry earlier than the one before it
 * (entries go oldest first, as `export` writes them; equal instants are fine), or later than
 * `now`, the import's time. No clock skew is allowed beyond it: an entry after the import
 * would be "the standings now" before they happened, and a row after the import's own change
 * would leave the last row unequal to the points.
 */
export function historyProblems(file: { guilds: GuildHistory[] }, now: Date): string[] {
  const problems: string[] = [];
  const limit = now.getTime();
  file.guilds.forEach((guild, g) => {
    let previous = Number.NEGATIVE_INFINITY;
    guild.history?.forEach((entry, i) => {
      const at = Date.parse(entry.at);
      const path = `guilds[${g}].history[${i}].at`;
      if (at > limit) problems.push(`${path}: must not be in the future`);
      else if (at < previous) {
        problems.push(
          `${path}: must not be earlier than guilds[${g}].history[${i - 1}].at (oldest first)`,
        );
      }
      previous = Math.max(previous, at);
    });
  });
  return problems;
}

/** The standings an import leaves: the file's points, or four nulls when it gives none. */
function written(guild: GuildHistory): Standings {
  const { points } = guild;
  return Object.fromEntries(
    HOUSES.map((house) => [house, points ? points[house] : null]),
  ) as Standings;
}

/**
 * The guild's whole history once the import at `at` is done, or undefined when the file carries
 * none (then the store keeps it, and its trigger records the import's change). It is the file's,
 * then the import's own change, at `at`, when the points written differ from the file's last
 * entry, or when the file's history is empty and the guild has points. An empty history and no
 * points stay empty: the guild then has neither, as one that never had points.
 */
export function historyAfterImport(guild: GuildHistory, at: string): HistoryEntry[] | undefined {
  const { history } = guild;
  if (history === undefined) return undefined;
  const now = written(guild);
  const last = history.at(-1);
  const changed = last
    ? HOUSES.some((house) => last[house] !== now[house])
    : guild.points !== undefined;
  return changed ? [...history, { at, ...now }] : history;
}
