import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { raceAxis, spreadLabels } from '../../src/pages/chart-scale.js';
import { HOUSE_NAMES } from '../../src/pages/hall-of-cups.js';
import { LABEL_GAP } from '../../src/pages/race-chart.js';
import { scoreboardPage } from '../../src/pages/scoreboard-page.js';
import { packageRoot } from '../../src/paths.js';
import type { ChartPoint } from '../../src/pictures/chart-input.js';
import { HOUSES, type House } from '../../src/records/houses.js';

/*
 * The public page's own chart (inline SVG, src/pages/race-chart.ts): four lines, each labelled
 * at its end with its house and value (its house alone on a phone), on an axis that spans the
 * race with a margin rather than from 0, dates that write the hour for a race of two days or
 * less, and no second set of bars repeating the standings.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
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

/** `count` points `every` ms apart, the first at `from`, in a close race ending on END. */
function raceOf(from: string, count: number, every: number): ChartPoint[] {
  return closeRace()
    .slice(-count)
    .map((point, i) => ({ ...point, at: new Date(Date.parse(from) + i * every).toISOString() }));
}

/** The row of dates under the lines. */
const dateRow = (html: string) => html.match(/<p class="dates[^"]*"[^>]*>.*?<\/p>/)?.[0];

/** One of the two sets of end labels (`wide`: with values, `narrow`: the houses alone). */
function endsOf(html: string, set: 'wide' | 'narrow'): { width: number; markup: string } {
  const match = html.match(
    new RegExp(`<svg class="ends ${set}" width="([\\d.]+)em"[^>]*>(.*?)</svg>`),
  );
  if (!match) throw new Error(`no ${set} end labels`);
  return { width: Number(match[1]), markup: match[2] ?? '' };
}

const SHEET = readFileSync(join(packageRoot, 'public', 'cup.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

/**
 * The declarations the style sheet gives `selector` (one of a rule's selector list), at its top
 * level or, with `media`, inside that `@media` only: the sheet's rules are one level deep.
 */
function style(selector: string, media?: string): Record<string, string> {
  const blocks = [...SHEET.matchAll(/@media\s*([^{]+?)\s*\{((?:[^{}]*\{[^{}]*\})*)\s*\}/g)];
  const scope =
    media === undefined
      ? blocks.reduce((rest, block) => rest.replace(block[0], ''), SHEET)
      : blocks
          .filter((block) => block[1] === media)
          .map((block) => block[2] ?? '')
          .join('');
  const found: Record<string, string> = {};
  for (const [, selectors = '', body = ''] of scope.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!selectors.split(',').some((one) => one.trim().replace(/\s+/g, ' ') === selector)) {
      continue;
    }
    for (const declaration of body.split(';')) {
      const [property, ...value] = declaration.split(':');
      if (property?.trim()) found[property.trim()] = value.join(':').trim();
    }
  }
  return found;
}

/** The axis' values, their places (in %) and the width (in em) of their column. */
function ticksOf(html: string): { values: number[]; places: number[]; width: number } {
  const match = html.match(/<svg class="ticks" width="([\d.]+)em"[^>]*>(.*?)<\/svg>/);
  if (!match) throw new Error("no axis' values");
  const texts = [...(match[2] ?? '').matchAll(/<text [^>]*y="([\d.]+)%"[^>]*>([\d,]+)<\/text>/g)];
  return {
    values: texts.map((text) => Number((text[2] ?? '').replaceAll(',', ''))),
    places: texts.map((text) => Number(text[1])),
    width: Number(match[1]),
  };
}

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
    const ticks = ticksOf(html).values;
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

  it('labels each line with its house alone on a phone, with its value on wider screens', () => {
    const html = page(closeRace());
    const wide = endsOf(html, 'wide');
    const narrow = endsOf(html, 'narrow');
    for (const [house, name] of Object.entries(HOUSE_NAMES)) {
      expect(narrow.markup).toContain(`data-house="${house}" x="0.95em" y="`);
      expect(narrow.markup).toMatch(new RegExp(`data-house="${house}"[^>]*>${name}</text>`));
      expect(narrow.markup).toContain(`<line class="leader ${house}"`);
    }
    expect(narrow.markup).not.toContain('class="value"');
    expect(wide.markup).toContain('Gryffindor <tspan class="value">1,240</tspan>');
    // Without the values the labels give the lines their width back: " 1,240" is 6 characters.
    expect(narrow.width).toBeLessThanOrEqual(wide.width - 3);
    // The same places, each set as far apart as LABEL_GAP asks and led to the same line ends.
    const leaders = (markup: string) => [...markup.matchAll(/<line [^>]*\/>/g)].map((m) => m[0]);
    expect(leaders(narrow.markup)).toEqual(leaders(wide.markup));
    expect(labelPlaces(narrow.markup)).toEqual(labelPlaces(wide.markup));
    // One set shown at a time: the names below 32rem, the values from there on.
    expect(style('.race .ends.wide').display).toBe('none');
    expect(style('.race .ends.narrow').display).toBeUndefined();
    expect(style('.race .ends.wide', '(min-width: 32rem)').display).toBe('block');
    expect(style('.race .ends.narrow', '(min-width: 32rem)').display).toBe('none');
    // Sized in the labels' own em, as their widths are reckoned.
    expect(style('.ends')['font-size']).toBe('clamp(0.8rem, 1.1vw, 1rem)');
    expect(style('.ends text')['font-size']).toBeUndefined();
  });

  it("writes the axis' values in a column of their own, where no line passes under them", () => {
    const html = page(closeRace());
    const ticks = ticksOf(html);
    // Each value level with its grid line, as wide a column as the longest ("1,200") needs.
    const grid = html.match(/<path class="grid" d="([^"]+)"/)?.[1] ?? '';
    const lines = [...grid.matchAll(/M0 ([\d.]+)H1000/g)].map((match) => Number(match[1]) / 10);
    expect(ticks.places).toEqual(lines);
    expect(ticks.width).toBeGreaterThanOrEqual('1,200'.length * 0.6);
    // The three columns: the values, the lines, the end labels; the dates under the lines.
    expect(style('.race')['grid-template-columns']).toBe('auto minmax(0, 1fr) auto');
    expect(style('.ticks')['grid-area']).toBe('1 / 1');
    expect(style('.plot')['grid-area']).toBe('1 / 2');
    expect(style('.ends')['grid-area']).toBe('1 / 3');
    expect(style('.race .dates')['grid-area']).toBe('2 / 2');
    // Sized in the values' own em, as the column's width is reckoned.
    expect(style('.ticks')['font-size']).toBeDefined();
    expect(style('.ticks text')['font-size']).toBeUndefined();
    expect(style('.ticks text')['text-anchor']).toBe('end');
  });

  it('writes days under a month-long race', () => {
    expect(dateRow(page(closeRace()))).toBe(
      '<p class="dates" aria-hidden="true"><span>Oct 27</span><span class="middle">Nov 11</span><span>Nov 26</span></p>',
    );
  });

  it('writes times in UTC, as the PNG does, under a race of two days or less (a young guild)', () => {
    expect(dateRow(page(raceOf('2026-11-29T14:05:00.000Z', 7, HOUR)))).toBe(
      '<p class="dates times" aria-hidden="true"><span>Nov 29, 14:05</span><span class="middle">Nov 29, 17:05</span><span>Nov 29, 20:05 UTC</span></p>',
    );
    // Two days exactly still writes times, on the 24-hour clock of the latest awards.
    expect(dateRow(page(raceOf('2026-11-28T00:00:00.000Z', 3, DAY)))).toBe(
      '<p class="dates times" aria-hidden="true"><span>Nov 28, 00:00</span><span class="middle">Nov 29, 00:00</span><span>Nov 30, 00:00 UTC</span></p>',
    );
    expect(dateRow(page(raceOf('2026-11-27T00:00:00.000Z', 4, DAY)))).toBe(
      '<p class="dates" aria-hidden="true"><span>Nov 27</span><span class="middle">Nov 28</span><span>Nov 30</span></p>',
    );
    // Each point's date once: a guild of two points, or of one, has no middle.
    expect(dateRow(page(raceOf('2026-11-29T14:05:00.000Z', 2, 30 * 60_000)))).toBe(
      '<p class="dates times" aria-hidden="true"><span>Nov 29, 14:05</span><span>Nov 29, 14:35 UTC</span></p>',
    );
    expect(dateRow(page(raceOf('2026-11-29T14:05:00.000Z', 1, HOUR)))).toBe(
      '<p class="dates times" aria-hidden="true"><span>Nov 29, 14:05 UTC</span></p>',
    );
    // On a phone the middle time is left out: three would not fit under the lines.
    expect(style('.race .dates.times .middle').display).toBe('none');
    expect(style('.race .dates.times .middle', '(min-width: 32rem)').display).toBe('inline');
  });

  it('says since when the race begins, for a guild younger than the period', () => {
    const young = page(raceOf('2026-11-29T14:05:00.000Z', 7, HOUR));
    expect(young).toContain('<figcaption>Since Nov 29, 14:05 UTC</figcaption>');
    expect(young).toContain('aria-label="House points since Nov 29, 14:05 UTC. Now:');
    const weeks = page(raceOf('2026-11-09T00:00:00.000Z', 22, DAY));
    expect(weeks).toContain('<figcaption>Since Nov 9</figcaption>');
    expect(page(closeRace())).toContain('<figcaption>Last 30 days</figcaption>');
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
