import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSES } from '../../src/records/houses.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { foreignWrite, points } from '../support/history.js';
import { storeKinds } from '../support/store.js';

/*
 * With `to` left out, the history's last entry is what GET /v1/points/:guildId answers at that
 * moment, a change committed just before the request included (docs/http-api.md's
 * words). Each change below is committed early in a second and read at once, so that the read
 * falls in the same second: a `to` cut down to the second would miss it.
 */

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits, if need be, for the next second to begin: the steps that follow then share it. */
async function earlyInASecond(): Promise<void> {
  const into = Date.now() % 1000;
  if (into > 100) await wait(1000 - into + 5);
}

const housesOf = (value: Record<string, unknown>) =>
  Object.fromEntries(HOUSES.map((house) => [house, value[house]]));

for (const kind of storeKinds(import.meta.filename)) {
  describe(`the history's last entry, with \`to\` left out, on ${kind}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(
        {
          guilds: [
            { id: '100', points: points(1, 2, 3, 4) },
            { id: '300', points: points(5, 5, 5, 5) },
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

    /** The history's last entry and the points, read in that order right after a change. */
    async function bothNow(guildId: string) {
      const history = await get(`/v1/points/${guildId}/history`);
      const current = await get(`/v1/points/${guildId}`);
      expect(history.status).toBe(200);
      expect(current.status).toBe(200);
      return { last: housesOf(history.body.points.at(-1)), current: housesOf(current.body) };
    }

    it('includes a direct UPDATE of house_points committed just before', async () => {
      await earlyInASecond();
      await foreignWrite(t, "UPDATE house_points SET hufflepuff = 44 WHERE guild_id = '100'");
      // Another program's write reaches PostgreSQL's change notifications a moment later.
      await eventually(
        () => get('/v1/points/100'),
        (answer) => answer.body?.hufflepuff === 44,
      );
      const { last, current } = await bothNow('100');
      expect(current).toEqual(points(1, 2, 3, 44));
      expect(last).toEqual(current);
    });

    it('includes the import of a new guild committed just before (not all null)', async () => {
      await earlyInASecond();
      await t.store.importData({ guilds: [{ id: '200', points: points(9, 8, 7, 6) }] });
      const { last, current } = await bothNow('200');
      expect(current).toEqual(points(9, 8, 7, 6));
      expect(last).toEqual(current);
    });

    it('shares one body within a second and a new one in the next, following each change', async () => {
      await earlyInASecond();
      const first = await get('/v1/points/300/history');
      const again = await get('/v1/points/300/history', { 'if-none-match': String(first.etag) });
      // Two reads in one second with no change between: one body, so the second is a 304.
      if (again.status === 200) expect(again.body.to).not.toBe(first.body.to);
      else expect(again.status).toBe(304);
      await earlyInASecond();
      await wait(1000);
      await foreignWrite(t, "UPDATE house_points SET gryffindor = 50 WHERE guild_id = '300'");
      // Another program's write reaches PostgreSQL's change notifications a moment later.
      const later = await eventually(
        () => get('/v1/points/300/history'),
        (answer) => answer.body.points.at(-1).gryffindor === 50,
      );
      expect(Date.parse(later.body.to)).toBeGreaterThan(Date.parse(first.body.to));
      expect(later.etag).not.toBe(first.etag);
      expect(housesOf(later.body.points.at(-1))).toEqual(
        housesOf((await get('/v1/points/300')).body),
      );
    });
  });
}
