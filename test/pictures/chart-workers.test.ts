import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderSlots } from '../../src/budgets/render-slots.js';
import { type ChartInput, DEFAULT_HOUSE_NAMES } from '../../src/pictures/chart-input.js';
import { ChartWorkerError, ChartWorkers } from '../../src/pictures/chart-workers.js';
import { renderChartPng } from '../../src/pictures/render-chart.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { points } from '../support/history.js';

/*
 * The chart workers (src/pictures/chart-workers.ts): charts drawn and encoded off the event loop,
 * the same bytes as on it, a failing worker answered and replaced, no more threads than render
 * slots, none left behind.
 */

const FAILING = new URL('./fixtures/failing-chart-worker.mjs', import.meta.url);
const STUCK = new URL('./fixtures/stuck-chart-worker.mjs', import.meta.url);
const LEAVING = fileURLToPath(new URL('./fixtures/render-and-leave.mjs', import.meta.url));

const INPUT: ChartInput = {
  standings: { gryffindor: 1240, slytherin: 1185, ravenclaw: 960, hufflepuff: 1012 },
  series: Array.from({ length: 30 }, (_, day) => ({
    at: new Date(Date.UTC(2026, 9, 25) + day * 86_400_000).toISOString(),
    values: {
      gryffindor: 400 + day * 28,
      slytherin: day === 4 ? null : 500 + day * 23,
      ravenclaw: 300 + day * 22,
      hufflepuff: 350 + day * 22,
    },
  })),
  width: 800,
  height: 400,
  locale: 'fr',
  houseNames: DEFAULT_HOUSE_NAMES,
  titles: { period: '30 derniers jours', standings: 'Classement actuel' },
};

describe('the chart workers', () => {
  it('draw the very bytes the main thread draws, from the input copied as plain data', async () => {
    expect(structuredClone(INPUT)).toEqual(INPUT);
    const workers = new ChartWorkers({ size: 1 });
    try {
      const png = await workers.render(INPUT);
      expect(png.equals(await renderChartPng(INPUT))).toBe(true);
      // Not plain data: that chart fails, the worker goes on.
      const unsendable = { ...INPUT, locale: (() => 'en') as unknown as string };
      await expect(workers.render(unsendable)).rejects.toThrow(ChartWorkerError);
      expect((await workers.render(INPUT)).equals(png)).toBe(true);
      expect(workers.stats()).toMatchObject({ workers: 1, started: 1, lost: 0 });
    } finally {
      await workers.close();
    }
  });

  it('answer a worker that throws or ends as a failed chart, and replace it', async () => {
    const workers = new ChartWorkers({ size: 1, script: FAILING });
    const expected = await renderChartPng(INPUT);
    try {
      for (const [width, why] of [
        [401, 'threw: the fixture worker threw'],
        [402, 'exited with code 3'],
      ] as const) {
        await expect(workers.render({ ...INPUT, width })).rejects.toThrow(
          new ChartWorkerError(`A chart worker ${why}`),
        );
        expect((await workers.render(INPUT)).equals(expected)).toBe(true);
      }
      expect(workers.stats()).toMatchObject({ workers: 1, busy: 0, started: 3, lost: 2 });
    } finally {
      await workers.close();
    }
    expect(workers.stats()).toMatchObject({ workers: 0, busy: 0, waiting: 0 });
    await expect(workers.render(INPUT)).rejects.toThrow('The chart workers are closed');
  });

  it('end a worker that takes longer than the limit, fail its chart, and draw the next', async () => {
    // The limit counts from the worker's load, so the replacement's start on a busy machine is not in
    // it; the chart after it takes milliseconds, far within 5 s even there.
    const workers = new ChartWorkers({ size: 1, script: FAILING, timeoutMs: 5_000 });
    const expected = await renderChartPng(INPUT);
    try {
      await expect(workers.render({ ...INPUT, width: 403 })).rejects.toThrow(
        new ChartWorkerError('A chart worker took longer than 5000 ms'),
      );
      expect((await workers.render(INPUT)).equals(expected)).toBe(true);
      expect(workers.stats()).toMatchObject({ workers: 1, busy: 0, started: 2, lost: 1 });
    } finally {
      await workers.close();
    }
  });

  it('end a worker that never finishes loading, by its own limit, and fail its chart', async () => {
    const workers = new ChartWorkers({ size: 1, script: STUCK, startTimeoutMs: 1_000 });
    try {
      await expect(workers.render(INPUT)).rejects.toThrow(
        new ChartWorkerError('A chart worker did not start within 1000 ms'),
      );
      expect(workers.stats()).toMatchObject({ workers: 0, busy: 0, started: 1, lost: 1 });
    } finally {
      await workers.close();
    }
  });

  it('start no more threads than the render slots, whatever waits', async () => {
    const renders = new RenderSlots({ concurrency: 2, queue: 100 });
    try {
      const sizes = Array.from({ length: 8 }, (_, i) => ({ ...INPUT, width: 400 + i }));
      const pngs = await Promise.all(sizes.map((input) => renders.drawChart(input)));
      expect(pngs.every((png) => png.subarray(1, 4).toString() === 'PNG')).toBe(true);
      expect(renders.stats()).toMatchObject({ peak: 2, begun: 8, running: 0 });
      expect(renders.workers.stats()).toMatchObject({ workers: 2, started: 2, busy: 0 });
    } finally {
      await renders.close();
    }
    expect(renders.workers.stats().workers).toBe(0);
  });

  it.each([
    ['closes them', '1', 0],
    ['leaves them idle', '0', 2],
  ])('leave nothing behind: a process that %s ends on its own', async (_, close, left) => {
    const child = spawn(process.execPath, [LEAVING], {
      env: { ...process.env, CLOSE: close },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(out).toMatch(new RegExp(`^\\d+ \\d+ ${left}\\n$`));
  });
});

describe('a chart whose worker fails, over HTTP', () => {
  const GUILD = '111';
  let t: TestApp;
  let renders: RenderSlots;
  beforeAll(async () => {
    renders = new RenderSlots({
      concurrency: 1,
      queue: 1,
      workers: new ChartWorkers({ size: 1, script: FAILING }),
    });
    t = await buildTestApp({ guilds: [{ id: GUILD, points: points(35, 5, 1, 0) }] }, { renders });
  });
  afterAll(async () => {
    await t.close();
    await renders.close();
  });

  it('is answered as any failure, and the next chart is drawn', async () => {
    const get = (width: number) =>
      t.app.inject({
        url: `/v1/points/${GUILD}/chart.png?width=${width}`,
        headers: { authorization: t.key },
      });
    for (const width of [401, 402]) {
      const failed = await get(width);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ error: 'Internal server error', status: 500 });
    }
    const drawn = await get(400);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers['content-type']).toBe('image/png');
    expect(renders.workers.stats()).toMatchObject({ workers: 1, lost: 2 });
  });
});
