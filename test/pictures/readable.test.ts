import { describe, expect, it } from 'vitest';
import { CHART_BOUNDS } from '../../src/answers/chart.js';
import { defaultTo, stepStart } from '../../src/answers/history-series.js';
import { pictureWords } from '../../src/bot/embeds/points.js';
import { languageOf, type SpokenLocale } from '../../src/bot/i18n/index.js';
import type { ChartInput, ChartPoint } from '../../src/pictures/chart-input.js';
import { type ChartLayout, layoutChart, type Text } from '../../src/pictures/chart-layout.js';
import { HOUSES } from '../../src/records/houses.js';

/*
 * A chart reads at every size and period the API allows: no two of its texts overlap (dates,
 * the axis' numbers, the lines' end labels) and each stays inside the picture. The series are
 * made the way the chart's are (src/answers/house-cup.ts): by the hour for two days or less, by
 * the day beyond, ending at a moment that falls on no step.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-11-28T06:14:37.000Z');

function seriesOf(days: number, value: (house: number, step: number) => number): ChartPoint[] {
  const step = days <= 2 ? 'hour' : 'day';
  const to = defaultTo(NOW);
  const every = step === 'hour' ? HOUR : DAY;
  const instants: number[] = [];
  for (let at = stepStart(to - days * DAY, step); at < to; at += every) instants.push(at);
  instants.push(to);
  return instants.map((at, i) => ({
    at: new Date(at).toISOString(),
    values: Object.fromEntries(
      HOUSES.map((house, h) => [house, value(h, i)]),
    ) as ChartPoint['values'],
  }));
}

const SHAPES: Record<string, (house: number, step: number) => number> = {
  race: (house, step) => 1000 + house * 37 + step * (house + 1) * 3,
  flat: () => 500,
  large: (house, step) => 1_250_000 + house * 90_000 + step * 4_000,
};

function extent(label: Text): { left: number; right: number; top: number; bottom: number } {
  const left =
    label.align === 'left'
      ? label.x
      : label.align === 'right'
        ? label.x - label.width
        : label.x - label.width / 2;
  const top =
    label.baseline === 'top'
      ? label.y
      : label.baseline === 'middle'
        ? label.y - label.size / 2
        : label.y - label.size;
  return { left, right: left + label.width, top, bottom: top + label.size };
}

const overlap = (a: Text, b: Text) => {
  const x = extent(a);
  const y = extent(b);
  return x.left < y.right && y.left < x.right && x.top < y.bottom && y.top < x.bottom;
};

/** Every pair of texts that overlap, and every text that leaves the picture, by their words. */
function problems(layout: ChartLayout): string[] {
  const found: string[] = [];
  const lines = layout.lines;
  const texts = [
    layout.title,
    ...(lines
      ? [
          ...lines.dates,
          ...lines.ticks.map((tick) => tick.label),
          ...lines.ends.map((end) => end.label),
        ]
      : []),
  ];
  texts.forEach((a, i) => {
    const box = extent(a);
    if (box.left < -0.5 || box.right > layout.width + 0.5)
      found.push(`"${a.text}" leaves the picture`);
    for (const b of texts.slice(i + 1))
      if (overlap(a, b)) found.push(`"${a.text}" over "${b.text}"`);
  });
  return found;
}

const WIDTHS = [CHART_BOUNDS.width.minimum, 500, 640, 800, 900, 1200, CHART_BOUNDS.width.maximum];
const HEIGHTS = [CHART_BOUNDS.height.minimum, 300, 400, 700, CHART_BOUNDS.height.maximum];
const DAYS = [CHART_BOUNDS.days.minimum, 2, 3, 7, 30, 90, 200, CHART_BOUNDS.days.maximum];
const LOCALES: SpokenLocale[] = ['en-US', 'de', 'pt-BR'];

describe('a chart reads at every allowed size and period', () => {
  for (const locale of LOCALES) {
    it(`no two texts overlap and none leaves the picture (${locale})`, () => {
      const found: string[] = [];
      for (const days of DAYS) {
        const words = pictureWords(languageOf(locale), days);
        for (const [shape, value] of Object.entries(SHAPES)) {
          const series = seriesOf(days, value);
          const last = series.at(-1)?.values;
          const standings = Object.fromEntries(HOUSES.map((house) => [house, last?.[house] ?? 0]));
          for (const width of WIDTHS) {
            for (const height of HEIGHTS) {
              const input: ChartInput = {
                ...words,
                standings: standings as ChartInput['standings'],
                series,
                width,
                height,
              };
              for (const problem of problems(layoutChart(input))) {
                found.push(`${days} days, ${shape}, ${width}×${height}: ${problem}`);
              }
            }
          }
        }
      }
      expect(found.slice(0, 20)).toEqual([]);
    });
  }
});
