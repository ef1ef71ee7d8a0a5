import { choice, id, integer, nullable, text, timestamp } from './field.js';
import { HOUSES, type House } from './houses.js';

/** Who made a change of the points: the words the ledger's `source` takes. */
export const LEDGER_SOURCES = ['award', 'undo', 'game', 'import', 'term-reset'] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

/**
 * What a history row's `source` holds: the ledger's, the game's as null, and `baseline`: the
 * oldest row the pruning kept, whose changes are not told (the row before it is gone).
 */
export const HISTORY_SOURCES = ['award', 'undo', 'import', 'term-reset', 'baseline'] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

/** Characters of a reason at most: an award's 200, and the "Undo of award #n: " an undo adds. */
const REASON_MAX = 240;
/** Characters of `by` at most: a member's id, or a label given on the command line. */
export const BY_MAX = 100;

/** Who made a change and why: the columns of a history row, and so of its ledger entries. */
export const WHO_AND_WHY = {
  by_user: nullable(
    text('Who made it: a member’s id, or a label given on the command line', {
      min: 1,
      max: BY_MAX,
    }),
  ),
  for_user: nullable(id('The member it was for')),
  reason: nullable(text('Why', { min: 1, max: REASON_MAX })),
};

/*
 * The ledger (docs/awards.md): every change of a house's points is one entry, read off the points
 * history (src/records/points-history.ts), whose rows the store's triggers write in the
 * transaction that changed the points, whoever writes. A row's entries are the houses whose
 * points differ from the guild's row before it (none before its first: all 0); each is numbered
 * from its row (`row id × 4 + the house's place`), so later entries have larger numbers. Who and
 * why are the row's.
 */
export const ledgerEntry = {
  name: 'LedgerEntry',
  description: 'One change of one house’s points: how much, the total after it, who and why.',
  fields: {
    id: integer('Number of the entry; later entries have larger ones', { min: 1 }),
    at: timestamp('When the change was committed (UTC, milliseconds)'),
    house: choice('The house whose points changed', HOUSES),
    delta: integer('Points added (below 0: taken away)'),
    total: integer('The house’s points after the change'),
    source: choice('What made the change', LEDGER_SOURCES),
    ...WHO_AND_WHY,
  },
} as const;

/** The history row and house an entry's number names. */
export function entryPlace(entry: number): { rowId: number; house: House } | undefined {
  const house = HOUSES[entry % HOUSES.length];
  const rowId = Math.floor(entry / HOUSES.length);
  return house && rowId >= 1 ? { rowId, house } : undefined;
}

/** An entry as the read service gives it, and the API answers it (docs/awards.md). */
export interface LedgerEntry {
  id: number;
  /** UTC with milliseconds, `YYYY-MM-DDTHH:MM:SS.sssZ`. */
  at: string;
  house: House;
  delta: number;
  total: number;
  source: LedgerSource;
  by: string | null;
  for: string | null;
  reason: string | null;
  undone: boolean;
}
