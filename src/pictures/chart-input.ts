import { HOUSES, type House } from '../records/houses.js';

/** One instant of the race: the standings then (null before the guild's first recorded row). */
export interface ChartPoint {
  at: string;
  values: Record<House, number | null>;
}

/** The picture's title, in its reader's language: it names what the picture shows. */
export interface ChartTitles {
  /** Over the lines of a history: the period they cover ("Last 30 days"). */
  period: string;
  /** Over the bars alone, when the guild has no history to draw ("Current standings"). */
  standings: string;
}

/** The words of a picture: the caller's, so that the picture speaks its reader's language. */
export interface ChartWords {
  /** BCP 47 locale for numbers and dates. */
  locale: string;
  houseNames: Record<House, string>;
  titles: ChartTitles;
}

/** Everything a chart shows. */
export interface ChartInput extends ChartWords {
  standings: Record<House, number>;
  /** Oldest first; empty when the guild has no history yet. */
  series: readonly ChartPoint[];
  width: number;
  height: number;
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

/** A number the canvas can place: an integer JavaScript holds exactly (no NaN, no ±1e308). */
const drawable = (value: unknown): value is number => Number.isSafeInteger(value);

/**
 * The input with every number the canvas could not place taken out: a standing becomes 0, a
 * point of a line no value (a gap). The answers already refuse such values (stored-points.ts);
 * this keeps the picture itself safe whoever calls it, since a NaN or an infinity reaching
 * @napi-rs/canvas aborts the whole process rather than throwing.
 */
export function drawableInput(input: ChartInput): ChartInput {
  const standings = { ...input.standings };
  for (const house of HOUSES) if (!drawable(standings[house])) standings[house] = 0;
  const series = input.series.map((point) => {
    if (HOUSES.every((house) => point.values[house] === null || drawable(point.values[house]))) {
      return point;
    }
    const values = { ...point.values };
    for (const house of HOUSES) if (!drawable(values[house])) values[house] = null;
    return { ...point, values };
  });
  return { ...input, standings, series };
}

/** Whether the series holds any value: only then are there lines to draw. */
export function hasHistory(series: readonly ChartPoint[]): boolean {
  return series.some((point) => HOUSES.some((house) => point.values[house] !== null));
}
