import { type Field, id, integer, withDefault } from './field.js';
import { HOUSES, type House } from './houses.js';
import { defineRecord } from './record.js';

const points = Object.fromEntries(
  HOUSES.map((house) => [house, withDefault(integer(`Points of ${house}`), 0)]),
) as Record<House, Field<number, false>>;

export const housePoints = defineRecord({
  name: 'HousePoints',
  table: 'house_points',
  description: 'The points of the four houses on a guild.',
  fields: { guild_id: id('Identifier of the guild'), ...points },
  primaryKey: ['guild_id'],
});

export type HousePoints = Record<House, number>;
