import { type ChangeKind, periodAt } from '../records/periods.js';

/*
 * A file's `periods` (each profile's galleons change per week and month, as the store's
 * triggers kept them: src/records/profile-change.ts). A file without them leaves the periods to
 * the triggers, as files written before them do: the import's own changes of galleons then count
 * as gains like any write. A file with them makes the guild's periods exactly the file's, after
 * its profiles are written, writing only the rows that differ (the same file again writes
 * nothing), so a restored or copied store gives the same boards.
 */

/** A profile's change in one period, as a file holds it. */
export interface PeriodEntry {
  /** The profile's id (a player of the same guild entry, with its id given). */
  id: number;
  kind: ChangeKind;
  /** When the period starts (ISO 8601); a term's, its start. */
  start: string;
  change: number;
}

/** One stored row of a guild's periods, as the import compares it. */
export interface StoredPeriodRow {
  profile_id: number;
  kind: ChangeKind;
  start: string;
  change: number;
}

interface PeriodWrites {
  deletes: StoredPeriodRow[];
  /** Rows to insert or to set to this change. */
  upserts: StoredPeriodRow[];
}

const keyOf = (row: { profile_id: number; kind: string; start: string }) =>
  `${row.profile_id}|${row.kind}|${row.start}`;

/** The writes making `stored` the file's periods; null when the file says nothing of them. */
export function periodWrites(
  periods: readonly PeriodEntry[] | undefined,
  stored: readonly StoredPeriodRow[],
): PeriodWrites | null {
  if (!periods) return null;
  const wanted = new Map<string, StoredPeriodRow>();
  for (const entry of periods) {
    const row = {
      profile_id: entry.id,
      kind: entry.kind,
      start: new Date(entry.start).toISOString(),
      change: entry.change,
    };
    wanted.set(keyOf(row), row);
  }
  const held = new Map(stored.map((row) => [keyOf(row), row]));
  return {
    deletes: stored.filter((row) => !wanted.has(keyOf(row))),
    upserts: [...wanted.values()].filter(
      (row) => Number(held.get(keyOf(row))?.change) !== row.change,
    ),
  };
}

/**
 * The problem of one entry, or null: its profile is in the file, its start a period's start (a
 * term's: the start of a term of the same entry, as `termStarts` holds them, ISO with ms).
 */
export function periodEntryProblem(
  entry: PeriodEntry,
  playerIds: ReadonlySet<number>,
  termStarts: ReadonlySet<string>,
): { field: keyof PeriodEntry; message: string } | null {
  if (!playerIds.has(entry.id)) {
    return { field: 'id', message: `no player with id ${entry.id} in this guild` };
  }
  const start = new Date(entry.start);
  if (entry.kind === 'term') {
    if (!termStarts.has(start.toISOString())) {
      return { field: 'start', message: 'must be the start of a term of this guild' };
    }
  } else if (periodAt(entry.kind, start).from !== start.toISOString()) {
    return { field: 'start', message: `must be the start of a ${entry.kind} (UTC)` };
  }
  if (entry.change === 0) {
    return { field: 'change', message: 'must not be 0 (a period without a change has no entry)' };
  }
  return null;
}
