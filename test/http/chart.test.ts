import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartAnswer, memberChartAnswer } from '../../src/answers/chart.js';
import { ApiError } from '../../src/answers/errors.js';
import { chartSeries } from '../../src/answers/house-cup.js';
import { currentPoints } from '../../src/answers/stored-points.js';
import { RenderSlots } from '../../src/budgets/render-slots.js';
import { DEFAULT_HOUSE_NAMES } from '../../src/pictures/chart-input.js';
import { renderChartPng } from '../../src/pictures/render-chart.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { points } from '../support/history.js';

/* GET /v1/points/:guildId/chart.png (docs/http-api.md). */

const GUILD = '111';

describe('the chart endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      guilds: [
        {
          id: GUILD,
          points: points(35, 5, 1, 0),
          history: [
            { at: new Date(Date.now() - 5 * 86_400_000).toISOString(), ...points(10, 0, 0, 0) },
          ],
        },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { authorization: t.key, ...headers } });

  it('answers a PNG of the asked size, with an ETag and 304', async () => {
    const response = await get(`/v1/points/${GUILD}/chart.png?width=400&height=200&days=7`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const image = await loadImage(response.rawPayload);
    expect([image.width, image.height]).toEqual([400, 200]);
    const etag = String(response.headers.etag);
    const again = await get(`/v1/points/${GUILD}/chart.png?width=400&height=200&days=7`, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    const defaults = await loadImage((await get(`/v1/points/${GUILD}/chart.png`)).rawPayload);
    expect([defaults.width, defaults.height]).toEqual([800, 400]);
  });

  it.each([
    ['width=399', 'Invalid width: must be an integer from 400 to 1600'],
    ['width=1601', 'Invalid width: must be an integer from 400 to 1600'],
    ['width=wide', 'Invalid width: must be an integer from 400 to 1600'],
    ['height=1001', 'Invalid height: must be an integer from 200 to 1000'],
    ['days=0', 'Invalid days: must be an integer from 1 to 365'],
    ['days=366', 'Invalid days: must be an integer from 1 to 365'],
  ])('answers 400 to %s', async (query, error) => {
    const response = await get(`/v1/points/${GUILD}/chart.png?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, status: 400 });
  });

  it('refuses, before drawing, a size or span no route should have let through (issue 29)', () => {
    // The canvas aborts the process on a size it cannot allocate: the answer checks again.
    const renders = new RenderSlots({ concurrency: 1, queue: 1 });
    for (const [query, error] of [
      [{ width: Number.POSITIVE_INFINITY }, 'Invalid width: must be an integer from 400 to 1600'],
      [{ width: 400.5 }, 'Invalid width: must be an integer from 400 to 1600'],
      [{ height: Number.NEGATIVE_INFINITY }, 'Invalid height: must be an integer from 200 to 1000'],
      [{ height: Number.NaN }, 'Invalid height: must be an integer from 200 to 1000'],
      [{ days: Number.POSITIVE_INFINITY }, 'Invalid days: must be an integer from 1 to 365'],
    ] as const) {
      expect(
        () => chartAnswer(t.store.read, renders, GUILD, query),
        String(Object.entries(query)),
      ).toThrow(new ApiError(400, error));
    }
    expect(
      chartAnswer(t.store.read, renders, GUILD, { width: 1600, height: 1000, days: 365 }).cacheKey,
    ).toBe(`chart:${GUILD}:1600x1000:365`);
  });

  it('keeps the /points picture per language, until the guild changes or its lines gain a day', async () => {
    const renders = new RenderSlots({ concurrency: 1, queue: 1 });
    const words = (locale: string) => ({
      locale,
      houseNames: DEFAULT_HOUSE_NAMES,
      titles: { period: 'Last 30 days', standings: 'Current standings' },
    });
    const french = memberChartAnswer(t.store.read, renders, GUILD, words('fr'));
    expect(french.cacheKey).toBe(`chart:${GUILD}:800x400:30:fr`);
    expect(memberChartAnswer(t.store.read, renders, GUILD, words('de')).cacheKey).not.toBe(
      french.cacheKey,
    );
    // Three days after the fixture's history was written: a history older than two days is
    // drawn by the day, and its picture is kept until midnight.
    const today = new Date();
    const [year, month, day] = [today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()];
    const noon = Date.UTC(year, month, day + 3, 12, 34);
    const built = await memberChartAnswer(
      t.store.read,
      renders,
      GUILD,
      words('fr'),
      () => noon,
    ).build();
    expect(built.status).toBe(200);
    expect(built.staleAt).toBe(Date.UTC(year, month, day + 4));
  });

  it('titles the API’s picture in English, naming its period', async () => {
    const renders = new RenderSlots({ concurrency: 1, queue: 1 });
    const now = Date.now();
    const standings = await currentPoints(t.store.read, GUILD);
    if (!standings) throw new Error('no points');
    for (const [days, period] of [
      [7, 'Last 7 days'],
      [1, 'Last 24 hours'],
    ] as const) {
      const built = await chartAnswer(t.store.read, renders, GUILD, { days }, () => now).build();
      const drawn = await renderChartPng({
        standings,
        series: (await chartSeries(t.store.read, GUILD, days, now)).points,
        width: 800,
        height: 400,
        locale: 'en',
        houseNames: DEFAULT_HOUSE_NAMES,
        titles: { period, standings: 'Current standings' },
      });
      expect(Buffer.from(built.body).equals(drawn), period).toBe(true);
    }
  });

  it('answers the points 404 in JSON for a guild without points', async () => {
    const response = await get('/v1/points/999/chart.png');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No house points found on this serve', status: 404 });
  });
});
