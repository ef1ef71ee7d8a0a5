import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDataFile } from '../../src/paths.js';
import { rawRequest } from '../support/raw-http.js';
import { startTestService, type TestService } from '../support/service.js';

const RICH = '1133557799224466880';
const SPARSE = '1133557799224466881';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(async () => {
  await s.shutdown();
});

async function call(path: string, key: string | null = s.firstKey, method = 'GET') {
  const response = await fetch(`${s.url}${path}`, {
    method,
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

describe('the real server on a loopback port, over the demo data', () => {
  it('creates a first key on a new database and loads the demo', async () => {
    expect(s.firstKey).toMatch(/^hc_[A-Za-z0-9_-]{32}$/);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves every 200 the README shows', async () => {
    const demo = JSON.parse(readFileSync(demoDataFile, 'utf8')) as {
      guilds: { players: unknown[]; jobs: unknown[] }[];
    };
    const players = await call(`/v1/players/${RICH}`);
    expect(players.status).toBe(200);
    expect(players.body?.count).toBe(demo.guilds[0]?.players.length);
    const member = await call(`/v1/players/${RICH}/200000000000000001`);
    expect(member.body?.count).toBe(3);
    expect((await call(`/v1/points/${RICH}`)).body).toEqual({
      gryffindor: 1240,
      slytherin: 1185,
      ravenclaw: 960,
      hufflepuff: 1012,
      status: 200,
    });
    expect((await call(`/v1/jobs/${RICH}`)).body?.count).toBe(6);
    expect((await call(`/v1/premium/${RICH}`)).text).toBe(
      `{"guildId":"${RICH}","premium":true,"status":200}`,
    );
    for (const area of ['players', 'points', 'jobs', 'premium'])
      expect((await call(`/v1/${area}`)).status).toBe(200);
  });

  it('serves every 404 of the spec from the sparse guild', async () => {
    expect((await call(`/v1/players/${SPARSE}`)).text).toBe(
      '{"error":"No player found on this server","status":404}',
    );
    expect((await call(`/v1/points/${SPARSE}`)).text).toBe(
      '{"error":"No house points found on this serve","status":404}',
    );
    expect((await call(`/v1/jobs/${SPARSE}`)).text).toBe(
      '{"error":"No job found on this server","status":404}',
    );
    expect((await call(`/v1/premium/${SPARSE}`)).text).toBe(
      `{"guildId":"${SPARSE}","premium":false,"status":404}`,
    );
  });

  it('refuses ids that only a raw socket can send', async () => {
    for (const id of ['%2e%2e', '..', '%zz', '%', 'a%2Fb', '%C0%AF']) {
      const { text } = await rawRequest(s.url, `/v1/points/${id}`, { authorization: s.firstKey });
      expect(text, id).toBe('{"error":"Invalid guild id","status":400}');
    }
    expect(
      (await rawRequest(s.url, `/v1/players/${RICH}/%zz`, { authorization: s.firstKey })).text,
    ).toBe('{"error":"Invalid user id","status":400}');
    const long = await call(`/v1/players/${'9'.repeat(5000)}`);
    expect(long.status).toBe(400);
    expect(long.body?.error).toBe('Invalid guild id');
  });

  it('refuses a query that cannot be decoded where the route reads one, and ignores it where not', async () => {
    for (const query of ['by=%zzSnape', 'x=%zz', 'limit=%zz', 'reason=%C3%28', 'x=%']) {
      const { text } = await rawRequest(s.url, `/v1/points/${RICH}/log?${query}`, {
        authorization: s.firstKey,
      });
      expect(text, query).toBe('{"error":"Bad request","status":400}');
    }
    // Escapes that decode are read as usual; a route that takes no query reads none.
    expect(
      (await rawRequest(s.url, `/v1/jobs/${RICH}?limit=%31`, { authorization: s.firstKey })).status,
    ).toBe(200);
    expect(
      (await rawRequest(s.url, `/v1/points/${RICH}?x=%zz`, { authorization: s.firstKey })).status,
    ).toBe(200);
  });

  it('shows rate-limit headers on authenticated answers, HEAD and 405 over the wire', async () => {
    const ok = await call(`/v1/points/${RICH}`);
    expect(ok.headers.get('x-ratelimit-limit')).toBe('600');
    const head = await call(`/v1/points/${RICH}`, s.firstKey, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const post = await call(`/v1/points/${RICH}`, s.firstKey, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await call(`/v1/points/${RICH}`, null)).status).toBe(401);
  });

  it('checks every request of a keep-alive connection: other keys, revocations, tampering', async () => {
    // One socket for every request: the server remembers the key last proven on a connection.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ports = new Set<number>();
    const over = (key: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          `${s.url}/v1/points/${RICH}`,
          { agent, headers: { authorization: key } },
          (res) => {
            ports.add(res.socket.localPort ?? 0);
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end();
      });
    try {
      const keys = s.store.keyStore;
      const other = await keys.create({ name: 'other' });
      expect(await over(s.firstKey)).toBe(200);
      expect(await over(s.firstKey)).toBe(200);
      expect(await over(other.key)).toBe(200);
      // Same length, one character changed: hashed and refused, not taken for the proven key.
      const last = other.key.at(-1) === 'A' ? 'B' : 'A';
      expect(await over(`${other.key.slice(0, -1)}${last}`)).toBe(401);
      expect(await over(other.key)).toBe(200);
      await keys.revoke(other.id);
      expect(await over(other.key)).toBe(401);
      expect(await over(s.firstKey)).toBe(200);
      expect(ports.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});
