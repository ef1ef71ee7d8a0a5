import { type Field, id, integer, nullable, rowId, timestamp } from './field.js';
import { HOUSES, type House } from './houses.js';
import { defineRecord } from './record.js';

const standings = Object.fromEntries(
  HOUSES.map((house) => [house, nullable(integer(`Points of ${house} after the change`))]),
) as Record<House, Field<number, true>>;

/**
 * How a guild's house points moved (docs/http-api.md, history): one row per committed change, written by the
 * store's triggers whoever writes house_points; all four null when the points were removed.
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
  },
  indexes: { points_history_guild_at: ['guild_id', 'at'] },
});

/** One recorded instant as the read service gives it. */
export type Standings = Record<House, number | null>;
export interface HistoryEntry extends Standings {
  at: string;
}

/** An instant of a file's history as the store keeps it: UTC with milliseconds. */
export const historyInstant = (at: string): string => new Date(at).toISOString();
