import type { ChartPoint } from '../pictures/chart-input.js';
import type { ReadService } from '../read/service.js';
import type { HousePoints } from '../records/house-points.js';
import { HOUSES, type House } from '../records/houses.js';
import {
  defaultTo,
  instantText,
  readSeries,
  type SeriesRange,
  type Step,
  stepStart,
} from './history-series.js';
import { standingsAt } from './stored-points.js';

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
 * Each house's change over the last 7 days (`▲ 120 this week`): its points now less its points
 * 7 days before the end the history endpoint takes by default, a house that had none then
 * counting from 0. Null when the guild has no history at all (nothing to compare with).
 */
export async function weekChange(
  read: ReadService,
  guildId: string,
  standings: HousePoints,
  now: number,
): Promise<Record<House, number> | null> {
  const to = defaultTo(now);
  const [then, latest] = await standingsAt(read.pointsHistory, guildId, [
    instantText(to - 7 * DAY_MS),
    instantText(to),
  ]);
  if (!latest) return null;
  const change = {} as Record<House, number>;
  for (const house of HOUSES) change[house] = standings[house] - (then?.[house] ?? 0);
  return change;
}
