import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, startMain } from '../support/child.js';
import { runCli } from '../support/cli.js';
import { openEventStream, type TestEventStream } from '../support/event-stream.js';
import { until } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { needOutside } from '../support/outside.js';
import { patiently } from '../support/patience.js';
import { type PrivatePostgres, startPostgresServer } from '../support/postgres-server.js';
import { type PrivateRedis, startRedisServer } from '../support/redis-server.js';
import { get, type LogLine, testPrefix } from './support.js';

/*
 * Two real nodes (processes) on one PostgreSQL and one Redis, both private to this suite so it can
 * stop and start them: what docs/several-machines.md promises for any number of stateless nodes.
 * Every wait below ends when what it waits for happens (the patience ceiling turns a hang into a
 * failure), never an assertion of speed; what was measured is printed at the end as a table.
 */

const postgresBin = needOutside('postgresql-server', import.meta.filename);
const redisBin = needOutside('redis-server', import.meta.filename);

interface Node {
  child: Child;
  url: string;
}

let postgres: PrivatePostgres;
let redis: PrivateRedis;
let databaseUrl: string;
let nodes: Node[] = [];
let adminKey = '';
const prefix = testPrefix();
const results: [fault: string, outcome: string][] = [];

const cli = (...args: string[]) => runCli(args, { DATABASE_URL: databaseUrl });
const points = (node: Node, key: string) => get(`${node.url}/v1/points/${RICH}`, key);
const stream = (node: Node, key: string) =>
  openEventStream(`${node.url}/v1/events/${RICH}`, { authorization: key });
/** Resolves once every stream has ended, with the ms it took (for the table). */
async function ended(streams: TestEventStream[]): Promise<number> {
  const started = performance.now();
  await patiently(Promise.all(streams.map((each) => each.ended)), 'the streams to end');
  return Math.round(performance.now() - started);
}
const ready = async (node: Node) => {
  const answer = await get(`${node.url}/readyz`, null);
  return { status: answer.status, body: JSON.parse(answer.body) as Record<string, string> };
};

/** Polls every node until `holds`; the ms it took (for the table). */
async function untilEvery(holds: (node: Node) => Promise<boolean>, what: string): Promise<number> {
  const started = performance.now();
  await until(async () => (await Promise.all(nodes.map(holds))).every(Boolean), what);
  return Math.round(performance.now() - started);
}

function logs(node: Node): LogLine[] {
  return node.child
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

async function startNode(): Promise<Node> {
  const node = await startMain({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: prefix,
    DEMO_DATA: 'false',
    AUTO_FIRST_KEY: 'false',
    RATE_LIMIT_PER_MINUTE: '600',
    EVENT_STREAMS_PER_KEY: '2',
  });
  await until(async () => (await ready(node)).status === 200, `${node.url} to be ready`);
  return node;
}

describe.skipIf(!postgresBin || !redisBin)('two nodes on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    postgres = await startPostgresServer(postgresBin ?? '');
    redis = await startRedisServer(redisBin ?? '');
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE housecup');
    await admin.end();
    databaseUrl = postgres.url.replace(/\/postgres$/, '/housecup');
    // The first node creates the tables; the CLI loads the data and makes an unlimited key.
    nodes = [await startNode()];
    const file = join(process.env.TMPDIR ?? '/tmp', `cluster-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(fixture));
    expect(cli('import', file).status).toBe(0);
    adminKey = cli('keys', 'create', '--name', 'admin', '--rate-limit', '0').stdout.trim();
    nodes.push(await startNode());
    await untilEvery(async (node) => (await points(node, adminKey)).status === 200, 'admin key');
  });

  afterAll(async () => {
    for (const node of nodes) {
      node.child.process.kill('SIGTERM');
      await node.child.exited;
    }
    await redis?.kill();
    await postgres?.stop();
    const width = Math.max(...results.map(([fault]) => fault.length));
    console.log(
      `cluster test (2 nodes, one PostgreSQL, one Redis):\n${results
        .map(([fault, outcome]) => `  ${fault.padEnd(width)}  ${outcome}`)
        .join('\n')}`,
    );
  });

  it('a key limited to N a minute gets N in total across both nodes', async () => {
    const key = cli('keys', 'create', '--name', 'four', '--rate-limit', '4').stdout.trim();
    // Each node learns of the key (the polls spend its budget too).
    const statuses: number[] = [];
    await untilEvery(async (node) => {
      const { status } = await points(node, key);
      statuses.push(status);
      return status !== 401;
    }, 'the new key');
    for (let i = 0; i < 8; i++) {
      statuses.push((await points(nodes[i % 2] as Node, key)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status !== 200 && status !== 401 && status !== 429)).toEqual(
      [],
    );
    results.push(['key limited to 4/min, 10+ requests on 2 nodes', '4 × 200 in total, then 429']);
  });

  it('a key revoked through the CLI is refused by both nodes', async () => {
    const key = cli('keys', 'create', '--name', 'to revoke', '--rate-limit', '0').stdout.trim();
    await untilEvery(async (node) => (await points(node, key)).status === 200, 'the new key');
    const id = JSON.parse(cli('keys', 'list', '--json').stdout).find(
      (record: { name: string }) => record.name === 'to revoke',
    ).id;
    expect(cli('keys', 'revoke', String(id)).status).toBe(0);
    const ms = await untilEvery(
      async (node) => (await points(node, key)).status === 401,
      'revoked',
    );
    results.push(['key revoked (CLI)', `refused by both nodes after ${ms} ms`]);
  });

  it('an import through the CLI, and a plain UPDATE through psql, are served by both', async () => {
    const before = await points(nodes[0] as Node, adminKey);
    const file = join(process.env.TMPDIR ?? '/tmp', `cluster-${process.pid}-2.json`);
    const guild = {
      id: RICH,
      points: { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 },
    };
    writeFileSync(file, JSON.stringify({ guilds: [guild] }));
    expect(cli('import', file).status).toBe(0);
    const imported = await untilEvery(async (node) => {
      const answer = await points(node, adminKey);
      return (
        answer.body.startsWith('{"gryffindor":1,') &&
        answer.headers.get('etag') !== before.headers.get('etag')
      );
    }, 'the import');
    results.push([
      'import through the CLI',
      `new body and ETag on both nodes after ${imported} ms`,
    ]);

    execFileSync('psql', [
      databaseUrl,
      '-qc',
      `UPDATE house_points SET gryffindor = 777 WHERE guild_id = '${RICH}'`,
    ]);
    const updated = await untilEvery(
      async (node) => (await points(node, adminKey)).body.startsWith('{"gryffindor":777,'),
      'the UPDATE',
    );
    results.push([
      'UPDATE house_points through psql',
      `new body on both nodes after ${updated} ms`,
    ]);
  });

  it('event streams: a commit made elsewhere reaches streams on both nodes; 2 streams per key in all; revocation ends them', async () => {
    const key = cli('keys', 'create', '--name', 'streams', '--rate-limit', '0').stdout.trim();
    await untilEvery(async (node) => (await points(node, key)).status === 200, 'the new key');
    const [first, second] = nodes as [Node, Node];
    const a = await stream(first, key);
    const b = await stream(second, key);
    expect([a.status, b.status]).toEqual([200, 200]);
    await Promise.all([a.waitForEvents(4), b.waitForEvents(4)]);
    // The limit counts the streams of both nodes (in Redis): a third, on either, is refused.
    for (const node of nodes) {
      const third = await stream(node, key);
      expect([third.status, JSON.parse(third.body)]).toEqual([
        429,
        { error: 'Too many requests', status: 429 },
      ]);
    }
    results.push(['EVENT_STREAMS_PER_KEY=2, one stream on each node', 'a third on either: 429']);

    const started = performance.now();
    execFileSync('psql', [
      databaseUrl,
      '-qc',
      `UPDATE house_points SET ravenclaw = 4321 WHERE guild_id = '${RICH}'`,
    ]);
    const [onFirst, onSecond] = await Promise.all([a.waitForEvents(5), b.waitForEvents(5)]);
    const ms = Math.round(performance.now() - started);
    for (const events of [onFirst, onSecond]) {
      expect(events[4]?.event).toBe('points');
      expect(JSON.parse(events[4]?.data ?? '{}').ravenclaw).toBe(4321);
    }
    results.push([
      'UPDATE through psql, a stream on each node',
      `points event on both after ${ms} ms`,
    ]);

    const id = JSON.parse(cli('keys', 'list', '--json').stdout).find(
      (record: { name: string }) => record.name === 'streams',
    ).id;
    expect(cli('keys', 'revoke', String(id)).status).toBe(0);
    const endedMs = await ended([a, b]);
    results.push([
      'key revoked (CLI) with a stream on each node',
      `both ended after ${endedMs} ms`,
    ]);
  });

  it('Redis stopped: both keep answering, /readyz says redis down, budgets shared again once back', async () => {
    const port = redis.port;
    await redis.kill();
    await untilEvery(async (node) => (await ready(node)).body.redis === 'down', 'redis down');
    for (const node of nodes) {
      expect((await points(node, adminKey)).status).toBe(200);
      expect((await ready(node)).status).toBe(200);
    }
    redis = await startRedisServer(redisBin ?? '', port);
    await untilEvery(async (node) => (await ready(node)).body.redis === 'ok', 'redis back');
    const key = cli('keys', 'create', '--name', 'three', '--rate-limit', '3').stdout.trim();
    const statuses: number[] = [];
    await untilEvery(async (node) => {
      const { status } = await points(node, key);
      statuses.push(status);
      return status !== 401;
    }, 'the new key');
    for (let i = 0; i < 6; i++) statuses.push((await points(nodes[i % 2] as Node, key)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    for (const node of nodes) {
      expect(logs(node).filter((line) => /^Redis unreachable/.test(line.msg ?? ''))).toHaveLength(
        1,
      );
    }
    results.push([
      'Redis killed, then restarted',
      'both answered (200), /readyz 200 "redis":"down"; after restart a 3/min key got 3 in total',
    ]);
  });

  it('PostgreSQL stopped: /readyz 503 with a clear log line, no crash, recovery once it is back', async () => {
    postgres.halt();
    await untilEvery(async (node) => (await ready(node)).status === 503, 'not ready');
    for (const node of nodes) {
      const answer = await points(node, adminKey);
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Internal server error', status: 500 });
      expect((await get(`${node.url}/healthz`, null)).status).toBe(200);
      expect(logs(node).some((line) => /^PostgreSQL unreachable/.test(line.msg ?? ''))).toBe(true);
    }
    postgres.resume();
    const back = await untilEvery(
      async (node) => (await ready(node)).status === 200,
      'ready again',
    );
    await untilEvery(async (node) => (await points(node, adminKey)).status === 200, 'serving');
    for (const node of nodes) expect(node.child.process.exitCode).toBeNull();
    results.push([
      'PostgreSQL stopped, then started',
      `/readyz 503 and 500s meanwhile, "PostgreSQL unreachable" logged, ready again ${back} ms after restart`,
    ]);
  });

  it('SIGTERM with open streams: they end cleanly and the node exits 0 (before its shutdown deadline)', async () => {
    const node = nodes[1] as Node;
    const open = [await stream(node, adminKey), await stream(node, adminKey)];
    await Promise.all(open.map((each) => each.waitForEvents(4)));
    const started = performance.now();
    node.child.process.kill('SIGTERM');
    // Past its deadline the process would exit 1, saying so.
    expect(await node.child.exited).toBe(0);
    const ms = Math.round(performance.now() - started);
    for (const each of open) {
      await each.ended;
      expect(each.endedCleanly()).toBe(true);
    }
    results.push(['SIGTERM with 2 open streams', `ended cleanly, exit 0 after ${ms} ms`]);
  });
});
