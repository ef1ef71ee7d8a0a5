import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/answers/errors.js';
import { buildTestApp, listen, type TestApp } from '../support/app.js';
import { points } from '../support/history.js';
import { storeKinds } from '../support/store.js';

/*
 * Every date-time an answer names is RFC 3339 with a four-digit year: a request whose dates, as
 * given or as they follow (a series' start counted back from `to`, a week or month around `at`),
 * would reach outside the years 0001 to 9999 is a 400 naming the parameter, never an answer
 * with "-000001-12-02T00:00:00.000Z" or "+010000-01-01T00:00:00.000Z" in it. Through the real
 * server on a loopback port, on both stores.
 */

const GUILD = '1133557799224466880';
const USER = '200000000000000001';
const FOUR_DIGITS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Every string of `value` that reads as a date-time, at any depth. */
function dateTimes(value: unknown): string[] {
  if (typeof value === 'string') return /\d{2}:\d{2}/.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(dateTimes);
  if (value && typeof value === 'object') return Object.values(value).flatMap(dateTimes);
  return [];
}

for (const kind of storeKinds(import.meta.filename)) {
  describe(`dates of the years 0001 to 9999 only, on ${kind}`, () => {
    let t: TestApp;
    let url = '';
    beforeAll(async () => {
      t = await buildTestApp(
        {
          guilds: [
            {
              id: GUILD,
              points: points(10, 20, 30, 40),
              players: [{ id: 1, user_id: USER, name: 'Luna', galleons: 5 }],
            },
          ],
        },
        { store: kind },
      );
      url = (await listen(t.app)).url;
    });
    afterAll(async () => {
      await t.close();
    });

    const get = async (path: string) => {
      const response = await fetch(`${url}${path}`, { headers: { authorization: t.key } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const history = (query: string) => get(`/v1/points/${GUILD}/history?${query}`);
    const week = (query: string) => get(`/v1/players/${GUILD}?${query}`);

    it.each([
      // As the issue found them: year 0, and the day before it.
      ['to=0000-01-01', MESSAGES.toOutsideYears],
      ['to=0001-01-01T00:00:00%2B01:00', MESSAGES.toOutsideYears],
      ['from=0000-12-31T23:00:00Z&to=0001-01-02', MESSAGES.fromOutsideYears],
      // `to` in year 1, but its default start 30 days (26 weeks) before it is not.
      ['to=0001-01-10', MESSAGES.toOutsideYears],
      ['step=week&to=0001-03-01', MESSAGES.toOutsideYears],
    ])('history?%s is a 400: %s', async (query, message) => {
      expect(await history(query)).toEqual({ status: 400, body: { error: message, status: 400 } });
    });

    it.each([
      'from=0001-01-01T05:00:00Z&to=0001-01-20&step=week',
      'from=9999-12-01&to=9999-12-31T23:59:59.999Z',
      'to=0001-02-01',
    ])('history?%s answers, every instant with four digits of year', async (query) => {
      const { status, body } = await history(query);
      expect(status).toBe(200);
      const instants = dateTimes(body);
      expect(instants.length).toBeGreaterThan(2);
      for (const instant of instants) expect(instant).toMatch(FOUR_DIGITS);
    });

    it.each([
      ['period=week&at=0000-01-01', MESSAGES.atOutsideYears],
      ['period=month&at=9999-12-31T23:59:59.999Z', MESSAGES.atOutsideYears],
      // The week of 9999-12-31 (a Friday) ends in year 10000.
      ['period=week&at=9999-12-31', MESSAGES.atOutsideYears],
      ['period=term&at=0000-06-01', MESSAGES.atOutsideYears],
    ])('players?%s is a 400: %s', async (query, message) => {
      expect(await week(query)).toEqual({ status: 400, body: { error: message, status: 400 } });
      expect(await get(`/v1/players/${GUILD}/${USER}/rank?sort=change&${query}`)).toEqual({
        status: 400,
        body: { error: message, status: 400 },
      });
    });

    it.each([
      ['period=week&at=0001-01-03', '0001-01-01T00:00:00.000Z', '0001-01-08T00:00:00.000Z'],
      [
        'period=month&at=9999-11-30T23:59:59.999Z',
        '9999-11-01T00:00:00.000Z',
        '9999-12-01T00:00:00.000Z',
      ],
    ])('players?%s answers its period with four digits of year', async (query, from, to) => {
      const { status, body } = await week(query);
      expect(status).toBe(200);
      expect(body.period).toMatchObject({ from, to });
    });
  });
}
