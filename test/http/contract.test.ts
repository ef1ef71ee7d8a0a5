import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { fixture, LIFETIME, MEMBER_WITH_THREE, OTHER, RICH, SPARSE } from '../support/fixture.js';
import { storeKinds } from '../support/store.js';

let t: TestApp;

async function get(url: string, key: string | null = t.key, method: 'GET' | 'HEAD' = 'GET') {
  const headers: Record<string, string> = key === null ? {} : { authorization: key };
  const response = await t.app.inject({ method, url, headers });
  const body = method === 'HEAD' ? undefined : (response.json() as Record<string, unknown>);
  if (body) {
    // Every body is JSON whose status equals the HTTP status.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(body.status).toBe(response.statusCode);
  }
  return { status: response.statusCode, body, headers: response.headers, raw: response.body };
}

const richPlayers = fixture.guilds[0]?.players ?? [];
const profile = (id: number) => {
  const p = richPlayers.find((player) => player.id === id);
  if (!p) throw new Error(`no fixture player ${id}`);
  return {
    id: p.id,
    user_id: p.user_id,
    guild_id: RICH,
    name: p.name,
    house: p.house,
    year: p.year,
    job_id: p.job_id,
    galleons: p.galleons,
    created_at: p.created_at,
  };
};

describe.each(storeKinds(import.meta.filename))('the HTTP contract on %s', (store) => {
  beforeAll(async () => {
    t = await buildTestApp(fixture, { store });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('area descriptions (#1, #4, #6, #8)', () => {
    // The event stream carries every area: each description lists it.
    const EVENTS = '/v1/events/:guildId';
    it.each([
      [
        'players',
        [
          '/v1/players/:guildId',
          '/v1/players/:guildId/:userId',
          '/v1/players/:guildId/:userId/rank',
          EVENTS,
        ],
      ],
      [
        'points',
        [
          '/v1/points/:guildId',
          '/v1/points/:guildId/history',
          '/v1/points/:guildId/chart.png',
          '/v1/points/:guildId/terms',
          '/v1/points/:guildId/log',
          EVENTS,
        ],
      ],
      ['jobs', ['/v1/jobs/:guildId', EVENTS]],
      ['premium', ['/v1/premium/:guildId', EVENTS]],
    ])('GET /v1/%s lists every method of the area, and the event stream', async (area, paths) => {
      const { status, body } = await get(`/v1/${area}`);
      expect(status).toBe(200);
      expect(body?.area).toBe(area);
      const methods = body?.methods as {
        method: string;
        path: string;
        description: string;
        parameters: { name: string; in: string; required: boolean }[];
      }[];
      expect(methods.map((m) => m.path)).toEqual(paths);
      for (const method of methods) {
        expect(method.method).toBe('GET');
        expect(method.description.length).toBeGreaterThan(10);
        expect(method.parameters).toContainEqual(
          expect.objectContaining({ name: 'Authorization', in: 'header', required: true }),
        );
        expect(method.parameters).toContainEqual(
          expect.objectContaining({ name: 'guildId', in: 'path', required: true, type: 'string' }),
        );
      }
    });
  });

  describe('players (#2, #3)', () => {
    it('lists every profile of the guild by user_id, then id', async () => {
      const { status, body } = await get(`/v1/players/${RICH}`);
      expect(status).toBe(200);
      expect(body).toEqual({ results: [2, 1, 3, 4, 6, 5].map(profile), count: 6, status: 200 });
      expect(Object.keys(body ?? {})).toEqual(['results', 'count', 'status']);
    });

    it('answers the spec 404 for a guild without players', async () => {
      const { status, body } = await get(`/v1/players/${SPARSE}`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'No player found on this server', status: 404 });
    });

    it('returns all profiles of one member', async () => {
      const { status, body } = await get(`/v1/players/${RICH}/${MEMBER_WITH_THREE}`);
      expect(status).toBe(200);
      expect(body).toEqual({ results: [3, 4, 6].map(profile), count: 3, status: 200 });
    });

    it('answers the same 404 for a member without profiles, or a member of another guild', async () => {
      for (const url of [`/v1/players/${RICH}/999`, `/v1/players/${OTHER}/${MEMBER_WITH_THREE}`]) {
        const { status, body } = await get(url);
        expect(status).toBe(404);
        expect(body).toEqual({ error: 'No player found on this server', status: 404 });
      }
    });
  });

  describe('points (#5)', () => {
    it('returns the four houses', async () => {
      const { status, body, raw } = await get(`/v1/points/${RICH}`);
      expect(status).toBe(200);
      expect(raw).toBe(
        '{"gryffindor":120,"slytherin":95,"ravenclaw":80,"hufflepuff":101,"status":200}',
      );
      expect(body?.status).toBe(200);
    });

    it('returns zeros as numbers', async () => {
      const { body } = await get(`/v1/points/${LIFETIME}`);
      expect(body).toEqual({
        gryffindor: 0,
        slytherin: 0,
        ravenclaw: 0,
        hufflepuff: 0,
        status: 200,
      });
    });

    it('answers the spec 404, word for word (serve)', async () => {
      const { status, raw } = await get(`/v1/points/${SPARSE}`);
      expect(status).toBe(404);
      expect(raw).toBe('{"error":"No house points found on this serve","status":404}');
    });
  });

  describe('jobs (#7)', () => {
    it('lists the jobs of the guild by id', async () => {
      const { status, body } = await get(`/v1/jobs/${RICH}`);
      expect(status).toBe(200);
      expect(body).toEqual({
        results: (fixture.guilds[0]?.jobs ?? [])
          .map((job) => ({ ...job, guild_id: RICH }))
          .map(({ id, guild_id, name, description, salary }) => ({
            id,
            guild_id,
            name,
            description,
            salary,
          })),
        count: 3,
        status: 200,
      });
    });

    it('answers the spec 404 for a guild without jobs', async () => {
      const { status, raw } = await get(`/v1/jobs/${SPARSE}`);
      expect(status).toBe(404);
      expect(raw).toBe('{"error":"No job found on this server","status":404}');
    });
  });

  describe('premium (#9)', () => {
    it.each([
      ['active with a future expiry', RICH, true],
      ['active without expiry (lifetime)', LIFETIME, true],
      ['expired', SPARSE, false],
      ['absent', OTHER, false],
      ['unknown guild', '42', false],
    ])('%s', async (_label, guildId, premium) => {
      const { status, raw } = await get(`/v1/premium/${guildId}`);
      const code = premium ? 200 : 404;
      expect(status).toBe(code);
      expect(raw).toBe(`{"guildId":"${guildId}","premium":${premium},"status":${code}}`);
    });
  });

  describe('authentication', () => {
    it('refuses a missing key with 401 on all nine endpoints', async () => {
      for (const url of [
        '/v1/players',
        `/v1/players/${RICH}`,
        `/v1/players/${RICH}/1`,
        '/v1/points',
        `/v1/points/${RICH}`,
        '/v1/jobs',
        `/v1/jobs/${RICH}`,
        '/v1/premium',
        `/v1/premium/${RICH}`,
      ]) {
        const { status, raw } = await get(url, null);
        expect(status).toBe(401);
        expect(raw).toBe('{"error":"Missing API key","status":401}');
      }
    });

    it('treats an empty or blank header as missing', async () => {
      for (const header of ['', '   ', 'Bearer ', 'Bearer']) {
        expect((await get(`/v1/points/${RICH}`, header)).body).toEqual({
          error: 'Missing API key',
          status: 401,
        });
      }
    });

    it('refuses garbage, unknown and revoked keys with 401 Invalid API key', async () => {
      const revoked = await t.keyStore.create({ name: 'to revoke' });
      const status = async (key: string) => (await get(`/v1/points/${RICH}`, key)).status;
      // A new key works, and a revoked one stops, once the service has seen the commit.
      expect(
        await eventually(
          () => status(revoked.key),
          (s) => s === 200,
        ),
      ).toBe(200);
      await t.keyStore.revoke(revoked.id);
      expect(
        await eventually(
          () => status(revoked.key),
          (s) => s === 401,
        ),
      ).toBe(401);
      const unknown = `hc_${'A'.repeat(32)}`;
      for (const key of ['garbage', unknown, revoked.key, `${t.key}x`, t.key.toUpperCase()]) {
        const { status, raw } = await get(`/v1/points/${RICH}`, key);
        expect(status).toBe(401);
        expect(raw).toBe('{"error":"Invalid API key","status":401}');
      }
    });

    it('accepts the key bare or as a Bearer token', async () => {
      expect((await get(`/v1/points/${RICH}`, t.key)).status).toBe(200);
      expect((await get(`/v1/points/${RICH}`, `Bearer ${t.key}`)).status).toBe(200);
      expect((await get(`/v1/points/${RICH}`, `bearer   ${t.key}`)).status).toBe(200);
    });

    it('checks the key before the id: a bad id without a key is a 401', async () => {
      expect((await get('/v1/points/%00', null)).status).toBe(401);
    });

    it('lets a scoped key read its guilds and the area descriptions, and nothing else (403)', async () => {
      const { key } = await t.keyStore.create({ guilds: [RICH] });
      const points = () => get(`/v1/points/${RICH}`, key);
      expect((await eventually(points, (answer) => answer.status === 200)).status).toBe(200);
      expect((await get(`/v1/players/${RICH}/${MEMBER_WITH_THREE}`, key)).status).toBe(200);
      expect((await get('/v1/premium', key)).status).toBe(200);
      for (const url of [
        `/v1/points/${OTHER}`,
        `/v1/players/${OTHER}`,
        `/v1/players/${OTHER}/1`,
        `/v1/jobs/${OTHER}`,
        `/v1/premium/${OTHER}`,
      ]) {
        const { status, raw } = await get(url, key);
        expect(status).toBe(403);
        expect(raw).toBe('{"error":"This API key has no access to this server","status":403}');
      }
    });
  });

  describe('bad input', () => {
    const long = '1'.repeat(65);
    it.each([
      ['%00', 'NUL byte'],
      [long, '65 characters'],
      ['%C3%A9t%C3%A9', 'unicode'],
      ['%F0%9F%90%8D', 'emoji'],
      ['a%20b', 'a space'],
      ['a.b', 'a dot'],
    ])('400 Invalid guild id for %s (%s)', async (id) => {
      for (const area of ['players', 'points', 'jobs', 'premium']) {
        const { status, raw } = await get(`/v1/${area}/${id}`);
        expect(status).toBe(400);
        expect(raw).toBe('{"error":"Invalid guild id","status":400}');
      }
    });

    it('accepts 64 characters', async () => {
      expect((await get(`/v1/premium/${'1'.repeat(64)}`)).status).toBe(404);
    });

    it('400 Invalid user id', async () => {
      for (const id of ['%00', long, '%C3%A9']) {
        const { status, raw } = await get(`/v1/players/${RICH}/${id}`);
        expect(status).toBe(400);
        expect(raw).toBe('{"error":"Invalid user id","status":400}');
      }
    });

    it.each(['0', '1001', '-1', 'abc', '1.5', ''])(
      '400 naming limit for limit=%s',
      async (limit) => {
        const { status, body } = await get(`/v1/players/${RICH}?limit=${limit}`);
        expect(status).toBe(400);
        expect(body?.error).toMatch(/limit/);
      },
    );

    it.each(['garbage', '!!!', 'eyJ4IjoxfQ', Buffer.from('["j",1]').toString('base64url')])(
      '400 naming after for after=%s',
      async (after) => {
        const { status, body } = await get(`/v1/players/${RICH}?limit=2&after=${after}`);
        expect(status).toBe(400);
        expect(body?.error).toMatch(/after/);
      },
    );

    it('404 for unknown paths, with or without a key', async () => {
      for (const url of ['/v1/nope', '/v2/players', '/', `/v1/players/${RICH}/1/extra`]) {
        for (const key of [t.key, null]) {
          const { status, raw } = await get(url, key);
          expect(status).toBe(404);
          expect(raw).toBe('{"error":"Not found","status":404}');
        }
      }
    });

    it('405 with Allow for other methods on known paths, body or not', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of ['/v1/players', `/v1/points/${RICH}`, `/v1/players/${RICH}/1`]) {
          const response = await t.app.inject({
            method,
            url,
            headers: { authorization: t.key, 'content-type': 'application/json' },
            payload: '{not json',
          });
          expect(response.statusCode).toBe(405);
          expect(response.headers.allow).toBe('GET, HEAD');
          expect(response.body).toBe('{"error":"Method not allowed","status":405}');
        }
      }
    });

    it('HEAD answers like GET, without a body', async () => {
      const head = await get(`/v1/points/${RICH}`, t.key, 'HEAD');
      const full = await get(`/v1/points/${RICH}`);
      expect(head.status).toBe(200);
      expect(head.raw).toBe('');
      expect(head.headers['content-type']).toBe(full.headers['content-type']);
      expect((await get(`/v1/points/${SPARSE}`, t.key, 'HEAD')).status).toBe(404);
      expect((await get(`/v1/points/${RICH}`, null, 'HEAD')).status).toBe(401);
    });
  });

  describe('paging', () => {
    it('walks every profile exactly once, in list order, for every page size', async () => {
      const whole = (await get(`/v1/players/${RICH}`)).body?.results as { id: number }[];
      for (const limit of [1, 2, 4, 6, 7]) {
        const seen: number[] = [];
        let url = `/v1/players/${RICH}?limit=${limit}`;
        for (let pages = 0; pages < 10; pages++) {
          const { status, body } = await get(url);
          expect(status).toBe(200);
          const results = body?.results as { id: number }[];
          expect(body?.count).toBe(results.length);
          expect(results.length).toBeLessThanOrEqual(limit);
          seen.push(...results.map((r) => r.id));
          if (body?.next === null) break;
          expect(typeof body?.next).toBe('string');
          url = `/v1/players/${RICH}?limit=${limit}&after=${body?.next as string}`;
        }
        expect(seen).toEqual(whole.map((p) => p.id));
      }
    });

    it('adds next only when paging, and null on the last page', async () => {
      expect((await get(`/v1/players/${RICH}`)).body).not.toHaveProperty('next');
      const last = await get(`/v1/players/${RICH}?limit=1000`);
      expect(Object.keys(last.body ?? {}).sort()).toEqual(['count', 'next', 'results', 'status']);
      expect(last.body?.next).toBeNull();
      expect(last.body?.count).toBe(6);
    });

    it('pages jobs by id', async () => {
      const first = await get(`/v1/jobs/${RICH}?limit=2`);
      const ids = (body: Record<string, unknown> | undefined) =>
        (body?.results as { id: number }[] | undefined)?.map((j) => j.id);
      expect(ids(first.body)).toEqual([1, 2]);
      const second = await get(`/v1/jobs/${RICH}?limit=2&after=${first.body?.next as string}`);
      expect(ids(second.body)).toEqual([3]);
      expect(second.body?.next).toBeNull();
    });

    it('keeps the 404 for a guild with nothing to page', async () => {
      expect((await get(`/v1/players/${SPARSE}?limit=5`)).body).toEqual({
        error: 'No player found on this server',
        status: 404,
      });
      expect((await get(`/v1/jobs/${SPARSE}?limit=5`)).status).toBe(404);
    });
  });
});
