import type { ChartPoint } from '../pictures/chart-input.js';
import type { ReadService } from '../read/service.js';
import type { HousePoints } from '../records/house-points.js';
import { HOUSES, type House } from '../records/houses.js';
import {
  defaultTo,
  instantText,
  readSeries,
  type SeriesRange,
  stepStart,
} from './history-series.js';
import { standingsAt } from './stored-points.js';

const DAY_MS = 86_400_000;

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
  const step = days <= 2 ? 'hour' : 'day';
  const to = defaultTo(now);
  const range: SeriesRange = { step, from: stepStart(to - days * DAY_MS, step), to };
  const series = await readSeries(read.pointsHistory, guildId, range);
  return series.map(({ at, ...values }) => ({ at, values }));
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
