import { describe, expect, it } from 'vitest';
import { type ChartInput, DEFAULT_HOUSE_NAMES } from '../../src/pictures/chart-input.js';
import { renderChartPng } from '../../src/pictures/render-chart.js';
import { lineScale } from '../../src/pictures/scale.js';
import type { House } from '../../src/records/houses.js';

/*
 * The chart never hands the native canvas a number it cannot place: a NaN or an infinity there
 * aborts the whole process (a Rust panic in @napi-rs/canvas), it does not throw. Whatever the
 * caller passes, a bad standing is drawn as 0 and a bad point of a line as no value.
 */

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1);
const four = (g: unknown, s: unknown, r: unknown, h: unknown) =>
  ({ gryffindor: g, slytherin: s, ravenclaw: r, hufflepuff: h }) as Record<House, number>;

function input(
  standings: Record<House, number>,
  lines: Record<House, number | null>[],
): ChartInput {
  return {
    standings,
    series: lines.map((values, day) => ({ at: new Date(START + day * DAY).toISOString(), values })),
    width: 800,
    height: 400,
    locale: 'en',
    houseNames: DEFAULT_HOUSE_NAMES,
    titles: { period: 'Last 30 days', standings: 'Current standings' },
  };
}

describe('a chart of values no store should hold', () => {
  it('is drawn as if each bad value were absent', async () => {
    const bad = input(four(Number.NaN, Number.POSITIVE_INFINITY, -1e308, 'oops'), [
      four(100, 90, 80, 70),
      four('oops', -1e308, 1e308, 1.5),
      four(Number.NaN, 2 ** 60, Number.NEGATIVE_INFINITY, 75),
      four(120, 95, 85, 80),
    ]);
    const absent = input(four(0, 0, 0, 0), [
      four(100, 90, 80, 70),
      four(null, null, null, null),
      four(null, null, null, 75),
      four(120, 95, 85, 80),
    ]);
    const drawn = await renderChartPng(bad);
    expect(drawn.subarray(1, 4).toString()).toBe('PNG');
    expect(drawn.equals(await renderChartPng(absent))).toBe(true);
  });

  it('draws no line when no value of the history can be drawn', async () => {
    const bad = input(four(1, 2, 3, 4), [four('oops', -1e308, 1e308, Number.NaN)]);
    const none = input(four(1, 2, 3, 4), []);
    expect((await renderChartPng(bad)).equals(await renderChartPng(none))).toBe(true);
  });

  it('gives an axis of 0 to 1 for bounds no axis can show', () => {
    const unit = { low: 0, high: 1, ticks: [0, 1] };
    expect(lineScale(Number.NaN, Number.NaN)).toEqual(unit);
    expect(lineScale(-1e308, 1e308)).toEqual(unit);
    expect(lineScale(-Number.MAX_VALUE, 0)).toEqual(unit);
    // No values at all (the range of an empty series): Infinity to -Infinity.
    expect(lineScale(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)).toEqual(unit);
    const huge = lineScale(0, 2 ** 53);
    expect(huge.ticks.length).toBeGreaterThan(1);
    expect(huge.ticks.length).toBeLessThan(10);
  });
});
