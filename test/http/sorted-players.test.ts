import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewKey } from '../../src/records/profile-order.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import {
  everyView,
  expectedOrder,
  type RawProfile,
  served,
  sortedFixture,
} from '../support/sorted-profiles.js';
import { storeKinds } from '../support/store.js';

/*
 * GET /v1/players/:guildId?sort=&order=&house= (docs/http-api.md) on both stores: the orders
 * computed from the raw entries, paging through each, cursors bound to their list, the exact 400
 * texts, the empty and the 404 answers, caching per view.
 */

const GUILD = '1133557799224466880';
const FEW = '1133557799224466881';
const NONE = '1133557799224466882';
const profiles = sortedFixture(173);
// A longest name, all escapes: its cursor must still be taken back.
const LONGEST = '\u0001'.repeat(100);
const few: RawProfile[] = [
  {
    id: 1,
    user_id: '1',
    name: LONGEST,
    house: 'gryffindor',
    year: 2,
    job_id: null,
    galleons: 5,
    created_at: '2026-01-01T00:00:00.000Z',
  },
  { ...sortedFixture(2)[1], id: 2, user_id: '2', name: LONGEST, house: 'gryffindor' } as RawProfile,
];

const query = (view: { sort: string; order: string; house: string | null }) =>
  `sort=${view.sort}&order=${view.order}${view.house ? `&house=${view.house}` : ''}`;

describe.each(storeKinds(import.meta.filename))('sorted player lists over HTTP (%s)', (store) => {
  let t: TestApp;
  const get = async (url: string) => {
    const response = await t.app.inject({ url, headers: { authorization: t.key } });
    return {
      status: response.statusCode,
      raw: response.body,
      body: response.json() as { results: { id: number }[]; count: number; next?: string | null },
      etag: response.headers.etag,
    };
  };

  beforeAll(async () => {
    t = await buildTestApp(
      {
        guilds: [
          { id: GUILD, players: profiles },
          { id: FEW, players: few },
          { id: NONE, points: { gryffindor: 1, slytherin: 1, ravenclaw: 1, hufflepuff: 1 } },
        ],
      },
      { store },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(everyView().map((view) => [viewKey(view), view] as const))(
    '%s: the whole list in the expected order, and walked with limit the same, once each',
    async (_name, view) => {
      const expected = JSON.stringify(expectedOrder(profiles, view).map((p) => served(GUILD, p)));
      const whole = await get(`/v1/players/${GUILD}?${query(view)}`);
      expect(whole.status).toBe(200);
      expect(JSON.stringify(whole.body.results)).toBe(expected);
      expect(whole.body.count).toBe(whole.body.results.length);
      expect(whole.body).not.toHaveProperty('next');
      for (const limit of [1, 7, 50]) {
        const walked: unknown[] = [];
        let url = `/v1/players/${GUILD}?${query(view)}&limit=${limit}`;
        for (let pages = 0; pages < 200; pages++) {
          const page = await get(url);
          expect(page.status).toBe(200);
          expect(page.body.results.length).toBeLessThanOrEqual(limit);
          walked.push(...page.body.results);
          if (page.body.next === null) break;
          url = `/v1/players/${GUILD}?${query(view)}&limit=${limit}&after=${page.body.next}`;
        }
        expect(JSON.stringify(walked)).toBe(expected);
      }
    },
  );

  it('takes the defaults: user_id ascending (the same bytes as no parameter), galleons descending', async () => {
    const plain = await get(`/v1/players/${GUILD}`);
    for (const url of ['sort=user_id', 'order=asc', 'sort=user_id&order=asc']) {
      const same = await get(`/v1/players/${GUILD}?${url}`);
      expect(same.raw).toBe(plain.raw);
      expect(same.etag).toBe(plain.etag);
    }
    const page = await get(`/v1/players/${GUILD}?limit=3`);
    expect((await get(`/v1/players/${GUILD}?limit=3&sort=user_id`)).raw).toBe(page.raw);
    // The list of section 2 keeps its cursor format: ["p", user_id, id].
    expect(JSON.parse(Buffer.from(page.body.next ?? '', 'base64url').toString())).toHaveLength(3);
    const richest = await get(`/v1/players/${GUILD}?sort=galleons`);
    expect(richest.raw).toBe((await get(`/v1/players/${GUILD}?sort=galleons&order=desc`)).raw);
    expect(richest.raw).not.toBe(plain.raw);
  });

  it('refuses a cursor of another sort, order, filter or list with the contract 400', async () => {
    const views = ['', 'sort=galleons', 'sort=galleons&order=asc', 'sort=galleons&house=none'];
    const cursors = await Promise.all(
      views.map(async (v) => (await get(`/v1/players/${GUILD}?limit=2&${v}`)).body.next ?? ''),
    );
    const jobCursor = Buffer.from('["j",1]').toString('base64url');
    for (const [i, v] of views.entries()) {
      expect((await get(`/v1/players/${GUILD}?limit=2&${v}&after=${cursors[i]}`)).status).toBe(200);
      for (const cursor of [...cursors.filter((_, j) => j !== i), jobCursor]) {
        const refused = await get(`/v1/players/${GUILD}?limit=2&${v}&after=${cursor}`);
        expect(refused.status).toBe(400);
        expect(refused.raw).toBe(
          '{"error":"Invalid after: not a cursor of this list","status":400}',
        );
      }
    }
  });

  it('pages a name sort whose cursor holds the longest name', async () => {
    const first = await get(`/v1/players/${FEW}?sort=name&limit=1`);
    expect(first.body.next?.length).toBeGreaterThan(200);
    const second = await get(`/v1/players/${FEW}?sort=name&limit=1&after=${first.body.next}`);
    expect(second.status).toBe(200);
    expect(second.body.results.map((p) => p.id)).toEqual([2]);
  });

  it.each([
    ['sort', 'galleon', 'Invalid sort: must be one of user_id, galleons, name, year, created_at'],
    ['sort', 'GALLEONS', 'Invalid sort: must be one of user_id, galleons, name, year, created_at'],
    ['sort', '', 'Invalid sort: must be one of user_id, galleons, name, year, created_at'],
    ['order', 'up', 'Invalid order: must be one of asc, desc'],
    [
      'house',
      'Gryffindor',
      'Invalid house: must be one of gryffindor, slytherin, ravenclaw, hufflepuff, none',
    ],
    [
      'house',
      'null',
      'Invalid house: must be one of gryffindor, slytherin, ravenclaw, hufflepuff, none',
    ],
  ])('400 naming %s for %s=%j', async (name, value, message) => {
    const bad = await get(`/v1/players/${GUILD}?${name}=${encodeURIComponent(value)}`);
    expect(bad.status).toBe(400);
    expect(bad.raw).toBe(JSON.stringify({ error: message, status: 400 }));
    const repeated = await get(`/v1/players/${GUILD}?sort=name&sort=year`);
    expect(repeated.status).toBe(400);
  });

  it('answers an empty list for a filter matching nothing, and keeps the 404 of a guild without profiles', async () => {
    for (const url of [
      `/v1/players/${FEW}?house=slytherin`,
      `/v1/players/${FEW}?house=none&sort=name`,
    ]) {
      const empty = await get(url);
      expect(empty.status).toBe(200);
      expect(empty.raw).toBe('{"results":[],"count":0,"status":200}');
      expect((await get(`${url}&limit=5`)).raw).toBe(
        '{"results":[],"count":0,"next":null,"status":200}',
      );
    }
    for (const url of [
      `/v1/players/${NONE}?house=gryffindor`,
      `/v1/players/${NONE}?sort=galleons&limit=3`,
    ]) {
      const none = await get(url);
      expect(none.status).toBe(404);
      expect(none.raw).toBe('{"error":"No player found on this server","status":404}');
    }
  });

  it('caches each view apart, with its own ETag', async () => {
    const etags = new Set<string | undefined>();
    for (const view of everyView().slice(0, 12)) {
      const first = await get(`/v1/players/${GUILD}?${query(view)}&limit=5`);
      const again = await get(`/v1/players/${GUILD}?${query(view)}&limit=5`);
      expect(again.etag).toBe(first.etag);
      expect(again.raw).toBe(first.raw);
      etags.add(first.etag);
    }
    expect(etags.size).toBe(12);
  });

  it('lists the parameters with their values in the area description and the OpenAPI document', async () => {
    const choices = {
      // `change` orders a period's list (test/http/player-periods.test.ts).
      sort: ['user_id', 'galleons', 'name', 'year', 'created_at', 'change'],
      order: ['asc', 'desc'],
      house: ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff', 'none'],
      period: ['week', 'month', 'term'],
    };
    const area = (
      await t.app.inject({ url: '/v1/players', headers: { authorization: t.key } })
    ).json() as {
      methods: {
        path: string;
        parameters: { name: string; in: string; type: string; enum?: string[] }[];
      }[];
    };
    const list = area.methods.find((method) => method.path === '/v1/players/:guildId');
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json() as {
      paths: Record<
        string,
        { get: { parameters: { name?: string; schema?: { enum?: string[] } }[] } }
      >;
    };
    const documented = document.paths['/v1/players/{guildId}']?.get.parameters ?? [];
    for (const [name, values] of Object.entries(choices)) {
      expect(list?.parameters).toContainEqual(
        expect.objectContaining({
          name,
          in: 'query',
          required: false,
          type: 'string',
          enum: values,
        }),
      );
      expect(documented.find((p) => p.name === name)?.schema?.enum).toEqual(values);
    }
  });
});
