import { describe, expect, it } from 'vitest';
import { raceAxis, spreadLabels } from '../../src/pages/chart-scale.js';
import { LABEL_GAP } from '../../src/pages/race-chart.js';
import { scoreboardPage } from '../../src/pages/scoreboard-page.js';
import type { ChartPoint } from '../../src/pictures/chart-input.js';
import { HOUSES, type House } from '../../src/records/houses.js';

/*
 * The public page's own chart (inline SVG, src/pages/race-chart.ts): four lines, each labelled
 * at its end with its house and value, on an axis that spans the race with a margin rather than
 * from 0, and no second set of bars repeating the standings.
 */

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-26T12:00:00.000Z');
/** The end of NOW's week (Monday 00:00 UTC). */
const WEEK_ENDS = '2026-11-30T00:00:00.000Z';
const END = { gryffindor: 1240, slytherin: 1185, ravenclaw: 960, hufflepuff: 1012 };

/** 31 days of a close race ending on END. */
function closeRace(): ChartPoint[] {
  return Array.from({ length: 31 }, (_, day) => {
    const values = {} as Record<House, number>;
    for (const house of HOUSES) values[house] = END[house] - (30 - day) * 3;
    return { at: new Date(NOW - (30 - day) * DAY).toISOString(), values };
  });
}

const page = (series: ChartPoint[]) =>
  scoreboardPage({
    guildId: '1',
    title: 'House cup',
    standings: END,
    weekChange: { gryffindor: 21, slytherin: 21, ravenclaw: 21, hufflepuff: 21 },
    overlay: false,
    series,
    weekEndsAt: WEEK_ENDS,
  });

/** The `y` attributes (in %) of the end labels, by house. */
function labelPlaces(html: string): Record<string, number> {
  const places: Record<string, number> = {};
  for (const match of html.matchAll(
    /<text class="label" data-house="(\w+)" x="[^"]+" y="([\d.]+)%"/g,
  )) {
    places[match[1] ?? ''] = Number(match[2]);
  }
  return places;
}

describe("the page's chart", () => {
  it('draws four lines, each labelled at its end with house and value, and no bars', () => {
    const html = page(closeRace());
    expect(html).toContain('<figure class="chart" id="chart">');
    expect(html).toContain('<svg class="plot" viewBox="0 0 1000 1000" preserveAspectRatio="none"');
    for (const house of HOUSES) {
      expect(html).toMatch(
        new RegExp(`<path class="line ${house}" d="M0 [\\d.]+(L[\\d.]+ [\\d.]+){30}"/>`),
      );
    }
    for (const label of [
      'Gryffindor <tspan class="value">1,240',
      'Slytherin <tspan class="value">1,185',
      'Hufflepuff <tspan class="value">1,012',
      'Ravenclaw <tspan class="value">960',
    ]) {
      expect(html).toContain(label);
    }
    expect(Object.keys(labelPlaces(html)).sort()).toEqual([...HOUSES].sort());
    // The standings are the cards alone: no picture of bars, no <img> of the PNG.
    expect(html).not.toContain('chart.png');
    expect(html).not.toContain('<rect');
    expect(html).toContain(
      'aria-label="House points over the last 30 days. Now: Gryffindor 1,240, Slytherin 1,185, Hufflepuff 1,012, Ravenclaw 960."',
    );
  });

  it("spans a close race's range with a margin, not from 0", () => {
    const html = page(closeRace());
    const ticks = [
      ...html.matchAll(/<text x="0.3em" y="[\d.]+%" dy="-0.35em">([\d,]+)<\/text>/g),
    ].map((match) => Number((match[1] ?? '').replaceAll(',', '')));
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    // The race runs from 870 to 1,240: the axis sits around it, far above 0.
    expect(Math.min(...ticks)).toBeGreaterThanOrEqual(850);
    expect(Math.max(...ticks)).toBeLessThanOrEqual(1300);
    const axis = raceAxis(870, 1240);
    expect(axis.bottom).toBeCloseTo(833);
    expect(axis.top).toBeCloseTo(1277);
    expect(axis.ticks).toEqual([900, 1000, 1100, 1200]);
    // A range that is all above 0 never gets an axis below it; one below 0 keeps its margin.
    expect(raceAxis(0, 10).bottom).toBe(0);
    expect(raceAxis(-50, 50)).toMatchObject({ bottom: -60, top: 60 });
    expect(raceAxis(7, 7)).toMatchObject({ bottom: 6, top: 8, ticks: [6, 7, 8] });
  });

  it('keeps the end labels apart when the lines end close together, each near its line', () => {
    const tied = closeRace().map((point) => ({
      ...point,
      values: { gryffindor: 1000, slytherin: 1001, ravenclaw: 999, hufflepuff: 1000 },
    }));
    const places = Object.values(labelPlaces(page(tied))).sort((a, b) => a - b);
    expect(places).toHaveLength(4);
    for (let i = 1; i < places.length; i++) {
      expect((places[i] ?? 0) - (places[i - 1] ?? 0)).toBeGreaterThanOrEqual(LABEL_GAP - 0.1);
    }
    expect(spreadLabels([50, 50, 50, 50], 9)).toEqual([36.5, 45.5, 54.5, 63.5]);
    // Pushed in from the edges, in the lines' order.
    expect(spreadLabels([0, 1, 99, 100], 9)).toEqual([4.5, 13.5, 86.5, 95.5]);
    expect(spreadLabels([80, 10], 9)).toEqual([80, 10]);
  });

  it('draws nothing when no house has a value in the period', () => {
    const empty = closeRace().map((point) => ({
      ...point,
      values: { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null },
    }));
    expect(page(empty)).not.toContain('<figure');
  });
});

describe("the chart's axis at the ends of what points may hold", () => {
  it('ends, with a few ticks, for the largest and smallest safe integers', () => {
    const max = Number.MAX_SAFE_INTEGER;
    for (const [low, high] of [
      [max - 2, max],
      [max, max],
      [-max, max],
      [-max, -max + 3],
    ] as const) {
      const axis = raceAxis(low, high);
      expect(axis.ticks.length).toBeGreaterThan(0);
      expect(axis.ticks.length).toBeLessThanOrEqual(12);
      expect(axis.ticks.every(Number.isFinite)).toBe(true);
    }
  });
});
