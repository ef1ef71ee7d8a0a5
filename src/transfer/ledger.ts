import type { HousePoints } from '../records/house-points.js';
import { HOUSES, type House } from '../records/houses.js';
import type { LedgerSource } from '../records/points-ledger.js';

/*
 * A file's `ledger` (src/records/points-ledger.ts): a guild's entries, oldest first, as
 * GET /v1/points/:guildId/log shows them, with `undoes` (the award an undo takes back). Present,
 * it replaces the guild's ledger before the file's points are written, so the import's own change
 * counts from the file's last totals: when the file's points differ from them, the import's own
 * entries (source `import`) follow the file's, as its own change follows a file's history. Only
 * the rows that differ are written, and the same file again writes nothing. Absent, the guild's ledger is kept. Entries keep their ids where no other
 * guild holds them; otherwise those after the part the store already holds are numbered after
 * every id in use, in the file's order (ids are global to the store, a guild's order is theirs).
 */

/** One entry as a file holds it: `by`, `for`, `reason`, `undoes` null or absent, `undone` false. */
export interface LedgerFileEntry {
  id: number;
  at: string;
  house: House;
  delta: number;
  total: number;
  source: LedgerSource;
  by?: string | null | undefined;
  for?: string | null | undefined;
  reason?: string | null | undefined;
  undone?: boolean | undefined;
  undoes?: number | null | undefined;
}

/** An entry as the store holds it (its columns), `at` as `YYYY-MM-DDTHH:MM:SS.sssZ`. */
export interface LedgerTransferRow {
  id: number;
  at: string;
  house: House;
  delta: number;
  total: number;
  source: LedgerSource;
  by_user: string | null;
  for_user: string | null;
  reason: string | null;
  undone: number;
  undoes: number | null;
}

export function ledgerRowOf(entry: LedgerFileEntry): LedgerTransferRow {
  return {
    id: entry.id,
    at: new Date(entry.at).toISOString(),
    house: entry.house,
    delta: entry.delta,
    total: entry.total,
    source: entry.source,
    by_user: entry.by ?? null,
    for_user: entry.for ?? null,
    reason: entry.reason ?? null,
    undone: entry.undone ? 1 : 0,
    undoes: entry.undoes ?? null,
  };
}

/** A stored row (numbers as either driver gives them) as an export writes it. */
export function ledgerEntryOf(row: LedgerTransferRow): LedgerFileEntry {
  const undoes = row.undoes === null ? null : Number(row.undoes);
  return {
    ...{ id: Number(row.id), at: row.at, house: row.house },
    ...{ delta: Number(row.delta), total: Number(row.total), source: row.source },
    ...{ by: row.by_user, for: row.for_user, reason: row.reason },
    ...{ undone: Number(row.undone) === 1, undoes },
  };
}

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

/**
 * The guild's whole ledger once the import at `at` is done, or undefined when the file carries
 * none: the file's entries, then one `import` entry per house whose points the file gives (0
 * when it gives none) differ from its last total in them. `own`: how many entries are the
 * import's (their instant is not compared: the same file again matches them).
 */
export function ledgerAfterImport(
  guild: { points?: HousePoints; ledger?: LedgerFileEntry[] },
  at: string,
): { rows: LedgerTransferRow[]; own: number } | undefined {
  if (!guild.ledger) return undefined;
  const rows = guild.ledger.map(ledgerRowOf);
  const last = new Map(rows.map((row) => [row.house, row.total]));
  let id = rows.at(-1)?.id ?? 0;
  const own: LedgerTransferRow[] = [];
  for (const house of HOUSES) {
    const total = guild.points?.[house] ?? 0;
    const before = last.get(house) ?? 0;
    if (total === before) continue;
    id += 1;
    own.push({
      ...{ id, at, house, delta: total - before, total, source: 'import' },
      ...{ by_user: null, for_user: null, reason: null, undone: 0, undoes: null },
    });
  }
  return { rows: [...rows, ...own], own: own.length };
}

/** What makes a stored ledger the file's. */
interface LedgerChange {
  /** Ids of the stored rows to delete: those after the longest beginning both share. */
  deleteIds: number[];
  /** The file's rows after that beginning, with the file's ids, to insert in order. */
  insert: LedgerTransferRow[];
  /** The stored id of each file id in the shared beginning (they differ once renumbered). */
  kept: Map<number, number>;
}

/** An entry's `undoes` as its place in its own list, or the id it names when not in it. */
function undoesKey(row: LedgerTransferRow, places: ReadonlyMap<number, number>): string {
  if (row.undoes === null) return '';
  const place = places.get(row.undoes);
  return place === undefined ? `#${row.undoes}` : `@${place}`;
}

const placesOf = (rows: readonly LedgerTransferRow[]) =>
  new Map(rows.map((row, place) => [row.id, place]));

const SAME = ['house', 'delta', 'total', 'source', 'by_user', 'for_user', 'reason'] as const;

/**
 * The smallest change that turns `stored` (by id) into `wanted`: entries compared by place, not
 * id (a renumbered import matches the same file again), `undoes` by the place it names; the
 * instant of the last `own` (the import's own entries, ledgerAfterImport) is not compared.
 */
export function ledgerChange(
  stored: readonly LedgerTransferRow[],
  wanted: readonly LedgerTransferRow[],
  own = 0,
): LedgerChange {
  const timed = wanted.length - own;
  const [storedPlaces, wantedPlaces] = [placesOf(stored), placesOf(wanted)];
  const kept = new Map<number, number>();
  let shared = 0;
  for (; shared < stored.length && shared < wanted.length; shared += 1) {
    const [have, want] = [stored[shared], wanted[shared]];
    if (!have || !want) break;
    const same =
      (shared >= timed || have.at === want.at) &&
      SAME.every((column) => have[column] === want[column]) &&
      Number(have.undone) === want.undone &&
      undoesKey(have, storedPlaces) === undoesKey(want, wantedPlaces);
    if (!same) break;
    kept.set(want.id, have.id);
  }
  return {
    deleteIds: stored.slice(shared).map((row) => row.id),
    insert: wanted.slice(shared),
    kept,
  };
}

/**
 * The rows to insert, numbered from `firstId` in order when given (the file's ids are held
 * elsewhere), each `undoes` naming its award's stored id.
 */
export function numberedRows(change: LedgerChange, firstId?: number): LedgerTransferRow[] {
  const ids = new Map(change.kept);
  change.insert.forEach((row, i) => {
    ids.set(row.id, firstId === undefined ? row.id : firstId + i);
  });
  return change.insert.map((row) => ({
    ...row,
    id: ids.get(row.id) ?? row.id,
    undoes: row.undoes === null ? null : (ids.get(row.undoes) ?? row.undoes),
  }));
}
