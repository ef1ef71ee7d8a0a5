import { mkdirSync, writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { pictureWords } from '../../src/bot/embeds/points.js';
import { languageOf, type SpokenLocale } from '../../src/bot/i18n/index.js';
import {
  type ChartInput,
  type ChartPoint,
  DEFAULT_HOUSE_NAMES,
  HOUSE_COLOURS,
} from '../../src/pictures/chart-input.js';
import { layoutChart } from '../../src/pictures/chart-layout.js';
import { ranksOf } from '../../src/pictures/ranks.js';
import { renderChartPng } from '../../src/pictures/render-chart.js';
import { lineScale } from '../../src/pictures/scale.js';
import { HOUSES } from '../../src/records/houses.js';

type Four = [number | null, number | null, number | null, number | null];

function series(days: number, values: (day: number) => Four): ChartPoint[] {
  const start = Date.UTC(2026, 10, 23) - (days - 1) * 86_400_000;
  return Array.from({ length: days }, (_, day) => {
    const [gryffindor, slytherin, ravenclaw, hufflepuff] = values(day);
    return {
      at: new Date(start + day * 86_400_000).toISOString(),
      values: { gryffindor, slytherin, ravenclaw, hufflepuff },
    };
  });
}

const THIRTY_DAYS: Pick<ChartInput, 'standings' | 'series'> = {
  standings: { gryffindor: 1240, slytherin: 1185, ravenclaw: 960, hufflepuff: 1012 },
  series: series(30, (d) => [400 + d * 28, 500 + d * 23, 300 + d * 22, 350 + d * 22]),
};

const CASES: Record<string, Pick<ChartInput, 'standings' | 'series'>> = {
  'no-history': {
    standings: { gryffindor: 1240, slytherin: 1185, ravenclaw: 960, hufflepuff: 1012 },
    series: [],
  },
  'one-day': {
    standings: { gryffindor: 10, slytherin: 20, ravenclaw: 30, hufflepuff: 40 },
    series: series(1, () => [10, 20, 30, 40]),
  },
  'thirty-days': THIRTY_DAYS,
  year: {
    standings: { gryffindor: 52340, slytherin: 48110, ravenclaw: 50990, hufflepuff: 47001 },
    series: series(365, (d) => [d * 143, d * 131, d * 139, d * 128]),
  },
  zero: { standings: { gryffindor: 0, slytherin: 0, ravenclaw: 0, hufflepuff: 0 }, series: [] },
  equal: {
    standings: { gryffindor: 500, slytherin: 500, ravenclaw: 500, hufflepuff: 500 },
    series: series(10, () => [500, 500, 500, 500]),
  },
  negative: {
    standings: { gryffindor: -120, slytherin: 340, ravenclaw: -30, hufflepuff: 80 },
    series: series(14, (d) => [-d * 9, d * 24, -d * 2, d * 6]),
  },
  'far-ahead': {
    standings: { gryffindor: 98000, slytherin: 1200, ravenclaw: 900, hufflepuff: 40 },
    series: series(30, (d) => [d * 3300, d * 40, d * 30, d < 10 ? null : d]),
  },
};

async function pixels(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    data: ctx.getImageData(0, 0, image.width, image.height).data,
  };
}

function hasColour(data: Uint8ClampedArray, hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] === r && data[i + 1] === g && data[i + 2] === b) return true;
  }
  return false;
}

// Written where a developer can look at them (test/artifacts is not committed).
const ARTIFACTS = new URL('../artifacts/charts/', import.meta.url);

describe('the house cup chart', () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const [name, data] of Object.entries(CASES)) {
    for (const [width, height] of [
      [400, 200],
      [800, 400],
      [1600, 1000],
    ] as const) {
      it(`draws ${name} at ${width}×${height} as a PNG of that size in the house colours`, async () => {
        const png = await renderChartPng({
          ...data,
          width,
          height,
          locale: 'en',
          houseNames: DEFAULT_HOUSE_NAMES,
          titles: { period: 'Last 30 days', standings: 'Current standings' },
        });
        writeFileSync(new URL(`${name}-${width}.png`, ARTIFACTS), png);
        expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
        const picture = await pixels(png);
        expect([picture.width, picture.height]).toEqual([width, height]);
        for (const house of HOUSES)
          expect(hasColour(picture.data, HOUSE_COLOURS[house])).toBe(true);
      });
    }
  }

  it('draws the same picture twice (no machine font plays a part)', async () => {
    const input = {
      ...THIRTY_DAYS,
      width: 800,
      height: 400,
      locale: 'de',
      houseNames: DEFAULT_HOUSE_NAMES,
      titles: { period: 'Last 30 days', standings: 'Current standings' },
    };
    expect((await renderChartPng(input)).equals(await renderChartPng(input))).toBe(true);
  });

  it('ranks equal points alike', () => {
    expect(ranksOf({ gryffindor: 5, slytherin: 9, ravenclaw: 5, hufflepuff: 1 })).toEqual({
      gryffindor: 2,
      slytherin: 1,
      ravenclaw: 2,
      hufflepuff: 4,
    });
  });
});

const DRAWN = {
  width: 800,
  height: 400,
  locale: 'en',
  houseNames: DEFAULT_HOUSE_NAMES,
  titles: { period: 'Last 30 days', standings: 'Current standings' },
};

const standings = (g: number, s: number, r: number, h: number) => ({
  gryffindor: g,
  slytherin: s,
  ravenclaw: r,
  hufflepuff: h,
});

/** A race ending at `end`, from `from` 30 days ago, in a straight line. */
function race(from: Four, end: [number, number, number, number]) {
  return {
    standings: standings(...end),
    series: series(
      31,
      (d) =>
        from.map((v, i) =>
          v === null ? null : Math.round(v + ((end[i] ?? 0) - v) * (d / 30)),
        ) as Four,
    ),
  };
}

const CLOSE_RACE = race([1100, 1120, 880, 905], [1240, 1185, 960, 1012]);

describe('the bars: in rank order, each with its rank and number', () => {
  it.each([
    [
      'a clear order',
      standings(1240, 1185, 960, 1012),
      ['gryffindor', 'slytherin', 'hufflepuff', 'ravenclaw'],
      [1, 2, 3, 4],
    ],
    [
      'Ravenclaw ahead',
      standings(10, 20, 40, 30),
      ['ravenclaw', 'hufflepuff', 'slytherin', 'gryffindor'],
      [1, 2, 3, 4],
    ],
    [
      'a tie for second',
      standings(5, 9, 5, 1),
      ['slytherin', 'gryffindor', 'ravenclaw', 'hufflepuff'],
      [1, 2, 2, 4],
    ],
    [
      'a tie for first',
      standings(1200, 1200, 1150, 1090),
      ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff'],
      [1, 1, 3, 4],
    ],
    [
      'all equal',
      standings(500, 500, 500, 500),
      ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff'],
      [1, 1, 1, 1],
    ],
    [
      'below zero',
      standings(-120, 340, -30, 80),
      ['slytherin', 'hufflepuff', 'ravenclaw', 'gryffindor'],
      [1, 2, 3, 4],
    ],
  ] as const)('%s', (_name, points, order, ranks) => {
    const { bars } = layoutChart({ ...DRAWN, standings: points, series: [] });
    expect(bars.rows.map((row) => row.house)).toEqual(order);
    expect(bars.rows.map((row) => row.rankText.text)).toEqual(ranks.map(String));
    expect(bars.rows.map((row) => row.number.text)).toEqual(
      order.map((house) => new Intl.NumberFormat('en').format(points[house])),
    );
    // First place on top: each row below the one before.
    const tops = bars.rows.map((row) => row.bar.y);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(new Set(tops).size).toBe(4);
  });

  it.each([
    ['gryffindor', standings(1240, 1185, 960, 1012)],
    ['ravenclaw', standings(10, 20, 40, 30)],
    ['hufflepuff', standings(300, 200, 100, 400)],
  ] as const)('draws the top bar in the leader’s colour (%s)', async (leader, points) => {
    const input = { ...DRAWN, standings: points, series: CLOSE_RACE.series };
    const [top] = layoutChart(input).bars.rows;
    if (!top) throw new Error('no bars');
    const picture = await pixels(await renderChartPng(input));
    const x = Math.round(top.bar.x + Math.min(top.bar.width, 40) / 2);
    const y = Math.round(top.bar.y + top.bar.height / 2);
    const at = (y * picture.width + x) * 4;
    const colour = `#${[0, 1, 2].map((i) => (picture.data[at + i] ?? 0).toString(16).padStart(2, '0')).join('')}`;
    expect(colour.toUpperCase()).toBe(HOUSE_COLOURS[leader]);
  });
});

describe('the lines: an axis around the race, each end labelled', () => {
  it('spans a close race with a margin, not from 0', () => {
    const lines = layoutChart({ ...DRAWN, ...CLOSE_RACE }).lines;
    if (!lines) throw new Error('no lines');
    expect(lines.scale.low).toBeGreaterThan(0);
    expect(lines.scale.low).toBeLessThan(880);
    expect(lines.scale.high).toBeGreaterThan(1240);
    // The race fills most of the height: 880 to 1,240 is over 80 % of the axis.
    expect((1240 - 880) / (lines.scale.high - lines.scale.low)).toBeGreaterThan(0.8);
    expect(Math.min(...lines.ticks.map((tick) => tick.value))).toBeGreaterThan(0);
    expect(lines.ticks.length).toBeGreaterThanOrEqual(3);
    // 1,240 and 1,185 end well apart: the gap between them is visible.
    const [first, second] = lines.ends;
    expect((second?.point.y ?? 0) - (first?.point.y ?? 0)).toBeGreaterThan(20);
  });

  it('keeps 0 in sight only when the race reaches it', () => {
    expect(lineScale(880, 1240).low).toBeGreaterThan(0);
    expect(lineScale(0, 1240).low).toBe(0);
    expect(lineScale(5, 1240).low).toBe(0);
    expect(lineScale(-120, 340).low).toBeLessThan(-120);
    expect(lineScale(500, 500)).toMatchObject({ low: 475, high: 525 });
  });

  it.each([
    ['a close race', CLOSE_RACE],
    ['a tie for first', race([1000, 1050, 1080, 1000], [1200, 1200, 1150, 1090])],
    ['two a point apart', race([1000, 1000, 500, 400], [1200, 1199, 700, 690])],
    ['all four equal', race([500, 500, 500, 500], [500, 500, 500, 500])],
    ['one joining late', { ...CASES['far-ahead'] }],
  ] as [string, Pick<ChartInput, 'standings' | 'series'>][])(
    '%s: every end labelled with house and value, no two labels overlapping',
    (_name, data) => {
      for (const [width, height] of [
        [400, 200],
        [800, 400],
        [1600, 1000],
      ] as const) {
        const layout = layoutChart({ ...DRAWN, ...data, width, height });
        const lines = layout.lines;
        if (!lines) throw new Error('no lines');
        expect(lines.ends.map((end) => end.house).sort()).toEqual([...HOUSES].sort());
        for (const end of lines.ends) {
          expect(end.label.text).toBe(
            `${DEFAULT_HOUSE_NAMES[end.house]} ${new Intl.NumberFormat('en').format(end.value)}`,
          );
          // Inside the picture, right of the lines.
          expect(end.box.x).toBeGreaterThanOrEqual(lines.plot.x + lines.plot.width);
          expect(end.box.x + end.box.width).toBeLessThanOrEqual(width);
          expect(end.box.y).toBeGreaterThanOrEqual(0);
          expect(end.box.y + end.box.height).toBeLessThanOrEqual(height);
        }
        for (const [i, a] of lines.ends.entries()) {
          for (const b of lines.ends.slice(i + 1)) {
            const apart = a.box.y + a.box.height <= b.box.y || b.box.y + b.box.height <= a.box.y;
            expect(apart, `${a.house} and ${b.house} at ${width}×${height}`).toBe(true);
          }
        }
        // Tied ends read in rank order, top to bottom.
        const byPosition = [...lines.ends].sort((a, b) => a.box.y - b.box.y);
        for (const [i, end] of byPosition.entries()) {
          const next = byPosition[i + 1];
          if (next && next.value === end.value) {
            expect(layout.bars.rows.findIndex((r) => r.house === end.house)).toBeLessThan(
              layout.bars.rows.findIndex((r) => r.house === next.house),
            );
          }
        }
      }
    },
  );

  it('places a label at its line’s end when nothing is in the way', () => {
    const lines = layoutChart({ ...DRAWN, ...CLOSE_RACE }).lines;
    for (const end of lines?.ends ?? []) expect(end.label.y).toBeCloseTo(end.point.y, 0);
  });
});

// The rule is src/pictures/race-dates.ts, the page's too (test/pages/race-chart.test.ts).
describe('the dates under the lines: the hour for two days or less', () => {
  /** CLOSE_RACE's points `every` ms apart from `from`: a guild's race as long as they make it. */
  const spanning = (from: string, count: number, every: number) => ({
    ...CLOSE_RACE,
    series: CLOSE_RACE.series
      .slice(-count)
      .map((point, i) => ({ ...point, at: new Date(Date.parse(from) + i * every).toISOString() })),
  });
  const dates = (data: Pick<ChartInput, 'standings' | 'series'>, locale = 'en') =>
    layoutChart({ ...DRAWN, ...data, locale, width: 1600, height: 800 }).lines?.dates.map(
      (date) => date.text,
    );

  it.each([
    [
      'a young guild of a few hours',
      spanning('2026-11-29T14:05:00.000Z', 7, 3_600_000),
      'en',
      ['Nov 29, 02:05 PM', 'Nov 29, 08:05 PM'],
    ],
    [
      'two days exactly',
      spanning('2026-11-28T00:00:00.000Z', 3, 86_400_000),
      'de',
      ['28. Nov., 00:00', '29. Nov., 00:00', '30. Nov., 00:00'],
    ],
    [
      'three days',
      spanning('2026-11-27T00:00:00.000Z', 4, 86_400_000),
      'en',
      ['Nov 27', 'Nov 28', 'Nov 30'],
    ],
    ['a month', CLOSE_RACE, 'en', ['Oct 24', 'Nov 8', 'Nov 23']],
  ] as const)('%s', (_name, data, locale, written) => {
    expect(dates(data, locale)).toEqual(written);
  });

  it('writes the month and year under a race of a year', () => {
    const year = CASES.year;
    if (!year) throw new Error('no year');
    expect(dates(year)).toEqual(['Nov 2025', 'May 2026', 'Nov 2026']);
  });
});

describe('the title', () => {
  it('names the period over lines, and says "current standings" over bars alone', () => {
    expect(layoutChart({ ...DRAWN, ...CLOSE_RACE }).title.text).toBe('Last 30 days');
    expect(layoutChart({ ...DRAWN, ...CLOSE_RACE, series: [] }).title.text).toBe(
      'Current standings',
    );
  });

  it.each(Object.keys(EXPECTED_TITLES) as SpokenLocale[])(
    'is in the member’s language for /points (%s)',
    (locale) => {
      const language = languageOf(locale);
      const words = pictureWords(language, 30);
      const title = layoutChart({ ...DRAWN, ...CLOSE_RACE, ...words }).title.text;
      expect(title).toBe(EXPECTED_TITLES[locale]);
      expect(layoutChart({ ...DRAWN, ...CLOSE_RACE, ...words, series: [] }).title.text).toBe(
        language.t.chart.standings,
      );
      // The houses and numbers too.
      const lines = layoutChart({ ...DRAWN, ...CLOSE_RACE, ...words }).lines;
      expect(lines?.ends[0]?.label.text).toBe(
        `${language.t.houses.gryffindor} ${language.number(1240)}`,
      );
    },
  );

  it('counts days as each language does', () => {
    expect(pictureWords(languageOf('pl'), 2).titles.period).toBe('Ostatnie 2 dni');
    expect(pictureWords(languageOf('pl'), 1).titles.period).toBe('Ostatnie 24 godziny');
    expect(pictureWords(languageOf('en-US'), 1).titles.period).toBe('Last 24 hours');
  });
});

const EXPECTED_TITLES: Record<string, string> = {
  'en-US': 'Last 30 days',
  'en-GB': 'Last 30 days',
  de: 'Letzte 30 Tage',
  'es-ES': 'Últimos 30 días',
  'es-419': 'Últimos 30 días',
  fr: '30 derniers jours',
  it: 'Ultimi 30 giorni',
  nl: 'Afgelopen 30 dagen',
  pl: 'Ostatnie 30 dni',
  'pt-BR': 'Últimos 30 dias',
};
