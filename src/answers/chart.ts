import { DEFAULT_HOUSE_NAMES } from '../pictures/chart-input.js';
import { renderChartPng } from '../pictures/render-chart.js';
import type { ReadService } from '../read/service.js';
import { type CacheableAnswer, errorAnswer } from './answer.js';
import { MESSAGES } from './errors.js';
import { chartSeries } from './house-cup.js';
import { currentPoints } from './stored-points.js';

export interface ChartQuery {
  width?: number | undefined;
  height?: number | undefined;
  days?: number | undefined;
}

export const CHART_DEFAULTS = { width: 800, height: 400, days: 30 } as const;

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
  const width = query.width ?? CHART_DEFAULTS.width;
  const height = query.height ?? CHART_DEFAULTS.height;
  const days = query.days ?? CHART_DEFAULTS.days;
  return {
    key: `chart:${guildId}:${width}x${height}:${days}`,
    async build() {
      const now = clock();
      const standings = await currentPoints(read, guildId);
      if (!standings) return errorAnswer(404, MESSAGES.noPoints);
      const series = await chartSeries(read, guildId, days, now);
      const body = await renderChartPng({
        standings,
        series,
        width,
        height,
        locale: 'en',
        houseNames: DEFAULT_HOUSE_NAMES,
      });
      return { status: 200, body, type: 'image/png', staleAt: now + 60_000 };
    },
  };
}
