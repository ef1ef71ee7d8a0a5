import { type ChartInput, DEFAULT_HOUSE_NAMES } from '../pictures/chart-input.js';
import { renderChartPng } from '../pictures/render-chart.js';
import type { ReadService } from '../read/service.js';
import { type CacheableAnswer, errorAnswer } from './answer.js';
import { ApiError, MESSAGES } from './errors.js';
import { chartSeries } from './house-cup.js';
import { type IntegerBounds, invalidIntegerText, isWithin } from './integer-text.js';
import { currentPoints } from './stored-points.js';

export interface ChartQuery {
  width?: number | undefined;
  height?: number | undefined;
  days?: number | undefined;
}

export const CHART_DEFAULTS = { width: 800, height: 400, days: 30 } as const;

/** What a request may ask for: the API's parameters and the public chart's size. */
export const CHART_BOUNDS = {
  width: { minimum: 400, maximum: 1600 },
  height: { minimum: 200, maximum: 1000 },
  days: { minimum: 1, maximum: 365 },
} as const satisfies Record<keyof ChartQuery, IntegerBounds>;

const CHART_PARAMETERS = Object.keys(CHART_BOUNDS) as (keyof ChartQuery)[];

/**
 * What GET /v1/points/:guildId/chart.png answers (DESIGN §11): the PNG, or the points 404 JSON.
 * Cached per guild and size until the guild's data changes, and at most a minute: its lines end
 * at the time it was drawn.
 */
export function chartAnswer(
  read: ReadService,
  guildId: string,
  query: ChartQuery,
  clock: () => number = Date.now,
): CacheableAnswer {
  const asked = {
    width: query.width ?? CHART_DEFAULTS.width,
    height: query.height ?? CHART_DEFAULTS.height,
    days: query.days ?? CHART_DEFAULTS.days,
  };
  // The routes refuse these already; this is the last check before the canvas, which aborts the
  // whole process on a size it cannot allocate (±Infinity: issue 29) rather than throwing.
  for (const name of CHART_PARAMETERS) {
    const bounds = CHART_BOUNDS[name];
    if (!isWithin(asked[name], bounds)) throw new ApiError(400, invalidIntegerText(name, bounds));
  }
  const { width, height, days } = asked;
  return {
    key: `chart:${guildId}:${width}x${height}:${days}`,
    async build() {
      const now = clock();
      const input = await chartInput(read, guildId, asked, now);
      if (!input) return errorAnswer(404, MESSAGES.noPoints);
      const body = await renderChartPng(input);
      return { status: 200, body, type: 'image/png', staleAt: now + 60_000 };
    },
  };
}

/**
 * What the chart answer draws at `now`: the standings and the series of the last `days` days;
 * null when the guild has no points. Apart so that what a picture shows can be checked without
 * reading pixels.
 */
export async function chartInput(
  read: ReadService,
  guildId: string,
  { width, height, days }: Record<keyof ChartQuery, number>,
  now: number,
): Promise<ChartInput | null> {
  const standings = await currentPoints(read, guildId);
  if (!standings) return null;
  const series = await chartSeries(read, guildId, days, now);
  return { standings, series, width, height, locale: 'en', houseNames: DEFAULT_HOUSE_NAMES };
}
