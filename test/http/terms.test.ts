import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/answers/errors.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { foreignWrite, points } from '../support/history.js';
import { storeKinds } from '../support/store.js';

/*
 * GET /v1/points/:guildId/terms (the hall of cups) and /history?term= over a real app and store:
 * newest first, paged, each term's cup (what the houses gained in it: terms written here without
 * the points they started from read them from the history, a guild that first had points inside
 * the term counting from those) and its totals, winners with ties once ended and null while open,
 * a term's series bounded by the term (its end's entry the points before the reset committed in
 * the same millisecond), its errors, ETag and 304.
 */

const GUILD = '111';
const TIES = '222';
const NO_TERMS = '333';
const NULLS = { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null };

const HISTORY = [
  { at: '2026-11-02T10:00:00.000Z', ...points(10, 0, 0, 0) },
  { at: '2026-11-04T08:30:00.000Z', ...points(20, 5, 0, 0) },
  // The reset when Autumn ended, in the millisecond of its end.
  { at: '2026-11-04T12:00:00.000Z', ...points(0, 0, 0, 0) },
  { at: '2026-11-05T09:00:00.000Z', ...points(3, 1, 0, 0) },
];

const term = (
  guildId: string,
  id: number,
  name: string,
  startedAt: string,
  endedAt: string | null,
  standings: (number | null)[] = [null, null, null, null],
) =>
  `INSERT INTO terms (guild_id, id, name, started_at, ended_at, gryffindor, slytherin, ravenclaw, hufflepuff)
   VALUES ('${guildId}', ${id}, '${name}', '${startedAt}', ${endedAt === null ? 'NULL' : `'${endedAt}'`}, ${standings.map((value) => (value === null ? 'NULL' : value)).join(', ')})`;

for (const kind of storeKinds(import.meta.filename)) {
  describe(`the terms endpoints on ${kind}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(
        {
          guilds: [
            { id: GUILD, points: points(3, 1, 0, 0), history: HISTORY },
            { id: TIES, points: points(1, 1, 1, 1) },
            { id: NO_TERMS, points: points(1, 2, 3, 4) },
          ],
        },
        { store: kind },
      );
      await foreignWrite(
        t,
        [
          term(
            GUILD,
            1,
            'Autumn',
            '2026-11-02T06:00:00.000Z',
            '2026-11-04T12:00:00.000Z',
            [20, 5, 0, 0],
          ),
          term(GUILD, 2, 'Winter', '2026-11-04T12:00:00.000Z', null),
          term(TIES, 1, 'Tied', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', [
            5,
            9,
            9,
            null,
          ]),
          term(TIES, 2, 'Empty', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
          term(
            TIES,
            3,
            'Long',
            '2020-01-01T00:00:00.000Z',
            '2026-01-01T00:00:00.000Z',
            [1, 0, 0, 0],
          ),
        ].join(';\n'),
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
        raw: response.body,
        etag: response.headers.etag,
      };
    };

    const AUTUMN = {
      id: 1,
      name: 'Autumn',
      startedAt: '2026-11-02T06:00:00.000Z',
      endedAt: '2026-11-04T12:00:00.000Z',
      // The guild first had points inside the term (10, 0, 0, 0 at 10:00): its cup counts from them.
      standings: points(10, 5, 0, 0),
      totals: points(20, 5, 0, 0),
      winners: ['gryffindor'],
    };
    const WINTER = {
      id: 2,
      name: 'Winter',
      startedAt: '2026-11-04T12:00:00.000Z',
      endedAt: null,
      // From the reset at its start: gains so far, leaders but no winners while it is open.
      standings: points(3, 1, 0, 0),
      totals: points(3, 1, 0, 0),
      winners: null,
    };

    it('lists the terms newest first: each one’s gains and totals, winners only once ended', async () => {
      const { status, body, raw } = await get(`/v1/points/${GUILD}/terms`);
      expect(status).toBe(200);
      expect(body).toEqual({ guildId: GUILD, results: [WINTER, AUTUMN], count: 2, status: 200 });
      // The exact shape, key order included.
      expect(raw).toBe(
        `{"guildId":"${GUILD}","results":[` +
          '{"id":2,"name":"Winter","startedAt":"2026-11-04T12:00:00.000Z","endedAt":null,' +
          '"standings":{"gryffindor":3,"slytherin":1,"ravenclaw":0,"hufflepuff":0},' +
          '"totals":{"gryffindor":3,"slytherin":1,"ravenclaw":0,"hufflepuff":0},"winners":null},' +
          '{"id":1,"name":"Autumn","startedAt":"2026-11-02T06:00:00.000Z","endedAt":"2026-11-04T12:00:00.000Z",' +
          '"standings":{"gryffindor":10,"slytherin":5,"ravenclaw":0,"hufflepuff":0},' +
          '"totals":{"gryffindor":20,"slytherin":5,"ravenclaw":0,"hufflepuff":0},"winners":["gryffindor"]}' +
          '],"count":2,"status":200}',
      );
    });

    it('winners share a tie in the houses’ order, and there are none without points', async () => {
      const { body } = await get(`/v1/points/${TIES}/terms`);
      expect(
        body.results.map((each: { id: number; winners: string[] }) => [each.id, each.winners]),
      ).toEqual([
        [3, ['gryffindor']],
        [2, []],
        [1, ['slytherin', 'ravenclaw']],
      ]);
      expect(body.results[1].standings).toEqual(NULLS);
      expect(body.results[1].totals).toEqual(NULLS);
      // Nothing in the history tells where these started: their cups are their totals.
      expect(body.results[2].standings).toEqual({
        gryffindor: 5,
        slytherin: 9,
        ravenclaw: 9,
        hufflepuff: null,
      });
    });

    it('a guild without terms, or without any data: 200 with no results', async () => {
      for (const guildId of [NO_TERMS, '999']) {
        const { status, body } = await get(`/v1/points/${guildId}/terms`);
        expect(status).toBe(200);
        expect(body).toEqual({ guildId, results: [], count: 0, status: 200 });
      }
    });

    it('pages with limit and after, once each, and refuses another list’s cursor', async () => {
      const first = await get(`/v1/points/${TIES}/terms?limit=2`);
      expect(first.body.results.map((each: { id: number }) => each.id)).toEqual([3, 2]);
      expect(typeof first.body.next).toBe('string');
      expect(first.body.count).toBe(2);
      const second = await get(`/v1/points/${TIES}/terms?limit=2&after=${first.body.next}`);
      expect(second.body.results.map((each: { id: number }) => each.id)).toEqual([1]);
      expect(second.body.next).toBeNull();
      const jobsCursor = Buffer.from(JSON.stringify(['j', 2])).toString('base64url');
      expect(await get(`/v1/points/${TIES}/terms?after=${jobsCursor}`)).toMatchObject({
        status: 400,
        body: { error: MESSAGES.invalidAfter, status: 400 },
      });
      expect((await get(`/v1/points/${TIES}/terms?limit=0`)).body.error).toBe(
        MESSAGES.invalidLimit,
      );
    });

    it('answers 304 to its ETag, and follows an end committed by another program', async () => {
      const first = await get(`/v1/points/${NO_TERMS}/terms`);
      const again = await t.app.inject({
        url: `/v1/points/${NO_TERMS}/terms`,
        headers: { authorization: t.key, 'if-none-match': first.etag ?? '' },
      });
      expect(again.statusCode).toBe(304);
      await foreignWrite(t, term(NO_TERMS, 1, 'Fresh', '2026-11-01T00:00:00.000Z', null));
      const after = await eventually(
        () => get(`/v1/points/${NO_TERMS}/terms`),
        (answer) => answer.body.count === 1,
      );
      // Begun before the guild's first points (the import's): its cup counts from them.
      expect(after.body.results[0]).toMatchObject({
        name: 'Fresh',
        standings: points(0, 0, 0, 0),
        totals: points(1, 2, 3, 4),
        winners: null,
      });
      expect(after.etag).not.toBe(first.etag);
    });

    it('history?term= runs from the term’s start to its end; the end’s entry is before the reset', async () => {
      const { status, body } = await get(`/v1/points/${GUILD}/history?term=1`);
      expect(status).toBe(200);
      expect(body).toEqual({
        guildId: GUILD,
        step: 'day',
        from: '2026-11-02T06:00:00.000Z',
        to: '2026-11-04T12:00:00.000Z',
        term: 1,
        points: [
          { at: '2026-11-02T06:00:00.000Z', ...NULLS },
          { at: '2026-11-03T00:00:00.000Z', ...points(10, 0, 0, 0) },
          { at: '2026-11-04T00:00:00.000Z', ...points(10, 0, 0, 0) },
          { at: '2026-11-04T12:00:00.000Z', ...points(20, 5, 0, 0) },
        ],
        status: 200,
      });
      const hourly = await get(`/v1/points/${GUILD}/history?term=1&step=hour`);
      // 06:00 itself, each hour from 07:00 before the end, then the end.
      expect(hourly.body.points).toHaveLength(1 + 53 + 1);
    });

    it('history?term= of the open term runs to now, its last entry the points now', async () => {
      const { status, body } = await get(`/v1/points/${GUILD}/history?term=2&step=week`);
      expect(status).toBe(200);
      expect(body.from).toBe('2026-11-04T12:00:00.000Z');
      expect(body.points[0]).toEqual({ at: '2026-11-04T12:00:00.000Z', ...points(0, 0, 0, 0) });
      expect(body.points[1]).toEqual({ at: '2026-11-09T00:00:00.000Z', ...points(3, 1, 0, 0) });
      expect(body.points.at(-1)).toEqual({ at: body.to, ...points(3, 1, 0, 0) });
      expect(Date.parse(body.to)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('history?term= refuses what it cannot answer, naming why', async () => {
      expect(await get(`/v1/points/${GUILD}/history?term=99`)).toMatchObject({
        status: 404,
        body: { error: MESSAGES.noTerm, status: 404 },
      });
      expect(await get(`/v1/points/${GUILD}/history?term=0`)).toMatchObject({
        status: 400,
        body: { error: 'Invalid term: must be an integer from 1 to 9007199254740991' },
      });
      expect(await get(`/v1/points/${GUILD}/history?term=x`)).toMatchObject({ status: 400 });
      expect(
        await get(`/v1/points/${GUILD}/history?term=1&from=2026-11-01T00:00:00Z`),
      ).toMatchObject({ status: 400, body: { error: MESSAGES.termWithRange } });
      expect(await get(`/v1/points/${GUILD}/history?term=1&step=month`)).toMatchObject({
        status: 400,
        body: { error: MESSAGES.invalidStep },
      });
      expect(await get(`/v1/points/${TIES}/history?term=3&step=hour`)).toMatchObject({
        status: 400,
        body: { error: MESSAGES.tooManyEntries },
      });
      expect((await get(`/v1/points/${TIES}/history?term=3&step=week`)).status).toBe(200);
    });
  });
}
