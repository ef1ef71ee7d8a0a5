import type { House } from '../records/houses.js';

/** One instant of the race: the standings then (null before the guild's first recorded row). */
export interface ChartPoint {
  at: string;
  values: Record<House, number | null>;
}

/** Everything a chart shows; words come from the caller so that the picture speaks its reader's language. */
export interface ChartInput {
  standings: Record<House, number>;
  /** Oldest first; empty when the guild has no history yet. */
  series: readonly ChartPoint[];
  width: number;
  height: number;
  /** BCP 47 locale for numbers and dates. */
  locale: string;
  houseNames: Record<House, string>;
}

/** The colours of §11, one per house. */
export const HOUSE_COLOURS: Record<House, string> = {
  gryffindor: '#AE0001',
  slytherin: '#2A623D',
  ravenclaw: '#222F5B',
  hufflepuff: '#F0C75E',
};

export const DEFAULT_HOUSE_NAMES: Record<House, string> = {
  gryffindor: 'Gryffindor',
  slytherin: 'Slytherin',
  ravenclaw: 'Ravenclaw',
  hufflepuff: 'Hufflepuff',
};
