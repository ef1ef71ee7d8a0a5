import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/answers/errors.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { foreignWrite, points } from '../support/history.js';
import { storeKinds } from '../support/store.js';

/* GET /v1/points/:guildId/history (docs/http-api.md) over a real app and store. */

const GUILD = '111';
const HISTORY = [
  { at: '2026-11-02T10:00:00.000Z', ...points(10, 0, 0, 0) }, // a Monday
  { at: '2026-11-04T08:30:00.000Z', ...points(20, 5, 0, 0) },
  { at: '2026-11-10T23:59:59.999Z', ...points(35, 5, 1, 0) },
];
const NULLS = { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null };

for (const kind of storeKinds(import.meta.filename)) {
  describe(`the points history endpoint on ${kind}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(
        {
          guilds: [
            { id: GUILD, points: points(35, 5, 1, 0), history: HISTORY },
            { id: '222', points: points(1, 1, 1, 1) },
            // Two changes committed in the same millisecond: the later one is the standings.
            {
              id: '444',
              points: points(7, 7, 7, 7),
              history: [
                { at: '2026-11-02T00:00:00.000Z', ...points(5, 5, 5, 5) },
                { at: '2026-11-02T00:00:00.000Z', ...points(7, 7, 7, 7) },
              ],
            },
            // Points removed: no points now, a history that ends with four nulls.
            {
              id: '555',
              history: [
                { at: '2026-11-01T00:00:00.000Z', ...points(3, 2, 1, 0) },
                { at: '2026-11-02T00:00:00.000Z', ...NULLS },
              ],
            },
          ],
        },
        { store: kind },
      );
    });
    afterAll(async () => {
      await t.close();
    });
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const response = await t.app.inject({ url, headers: { authorization: t.key, ...headers } });
      return {
        status: response.statusCode,
        body: response.body ? response.json() : null,
        etag: response.headers.etag,
      };
    };

    it('carries values forward, is null before the first row, and ends at `to`', async () => {
      const { status, body } = await get(
        `/v1/points/${GUILD}/history?step=day&from=2026-11-01T12:00:00Z&to=2026-11-05T06:00:00Z`,
      );
      expect(status).toBe(200);
      expect(body).toEqual({
        guildId: GUILD,
        step: 'day',
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-05T06:00:00.000Z',
        points: [
          { at: '2026-11-01T00:00:00.000Z', ...NULLS },
          { at: '2026-11-02T00:00:00.000Z', ...NULLS },
          { at: '2026-11-03T00:00:00.000Z', ...points(10, 0, 0, 0) },
          { at: '2026-11-04T00:00:00.000Z', ...points(10, 0, 0, 0) },
          { at: '2026-11-05T00:00:00.000Z', ...points(20, 5, 0, 0) },
          { at: '2026-11-05T06:00:00.000Z', ...points(20, 5, 0, 0) },
        ],
        status: 200,
      });
    });

    it('starts weeks on Mondays and hours on the hour', async () => {
      const week = await get(
        `/v1/points/${GUILD}/history?step=week&from=2026-11-05T12:00:00Z&to=2026-11-20T00:00:00Z`,
      );
      expect(week.body.from).toBe('2026-11-02T00:00:00.000Z');
      expect(week.body.points.map((entry: { at: string }) => entry.at)).toEqual([
        '2026-11-02T00:00:00.000Z',
        '2026-11-09T00:00:00.000Z',
        '2026-11-16T00:00:00.000Z',
        '2026-11-20T00:00:00.000Z',
      ]);
      expect(week.body.points[2]).toMatchObject(points(35, 5, 1, 0));
      const hour = await get(
        `/v1/points/${GUILD}/history?step=hour&from=2026-11-04T07:45:00Z&to=2026-11-04T09:00:00Z`,
      );
      expect(hour.body.points).toEqual([
        { at: '2026-11-04T07:00:00.000Z', ...points(10, 0, 0, 0) },
        { at: '2026-11-04T08:00:00.000Z', ...points(10, 0, 0, 0) },
        { at: '2026-11-04T09:00:00.000Z', ...points(20, 5, 0, 0) },
      ]);
    });

    it('defaults to 30 days by day, ending now with the standings now', async () => {
      const before = Date.now();
      const { body } = await get(`/v1/points/${GUILD}/history`);
      expect(body.step).toBe('day');
      // From midnight 30 days ago: 31 midnights before now, then now itself.
      expect(body.points).toHaveLength(32);
      expect(Date.parse(body.to)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(body.points.at(-1)).toEqual({ at: body.to, ...points(35, 5, 1, 0) });
    });

    it('answers 304 to its ETag and follows a direct write', async () => {
      const url = `/v1/points/222/history?from=2026-01-01T00:00:00Z&to=2030-01-01T00:00:00Z&step=week`;
      const first = await get(url);
      expect(first.status).toBe(200);
      expect((await get(url, { 'if-none-match': String(first.etag) })).status).toBe(304);
      await foreignWrite(t, "UPDATE house_points SET hufflepuff = 99 WHERE guild_id = '222'");
      const after = await eventually(
        () => get(url),
        (answer) => answer.body.points.at(-1).hufflepuff === 99,
      );
      expect(after.body.points.at(-1).hufflepuff).toBe(99);
      expect(after.etag).not.toBe(first.etag);
    });

    it('takes the later of two rows at one instant, and keeps a guild whose points were removed', async () => {
      const range = 'step=day&from=2026-11-01T00:00:00Z&to=2026-11-03T00:00:00Z';
      const same = await get(`/v1/points/444/history?${range}`);
      expect(
        same.body.points.map((entry: { gryffindor: number | null }) => entry.gryffindor),
      ).toEqual([null, 7, 7]);
      const removed = await get(`/v1/points/555/history?${range}`);
      expect(removed.status).toBe(200);
      expect(removed.body.points).toEqual([
        { at: '2026-11-01T00:00:00.000Z', ...points(3, 2, 1, 0) },
        { at: '2026-11-02T00:00:00.000Z', ...NULLS },
        { at: '2026-11-03T00:00:00.000Z', ...NULLS },
      ]);
    });

    it('answers the points 404 for a guild with neither points nor history', async () => {
      expect(await get('/v1/points/333/history')).toMatchObject({
        status: 404,
        body: { error: 'No house points found on this serve', status: 404 },
      });
    });

    it.each([
      ['step=month', 'Invalid step: must be one of hour, day, week'],
      ['from=yesterday', 'Invalid from: must be an ISO 8601 date-time'],
      ['to=2026-13-45T00:00:00Z', 'Invalid to: must be an ISO 8601 date-time'],
      ['from=2026-11-05T00:00:00Z&to=2026-11-01T00:00:00Z', 'Invalid from: must be before to'],
      ['from=2026-11-01T00:00:00Z&to=2026-11-01T00:00:00Z', 'Invalid from: must be before to'],
      [
        'step=hour&from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z',
        'Invalid step: more than 1000 points between from and to',
      ],
    ])('answers 400 to %s', async (query, error) => {
      expect(await get(`/v1/points/${GUILD}/history?${query}`)).toMatchObject({
        status: 400,
        body: { error, status: 400 },
      });
    });

    it('allows exactly 1,000 entries', async () => {
      // 999 hours after from, then `to` itself: 1,000 entries.
      const ok = await get(
        `/v1/points/${GUILD}/history?step=hour&from=2026-01-01T00:00:00Z&to=2026-02-11T14:30:00Z`,
      );
      expect(ok.status).toBe(200);
      expect(ok.body.points).toHaveLength(1000);
      const over = await get(
        `/v1/points/${GUILD}/history?step=hour&from=2026-01-01T00:00:00Z&to=2026-02-11T15:00:00.001Z`,
      );
      expect(over.body.error).toBe(MESSAGES.tooManyEntries);
    });

    it('is listed in the points area description', async () => {
      const { body } = await get('/v1/points');
      expect(body.methods.map((method: { path: string }) => method.path)).toContain(
        '/v1/points/:guildId/history',
      );
    });
  });
}
