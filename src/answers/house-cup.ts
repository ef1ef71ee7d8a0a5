import type { ChartPoint } from '../pictures/chart-input.js';
import type { ReadService } from '../read/service.js';
import type { HousePoints } from '../records/house-points.js';
import { HOUSES, type House } from '../records/houses.js';
import { periodAt } from '../records/periods.js';
import type { Standings } from '../records/points-history.js';
import {
  defaultTo,
  instantText,
  readSeriesAt,
  type Step,
  seriesInstants,
  stepStart,
  termSeriesInstants,
} from './history-series.js';
import { isPointCount, standingsAt } from './stored-points.js';

const DAY_MS = 86_400_000;

/** By the hour for a span of two days or less, else by the day. */
const stepFor = (spanMs: number): Step => (spanMs <= 2 * DAY_MS ? 'hour' : 'day');

/** The series a chart draws, and when it would first look different with no change of data. */
interface ChartSeries {
  points: ChartPoint[];
  /**
   * By the day, the next UTC midnight (its points fall on midnights, its dates are days); by the
   * hour, the next minute (its last point is now, labelled to the minute).
   */
  changesAt: number;
}

/**
 * The series a chart of the last `days` days draws. It ends where the history endpoint's does when
 * asked no `to`, so both show the same standings now. A history younger than the period starts
 * the series at its first row, by the hour when that is two days or less ago: a guild set up an
 * hour ago has lines of an hour, not the one dot of today in a month of nothing.
 */
export async function chartSeries(
  read: ReadService,
  guildId: string,
  days: number,
  now: number,
): Promise<ChartSeries> {
  const to = defaultTo(now);
  const periodStart = to - days * DAY_MS;
  const firstText = await read.pointsHistory.firstAt(guildId);
  const first = firstText === null ? null : Date.parse(firstText);
  const young = first !== null && first > periodStart && first < to;
  const step = stepFor(young ? to - first : days * DAY_MS);
  const instants = young
    ? termSeriesInstants(first, to, step)
    : seriesInstants({ step, from: stepStart(periodStart, step), to });
  const series = await readSeriesAt(read.pointsHistory, guildId, instants);
  return {
    points: series.map(({ at, ...values }) => ({ at, values })),
    changesAt: step === 'day' ? stepStart(now, 'day') + DAY_MS : now - (now % 60_000) + 60_000,
  };
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
  // Before the week: a change at Monday 00:00:00.000 is the week's, as a member's is. Instants
  // are kept to the millisecond on both stores.
  const before = instantText(Date.parse(week.from) - 1);
  const to = instantText(defaultTo(now));
  const [atStart, latest] = await standingsAt(read.pointsHistory, guildId, [before, to]);
  if (!latest) return null;
  const baseline = { ...(atStart ?? NO_POINTS) };
  if (HOUSES.some((house) => baseline[house] === null)) {
    // Only a guild that had no points when the week began reads its week's rows.
    for (const entry of await read.pointsHistory.between(guildId, before, to)) {
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
