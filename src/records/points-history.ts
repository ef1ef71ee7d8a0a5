import {
  choice,
  type Field,
  id,
  integer,
  nullable,
  rowId,
  timestamp,
  withDefault,
} from './field.js';
import { HOUSES, type House } from './houses.js';
import { HISTORY_SOURCES, WHO_AND_WHY } from './points-ledger.js';
import { defineRecord } from './record.js';

const standings = Object.fromEntries(
  HOUSES.map((house) => [house, nullable(integer(`Points of ${house} after the change`))]),
) as Record<House, Field<number, true>>;

/**
 * How a guild's house points moved (docs/http-api.md, history): one row per committed change, written by the
 * store's triggers whoever writes house_points; all four null when the points were removed. Each
 * row also says who made the change and why (null: the game), from the writing transaction's
 * context (src/store/ledger-context.ts): the ledger is read off these rows (docs/awards.md).
 */
export const pointsHistory = defineRecord({
  name: 'PointsHistory',
  table: 'points_history',
  description: 'The standings of a guild after each change of its house points.',
  fields: {
    id: rowId('Order of the changes', { generated: true }),
    guild_id: id('Identifier of the guild'),
    at: timestamp('When the change was committed (UTC, milliseconds)'),
    ...standings,
    source: nullable(choice('What made the change; null: the game', HISTORY_SOURCES)),
    ...WHO_AND_WHY,
    // A whole number, as every engine stores a truth value alike; the API answers a boolean.
    undone: withDefault(integer('1 once an award was undone, else 0', { min: 0, max: 1 }), 0),
  },
  indexes: {
    points_history_guild_at: ['guild_id', 'at'],
    // Only the rows someone named or a source other than the game wrote: the game's rows, most
    // of them, touch none of these (each index a write touches is a page more in its commit).
    points_history_source: { columns: ['guild_id', 'source', 'at'], whereSet: 'source' },
    points_history_by: { columns: ['guild_id', 'by_user', 'at'], whereSet: 'by_user' },
    points_history_for: { columns: ['guild_id', 'for_user', 'at'], whereSet: 'for_user' },
  },
});

/** One recorded instant as the read service gives it. */
export type Standings = Record<House, number | null>;
export interface HistoryEntry extends Standings {
  at: string;
}

/** An instant of a file's history as the store holds it: UTC with milliseconds. */
export const historyInstant = (at: string): string => new Date(at).toISOString();
