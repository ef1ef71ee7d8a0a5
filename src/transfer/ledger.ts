import type { House } from '../records/houses.js';
import type { LedgerEntry } from '../records/points-ledger.js';
import type { HistoryFileEntry } from './history.js';

/*
 * A file's `ledger`, as housecup wrote it before the ledger was read off the points history: a
 * guild's entries, oldest first, as GET /v1/points/:guildId/log shows them, with `undoes` (the
 * award an undo takes back). Still read: its who and why go onto the file's history entries
 * (historyWithLedger), which an import writes; its numbers are the history's already.
 */

/** Who, why and whether undone: absent from a file's entry where the store has none. */
type Optional = 'by' | 'for' | 'reason' | 'undone';

/** One entry as a file holds it: the API's entry, with `undoes` (the award an undo takes back). */
export type LedgerFileEntry = Omit<LedgerEntry, Optional> & {
  [field in Optional]?: LedgerEntry[field] | undefined;
} & { undoes?: number | null | undefined };

/** A problem of one entry: its field, and what is wrong. */
interface LedgerProblem {
  index: number;
  field: keyof LedgerFileEntry;
  message: string;
}

/**
 * What the shape cannot say: ids grow (oldest first), no entry is after `now` (the import's
 * time), only an undo names an earlier entry it takes back, only an award is undone.
 */
export function ledgerProblems(entries: readonly LedgerFileEntry[], now: Date): LedgerProblem[] {
  const problems: LedgerProblem[] = [];
  const limit = now.getTime();
  entries.forEach((entry, index) => {
    const problem = (field: keyof LedgerFileEntry, message: string) =>
      problems.push({ index, field, message });
    const previous = entries[index - 1];
    if (previous && entry.id <= previous.id) {
      problem('id', `must be larger than the id before it, ${previous.id} (oldest first)`);
    }
    if (Date.parse(entry.at) > limit) problem('at', 'must not be in the future');
    if (entry.undoes != null && entry.source !== 'undo') {
      problem(
        'undoes',
        `only an undo takes an award back (this entry's source is ${entry.source})`,
      );
    } else if (entry.undoes != null && entry.undoes >= entry.id) {
      problem('undoes', `must name an earlier entry (below ${entry.id})`);
    }
    if (entry.undone && entry.source !== 'award') {
      problem('undone', `only an award is undone (this entry's source is ${entry.source})`);
    }
  });
  return problems;
}

/** A house's points in a history entry, none read as 0 (as the ledger counts them). */
const pointsIn = (entry: HistoryFileEntry, house: House) => entry[house] ?? 0;

/**
 * A file's history with the who and why of its ledger's entries, for a file made before the
 * ledger was read off the history: each entry names the first history entry, from the one the
 * entry before it named, at or after its instant and holding its total (the row its change wrote:
 * the same instant on SQLite, its commit on PostgreSQL); the game's name none. A history entry
 * that carries a context of its own keeps it.
 */
export function historyWithLedger(
  history: readonly HistoryFileEntry[],
  ledger: readonly LedgerFileEntry[],
): HistoryFileEntry[] {
  const annotated = history.map((entry) => ({ ...entry }));
  const told = new Set(annotated.flatMap((entry, i) => (entry.source ? [i] : [])));
  let row = 0;
  for (const entry of ledger) {
    const at = Date.parse(entry.at);
    const holds = (candidate: HistoryFileEntry) =>
      Date.parse(candidate.at) >= at && pointsIn(candidate, entry.house) === entry.total;
    let found = row;
    while (found < annotated.length && !holds(annotated[found] as HistoryFileEntry)) found += 1;
    const target = annotated[found];
    if (!target) continue;
    row = found;
    if (entry.source === 'game' || told.has(row)) continue;
    target.source = entry.source;
    if (entry.by) target.by = entry.by;
    if (entry.for) target.for = entry.for;
    if (entry.reason) target.reason = entry.reason;
    if (entry.undone) target.undone = true;
  }
  return annotated;
}
