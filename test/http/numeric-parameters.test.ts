import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/answers/errors.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fixture, RICH } from '../support/fixture.js';
import { storeKinds } from '../support/store.js';

/*
 * Issue 29: Fastify's Ajv coerced `Infinity`, `1e400`, `0x10`, ` 5` … into numbers and skipped
 * its range checks for ±Infinity, so `limit=Infinity` reached SQL (500 on SQLite's "datatype
 * mismatch"), `limit=-Infinity` read the whole list (500 on PostgreSQL) and `days=Infinity` drew
 * a chart. A numeric parameter is now read from its text (src/answers/integer-text.ts): the
 * integer in its shortest decimal form, within its bounds, or its own 400. Run on each store:
 * the values reached each store's SQL. (The picture's width and height aborted the process:
 * test/http/chart-size.test.ts checks them on a server in a child process.)
 */

const INVALID_DAYS = 'Invalid days: must be an integer from 1 to 365';

describe.each(storeKinds(import.meta.filename))('numeric parameters on %s', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(fixture, { store });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string, method: 'GET' | 'HEAD' = 'GET') => {
    const response = await t.app.inject({ method, url, headers: { authorization: t.key } });
    return { status: response.statusCode, body: response.body };
  };
  const refused = (error: string) => ({
    status: 400,
    body: JSON.stringify({ error, status: 400 }),
  });

  it.each([
    ['players', 'Infinity'],
    ['players', '-Infinity'],
    ['jobs', 'Infinity'],
    ['jobs', '-Infinity'],
  ])('/v1/%s/:guildId?limit=%s is a 400 Invalid limit', async (area, limit) => {
    expect(await get(`/v1/${area}/${RICH}?limit=${limit}`)).toEqual(refused(MESSAGES.invalidLimit));
    // Still serving, and the list's paging as before.
    const page = await get(`/v1/${area}/${RICH}?limit=1`);
    expect(page.status).toBe(200);
    expect(JSON.parse(page.body)).toMatchObject({ count: 1, status: 200 });
  });

  it.each(['Infinity', '-Infinity', '1e400', '1e2'])(
    'chart.png?days=%s is a 400 Invalid days',
    async (days) => {
      expect(await get(`/v1/points/${RICH}/chart.png?days=${days}`)).toEqual(refused(INVALID_DAYS));
      expect((await get(`/v1/points/${RICH}/chart.png?days=${days}`, 'HEAD')).status).toBe(400);
    },
  );

  it('reads only the shortest decimal form of a safe integer; anything else is the 400', async () => {
    for (const text of ['1', '7', '1000']) {
      expect((await get(`/v1/jobs/${RICH}?limit=${text}`)).status, text).toBe(200);
    }
    const refusedTexts = [
      '+5',
      '%205',
      '5%20',
      '0x10',
      '1e2',
      '5.0',
      '1.5',
      '-0',
      '010',
      'NaN',
      '',
      '9007199254740993',
      '9'.repeat(400),
      '%EF%BC%95', // a fullwidth 5
    ];
    for (const text of refusedTexts) {
      expect(await get(`/v1/jobs/${RICH}?limit=${text}`), text).toEqual(
        refused(MESSAGES.invalidLimit),
      );
    }
  });

  it('refuses dates past what a Date holds, a signed year, and days a month lacks', async () => {
    const history = `/v1/points/${RICH}/history`;
    for (const from of [
      '275760-09-13T00:00:00Z',
      '%2B275760-09-13T00:00:00.000Z',
      '%2B002026-01-01T00:00:00Z',
      '-271821-04-19T00:00:00Z',
      '2026-02-31',
      '2026-02-29T00:00:00Z',
      '2026-04-31T12:00Z',
      '2026-00-10',
    ]) {
      expect(await get(`${history}?from=${from}`), from).toEqual(refused(MESSAGES.invalidFrom));
      expect(await get(`${history}?to=${from}`), from).toEqual(refused(MESSAGES.invalidTo));
    }
    // A leap day is a day; the last instant a 4-digit year writes is read.
    for (const to of ['2028-02-29', '9999-12-31T23:59:59.999Z']) {
      expect((await get(`${history}?to=${to}`)).status, to).toBe(200);
    }
  });
});
