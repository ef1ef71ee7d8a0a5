import { mkdirSync, writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  type ChartInput,
  type ChartPoint,
  DEFAULT_HOUSE_NAMES,
  HOUSE_COLOURS,
} from '../../src/pictures/chart-input.js';
import { ranksOf } from '../../src/pictures/ranks.js';
import { renderChartPng } from '../../src/pictures/render-chart.js';
import { niceTicks } from '../../src/pictures/scale.js';
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

  it('puts round ticks around zero and the data', () => {
    expect(niceTicks(0, 0)).toEqual([0, 1]);
    expect(niceTicks(-120, 340)).toEqual([-200, 0, 200, 400]);
    expect(niceTicks(300, 1240)).toEqual([0, 500, 1000, 1500]);
  });
});
