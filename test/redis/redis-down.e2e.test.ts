import { createClient } from '@redis/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type Child, startMain } from '../support/child.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { openEventStream } from '../support/event-stream.js';
import { eventually, until } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { needOutside } from '../support/outside.js';
import { freePort, type PrivateRedis, startRedisServer } from '../support/redis-server.js';
import { get, type LogLine, testPrefix } from './support.js';

/*
 * Redis going away under two real nodes (child processes, as `npm start` runs them), on a private
 * redis-server this test starts, kills, and stops (SIGSTOP: a Redis that no longer answers).
 */

const binary = needOutside('redis-server', import.meta.filename) ?? '';
const DOWN = /^Redis unreachable/;
const BACK = /^Redis is back/;

interface RunningNode {
  child: Child;
  url: string;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function privateRedis(port?: number, extra: string[] = []): Promise<PrivateRedis> {
  const redis = await startRedisServer(binary, port, extra);
  cleanups.push(() => {
    redis.process.kill('SIGCONT');
    return redis.kill();
  });
  return redis;
}

async function database(): Promise<TestDatabase> {
  const db = await openTestDatabase(fixture);
  cleanups.push(() => db.cleanup());
  return db;
}

async function node(
  db: TestDatabase,
  redisUrl: string,
  prefix: string,
  extra: Record<string, string> = {},
): Promise<RunningNode> {
  const started = await startMain({
    DATABASE_PATH: db.path,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    RATE_LIMIT_PER_MINUTE: '600',
    ...extra,
  });
  cleanups.push(async () => {
    started.child.process.kill('SIGTERM');
    await started.child.exited;
  });
  // Ready once the database passed its check (start.ts runs it after listen).
  await until(
    async () => (await get(`${started.url}/readyz`, null)).status === 200,
    `${started.url} to be ready`,
  );
  return started;
}

function logs(node: RunningNode): LogLine[] {
  return node.child
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

const count = (node: RunningNode, pattern: RegExp) =>
  logs(node).filter((line) => pattern.test(line.msg ?? '')).length;

/**
 * Waits until the node has logged `pattern` `times` times: its line reaches the node's output,
 * and this process, a moment after /readyz says what it tells (a test read it too soon once).
 */
async function untilLogged(node: RunningNode, pattern: RegExp, times: number): Promise<void> {
  await until(() => count(node, pattern) >= times, `${node.url} to log ${pattern} ${times} times`);
}

/** Polls /readyz until it names Redis as `state`; every answer on the way must be a 200. */
async function untilRedis(node: RunningNode, state: 'ok' | 'down'): Promise<void> {
  await until(async () => {
    const ready = await get(`${node.url}/readyz`, null);
    expect(ready.status).toBe(200);
    return (JSON.parse(ready.body) as { redis: string }).redis === state;
  }, `${node.url}/readyz to say redis ${state}`);
}

/** Statuses of `n` GETs of the points of RICH, alternating over `nodes`. */
async function spend(nodes: RunningNode[], key: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const node = nodes[i % nodes.length] as RunningNode;
    statuses.push((await get(`${node.url}/v1/points/${RICH}`, key)).status);
  }
  return statuses;
}

const ok = (n: number) => Array.from({ length: n }, () => 200);

describe.skipIf(!binary)('Redis stopped mid-run', () => {
  it('nodes keep answering on budgets of their own, log it once each way, and share again once it is back', async () => {
    let redis = await privateRedis();
    const db = await database();
    const keys = db.store.keyStore;
    const prefix = testPrefix();
    const a = await node(db, redis.url, prefix);
    const b = await node(db, redis.url, prefix);
    await untilRedis(a, 'ok');
    await untilRedis(b, 'ok');

    // Shared: 4 a minute in total.
    const first = (await keys.create({ name: 'first', rateLimit: 4 })).key;
    expect(await spend([a, b], first, 6)).toEqual([...ok(4), 429, 429]);

    // Killed: every request is still answered, each node with a budget of its own.
    await redis.kill();
    const second = (await keys.create({ name: 'second', rateLimit: 4 })).key;
    expect(await spend([a], second, 5)).toEqual([...ok(4), 429]);
    expect(await spend([b], second, 5)).toEqual([...ok(4), 429]);
    await untilRedis(a, 'down');
    await untilRedis(b, 'down');
    // Many requests, many failures: one line per node all the same.
    for (let i = 0; i < 20; i++) {
      expect((await get(`${a.url}/nothing/${i}`, null)).status).toBe(404);
      expect((await get(`${b.url}/v1/points/${RICH}`, 'garbage')).status).toBe(401);
    }
    for (const n of [a, b]) {
      expect(count(n, DOWN)).toBe(1);
      expect(count(n, BACK)).toBe(0);
    }

    // Back (a new, empty Redis on the same port): shared again.
    redis = await privateRedis(redis.port);
    await untilRedis(a, 'ok');
    await untilRedis(b, 'ok');
    const third = (await keys.create({ name: 'third', rateLimit: 4 })).key;
    expect(await spend([a, b], third, 6)).toEqual([...ok(4), 429, 429]);
    for (const n of [a, b]) {
      await untilLogged(n, BACK, 1);
      expect(count(n, DOWN)).toBe(1);
      expect(count(n, BACK)).toBe(1);
    }

    // Redis forgets its scripts (this private server only): the nodes send the script again,
    // still sharing, without counting it as Redis going away.
    const admin = createClient({ url: redis.url });
    await admin.connect();
    await admin.scriptFlush();
    admin.destroy();
    const flushed = (await keys.create({ name: 'flushed', rateLimit: 4 })).key;
    expect(await spend([a, b], flushed, 6)).toEqual([...ok(4), 429, 429]);
    for (const n of [a, b]) expect(count(n, DOWN)).toBe(1);

    // Stopped (alive, connected, silent): requests are answered without it, then it is back.
    redis.process.kill('SIGSTOP');
    const fourth = (await keys.create({ name: 'fourth', rateLimit: 4 })).key;
    expect(await spend([a], fourth, 5)).toEqual([...ok(4), 429]);
    expect(await spend([b], fourth, 5)).toEqual([...ok(4), 429]);
    await untilRedis(a, 'down');
    await untilRedis(b, 'down');
    redis.process.kill('SIGCONT');
    await untilRedis(a, 'ok');
    await untilRedis(b, 'ok');
    for (const n of [a, b]) {
      await untilLogged(n, BACK, 2);
      expect(count(n, DOWN)).toBe(2);
      expect(count(n, BACK)).toBe(2);
      // Nothing else went wrong, and nothing reached stderr (no unhandled error, no warning).
      // (The one warning besides: no key existed when the node started; keys come later here.)
      const warnings = logs(n).filter(
        (line) => line.level >= 40 && !(line.msg ?? '').startsWith('no API key works yet'),
      );
      expect(warnings).toHaveLength(2);
      expect(n.child.stderr()).toBe('');
    }
  });

  it('rebuilds the event stream counts in a restarted Redis, streams opened without it included', async () => {
    let redis = await privateRedis();
    const db = await database();
    const prefix = testPrefix();
    const capped = { EVENT_STREAMS_PER_KEY: '2' };
    const a = await node(db, redis.url, prefix, capped);
    const b = await node(db, redis.url, prefix, capped);
    await untilRedis(a, 'ok');
    await untilRedis(b, 'ok');
    const made = await db.store.keyStore.create({ name: 'streams', rateLimit: 0 });
    const open = async (n: RunningNode) => {
      const stream = await openEventStream(`${n.url}/v1/events/${RICH}`, {
        authorization: made.key,
      });
      cleanups.push(() => stream.close());
      return stream.status;
    };

    expect(await open(a)).toBe(200);
    await redis.kill();
    await untilRedis(a, 'down');
    await untilRedis(b, 'down');
    // Admitted by b alone (its own count is below the cap) while Redis is away.
    expect(await open(b)).toBe(200);
    // Streams that come and go while Redis is away: nothing of them is kept to undo there.
    for (let i = 0; i < 20; i++) {
      const passing = await eventually(
        () => openEventStream(`${b.url}/v1/events/${RICH}`, { authorization: made.key }),
        (stream) => stream.status === 200,
      );
      passing.close();
    }

    // A new, empty Redis on the same port: both nodes write their streams back as it answers.
    redis = await privateRedis(redis.port);
    await untilRedis(a, 'ok');
    await untilRedis(b, 'ok');
    const admin = createClient({ url: redis.url });
    await admin.connect();
    const held = await eventually(
      () => admin.zCard(`${prefix}streams:${made.id}`),
      (n) => n === 2,
    );
    // b wrote its open stream back, and had nothing to remove: none of the twenty was there.
    const calls = await admin.info('commandstats');
    admin.destroy();
    expect(held).toBe(2);
    expect(calls).toContain('cmdstat_eval');
    expect(calls).not.toContain('cmdstat_zrem');
    // The cap counts both: a third stream is refused on either node.
    expect(await open(a)).toBe(429);
    expect(await open(b)).toBe(429);
  });

  it('a node starts while Redis is unreachable, serves, and shares budgets once Redis answers', async () => {
    const port = await freePort();
    const db = await database();
    const keys = db.store.keyStore;
    const a = await node(db, `redis://127.0.0.1:${port}`, testPrefix());
    await untilRedis(a, 'down');
    const key = (await keys.create({ name: 'early', rateLimit: 3 })).key;
    expect(await spend([a], key, 4)).toEqual([...ok(3), 429]);

    await privateRedis(port);
    await untilRedis(a, 'ok');
    // Redis counts from zero: the node's own window no longer decides.
    expect(await spend([a], key, 4)).toEqual([...ok(3), 429]);
    expect(count(a, DOWN)).toBe(1);
    expect(count(a, BACK)).toBe(1);
    expect(a.child.stderr()).toBe('');
  });

  it('a Redis password never reaches a log line, right or wrong', async () => {
    const password = 'redis-secret-5f0c2e9a';
    const redis = await privateRedis(undefined, ['--requirepass', password]);
    const db = await database();
    const wrong = await node(db, `redis://:${password}x@127.0.0.1:${redis.port}`, testPrefix());
    await untilRedis(wrong, 'down');
    const right = await node(db, `redis://:${password}@127.0.0.1:${redis.port}`, testPrefix());
    await untilRedis(right, 'ok');
    expect(count(wrong, DOWN)).toBe(1);
    for (const n of [wrong, right]) {
      expect(n.child.stdout()).not.toContain(password);
      expect(n.child.stderr()).toBe('');
    }
  });
});
