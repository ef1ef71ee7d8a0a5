import type { ChartPoint } from '../pictures/chart-input.js';
import type { ReadService } from '../read/service.js';
import type { HousePoints } from '../records/house-points.js';
import { HOUSES, type House } from '../records/houses.js';
import { periodAt } from '../records/periods.js';
import type { Standings } from '../records/points-history.js';
import {
  defaultTo,
  instantText,
  readSeries,
  type SeriesRange,
  type Step,
  stepStart,
} from './history-series.js';
import { isPointCount, standingsAt } from './stored-points.js';

const DAY_MS = 86_400_000;

const chartStep = (days: number): Step => (days <= 2 ? 'hour' : 'day');

/**
 * The series a chart of the last `days` days draws: by the hour for two days or less. It ends
 * where the history endpoint's does when asked no `to`, so both show the same standings now.
 */
export async function chartSeries(
  read: ReadService,
  guildId: string,
  days: number,
  now: number,
): Promise<ChartPoint[]> {
  const step = chartStep(days);
  const to = defaultTo(now);
  const range: SeriesRange = { step, from: stepStart(to - days * DAY_MS, step), to };
  const series = await readSeries(read.pointsHistory, guildId, range);
  return series.map(({ at, ...values }) => ({ at, values }));
}

/**
 * When the chart drawn at `now` would first look different with no change of the guild's data:
 * by the day, at the next UTC midnight (its points fall on midnights, its dates are days); by
 * the hour, at the next minute (its last point is `now`, labelled to the minute).
 */
export function chartSeriesChangesAt(days: number, now: number): number {
  if (chartStep(days) === 'day') return stepStart(now, 'day') + DAY_MS;
  return now - (now % 60_000) + 60_000;
}

/**
 * Each house's change this week (`▲ 120 this week`), the week of the members' `period=week`: the
 * UTC week from Monday 00:00 (periodAt). Counted from the house's points when the week began
 * (the last recorded before it), or, for a house that first had points inside the week, from
 * that first value: a first value is not a gain. Null when the guild has no history at all.
 */
export async function weekChange(
  read: ReadService,
  guildId: string,
  standings: HousePoints,
  now: number,
): Promise<Record<House, number> | null> {
  const week = periodAt('week', new Date(now));
  const to = instantText(defaultTo(now));
  const [atStart, latest] = await standingsAt(read.pointsHistory, guildId, [week.from, to]);
  if (!latest) return null;
  const baseline = { ...(atStart ?? NO_POINTS) };
  if (HOUSES.some((house) => baseline[house] === null)) {
    // Only a guild that had no points when the week began reads its week's rows.
    for (const entry of await read.pointsHistory.between(guildId, week.from, to)) {
      for (const house of HOUSES) {
        if (baseline[house] === null && isPointCount(entry[house])) baseline[house] = entry[house];
      }
    }
  }
  const change = {} as Record<House, number>;
  for (const house of HOUSES)
    change[house] = standings[house] - (baseline[house] ?? standings[house]);
  return change;
}

const NO_POINTS: Standings = {
  gryffindor: null,
  slytherin: null,
  ravenclaw: null,
  hufflepuff: null,
};
