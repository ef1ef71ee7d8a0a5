import type { HousePoints } from '../records/house-points.js';
import { HOUSES } from '../records/houses.js';
import { type HistoryEntry, historyInstant, type Standings } from '../records/points-history.js';
import type { HistorySource } from '../records/points-ledger.js';

/*
 * A file's `history` and the invariant it must keep: a guild's last history row equals its
 * current points (four nulls when it has none), whatever the sequence of imports. So the
 * history a file brings in is checked against the import's own time, and the import's own
 * change follows it when the file's last entry is not what the import writes.
 */

/**
 * Who made a change and why, as a file's history entry carries it: each absent where the store
 * holds null (a change the game made names no one), `undone` absent unless true.
 */
interface ChangeContext {
  source?: HistorySource | undefined;
  by?: string | undefined;
  for?: string | undefined;
  reason?: string | undefined;
  undone?: boolean | undefined;
}

/** A file's history entry: the standings after a change, and who made it and why. */
export type HistoryFileEntry = HistoryEntry & ChangeContext;

/** A history row's context columns, as the store holds them. */
export interface ContextColumns {
  source: HistorySource | null;
  by_user: string | null;
  for_user: string | null;
  reason: string | null;
  undone: number | string;
}

const standingsOf = (row: Standings): Standings =>
  Object.fromEntries(
    HOUSES.map((house) => [house, row[house] === null ? null : Number(row[house])]),
  ) as Standings;

/** A stored row as a file holds it: only the context the row has. */
export function historyFileEntryOf(row: HistoryEntry & ContextColumns): HistoryFileEntry {
  const entry: HistoryFileEntry = { at: row.at, ...standingsOf(row) };
  if (row.source !== null) entry.source = row.source;
  if (row.by_user !== null) entry.by = row.by_user;
  if (row.for_user !== null) entry.for = row.for_user;
  if (row.reason !== null) entry.reason = row.reason;
  if (Number(row.undone) === 1) entry.undone = true;
  return entry;
}

/** A file's entry as the store's columns (`at` in the store's one form). */
function historyRowOf(entry: HistoryFileEntry): HistoryEntry & ContextColumns {
  return {
    ...{ at: historyInstant(entry.at) },
    ...Object.fromEntries(HOUSES.map((house) => [house, entry[house]])),
    ...{ source: entry.source ?? null, by_user: entry.by ?? null, for_user: entry.for ?? null },
    ...{ reason: entry.reason ?? null, undone: entry.undone ? 1 : 0 },
  } as HistoryEntry & ContextColumns;
}

/** What this module reads of a file's guild (format.ts's GuildEntry, which imports this). */
interface GuildHistory {
  points?: HousePoints;
  history?: HistoryFileEntry[];
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
export function historyAfterImport(
  guild: GuildHistory,
  at: string,
): HistoryFileEntry[] | undefined {
  const { history } = guild;
  if (history === undefined) return undefined;
  const now = written(guild);
  const last = history.at(-1);
  const changed = last
    ? HOUSES.some((house) => last[house] !== now[house])
    : guild.points !== undefined;
  return changed ? [...history, { at, ...now, source: 'import' }] : history;
}

/** A history row as the store holds it: its entry (`at` in the store's one form) and its id. */
export interface StoredHistoryRow extends HistoryEntry, ContextColumns {
  id: number;
}

/** What makes a stored history the wanted one. */
interface HistoryChange {
  /** Ids of the stored rows to delete: those after the longest beginning both share. */
  deleteIds: number[];
  /** The wanted rows after that beginning, to insert in order. */
  insert: (HistoryEntry & ContextColumns)[];
}

const COMPARED = [...HOUSES, 'source', 'by_user', 'for_user', 'reason'] as const;
const sameEntry = (a: StoredHistoryRow, b: HistoryEntry & ContextColumns, timed: boolean) =>
  (!timed || a.at === b.at) &&
  COMPARED.every((column) => a[column] === b[column]) &&
  Number(a.undone) === Number(b.undone);

/**
 * The smallest change that turns `stored` (oldest first) into `wanted`: rows both begin with
 * are kept, the rest replaced. Nothing at all when they are equal (re-importing an export), and
 * only the import's own change when the file's history is what the store holds already. The
 * instant of the last `own` (the import's own change, historyAfterImport) is not compared: the
 * same file again keeps the row it wrote.
 */
export function historyChange(
  stored: readonly StoredHistoryRow[],
  wanted: readonly HistoryFileEntry[],
  own = 0,
): HistoryChange {
  const target = wanted.map(historyRowOf);
  let kept = 0;
  while (kept < stored.length && kept < target.length) {
    const [have, want] = [stored[kept], target[kept]];
    if (!have || !want || !sameEntry(have, want, kept < target.length - own)) break;
    kept += 1;
  }
  return {
    deleteIds: stored.slice(kept).map((row) => row.id),
    insert: target.slice(kept),
  };
}
