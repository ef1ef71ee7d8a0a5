import type { HousePoints } from '../records/house-points.js';
import { HOUSES } from '../records/houses.js';
import { type HistoryEntry, historyInstant, type Standings } from '../records/points-history.js';

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

/** A history row as the store holds it: its entry (`at` in the store's one form) and its id. */
export interface StoredHistoryRow extends HistoryEntry {
  id: number;
}

/** What makes a stored history the wanted one. */
interface HistoryChange {
  /** Ids of the stored rows to delete: those after the longest beginning both share. */
  deleteIds: number[];
  /** The wanted entries after that beginning, to insert in order. */
  insert: HistoryEntry[];
}

const sameEntry = (a: HistoryEntry, b: HistoryEntry) =>
  a.at === b.at && HOUSES.every((house) => a[house] === b[house]);

/**
 * The smallest change that turns `stored` (oldest first) into `wanted`: rows both begin with
 * are kept, the rest replaced. Nothing at all when they are equal (re-importing an export), and
 * only the import's own change when the file's history is what the store holds already.
 */
export function historyChange(
  stored: readonly StoredHistoryRow[],
  wanted: readonly HistoryEntry[],
): HistoryChange {
  const target = wanted.map((entry) => ({ ...entry, at: historyInstant(entry.at) }));
  let kept = 0;
  while (kept < stored.length && kept < target.length) {
    const [have, want] = [stored[kept], target[kept]];
    if (!have || !want || !sameEntry(have, want)) break;
    kept += 1;
  }
  return {
    deleteIds: stored.slice(kept).map((row) => row.id),
    insert: target.slice(kept),
  };
}
