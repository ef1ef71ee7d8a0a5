import { choice, id, integer, nullable, rowId, text, timestamp, withDefault } from './field.js';
import { HOUSES, type House } from './houses.js';
import { defineRecord } from './record.js';

/** Who made a change of the points: the words the ledger's `source` takes. */
export const LEDGER_SOURCES = ['award', 'undo', 'game', 'import', 'term-reset'] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

/** Characters of a reason at most: an award's 200, and the "Undo of award #n: " an undo adds. */
const REASON_MAX = 240;

/*
 * The ledger (docs/awards.md): every change of a house's points is one entry, written by the
 * store's triggers on house_points in the transaction that changed them, whoever writes
 * (src/store/*\/triggers.ts). An entry's delta
 * is its total minus the house's previous total in the ledger (0 before its first entry, and
 * after the guild's points were removed), so the entries of a house add up to its points. Who
 * and why come from the writing transaction's ledger context (src/store/ledger-context.ts);
 * without one, the change is the game's.
 */
export const pointsLedger = defineRecord({
  name: 'LedgerEntry',
  table: 'points_ledger',
  description: 'One change of one house’s points: how much, the total after it, who and why.',
  fields: {
    id: rowId('Number of the entry; later entries have larger ones', { generated: true }),
    guild_id: id('Identifier of the guild'),
    at: timestamp('When the change was committed (UTC, milliseconds)'),
    house: choice('The house whose points changed', HOUSES),
    delta: integer('Points added (below 0: taken away)'),
    total: integer('The house’s points after the change'),
    source: choice('What made the change', LEDGER_SOURCES),
    by_user: nullable(
      text('Who made it: a member’s id, or a label given on the command line', {
        min: 1,
        max: 100,
      }),
    ),
    for_user: nullable(id('The member it was for')),
    reason: nullable(text('Why', { min: 1, max: REASON_MAX })),
    // A whole number, as every engine stores a truth value alike; the API answers a boolean.
    undone: withDefault(integer('1 once an award was undone, else 0', { min: 0, max: 1 }), 0),
    undoes: nullable(rowId('The award an undo takes back')),
  },
  indexes: {
    // Newest-first pages of a guild, and each filter's: a range of one index each.
    points_ledger_guild: ['guild_id', 'id'],
    // A house's entries: its pages, and its last total, which the triggers read.
    points_ledger_house: ['guild_id', 'house', 'id'],
    // A source's entries: its pages, and the awards of the last minute (the rate).
    points_ledger_source: ['guild_id', 'source', 'id'],
    // Only the entries with someone named (awards, undos, resets): the game's entries, most of
    // them, name no one, and each index a write touches is a page more in its commit.
    points_ledger_by: { columns: ['guild_id', 'by_user', 'id'], whereSet: 'by_user' },
    points_ledger_for: { columns: ['guild_id', 'for_user', 'id'], whereSet: 'for_user' },
    // The instants: `from`/`to`, and the pruning, as the history's.
    points_ledger_guild_at: ['guild_id', 'at'],
  },
});

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
